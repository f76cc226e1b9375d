/**
 * Issuing the containers of a paid sale (spec 1 create, after payment: "Use together with the
 * credit-payment API"). spec 1 gives create no idempotency key and no way to look a transaction
 * up but by its code, so:
 * - a failure that proves the platform did not act (503, a refused connection — retried by the
 *   client) leaves the sale to be issued on a later pass: no harm in waiting;
 * - a refusal (4xx) cannot be mended by repeating: staff settle it;
 * - an unknown outcome (time-out, lost answer, a crash while sending) may have issued a code the
 *   guest never got: it is flagged for staff as a possible extra code (its containers expire
 *   unreturned) and one more create is sent, so the paying guest leaves with a code — at most
 *   MAX_UNKNOWN_CREATES such attempts, so a platform that keeps losing answers does not make code
 *   after code.
 *
 * A create is journaled in the transaction that makes the sale paid (`begin`), and its success
 * settled in the one that completes the sale with the code (`settle`): the checkout commits each
 * step once (checkout.ts, What a card sale writes).
 */
import type { IssuedDeposit } from '#lib/shared/sale-view.ts';
import type { Journal, JournalEntry } from '../journal/journal.ts';
import { JournalOperation } from '../journal/journal-operation.ts';
import type { PlatformFor } from '../platform/client.ts';
import type { DepositTransaction } from '../platform/deposits.ts';
import { isRefusal, PlatformClientError } from '../platform/errors.ts';
import type { StoreDb } from '../store/store.ts';
import type { Sale } from './sale.ts';

const MAX_UNKNOWN_CREATES = 2;

/** The journal's mark on a create whose answer was lost: it may have issued an unused code. */
export const POSSIBLY_ISSUED = 'deposit-possibly-issued';

/** The next create of a sale's containers, journaled; or why none may be sent. */
export type CreateStart =
	{ kind: 'begun'; entry: number } | { kind: 'refused'; errorCode: 'answers-lost' };

export type IssueResult =
	| { kind: 'issued'; deposit: IssuedDeposit; entry: number }
	| { kind: 'refused'; errorCode: string }
	| { kind: 'open' };

export class DepositIssuing {
	readonly #journal: Journal;
	readonly #platformFor: PlatformFor;

	constructor(journal: Journal, platformFor: PlatformFor) {
		this.#journal = journal;
		this.#platformFor = platformFor;
	}

	/**
	 * Journals the next create of the sale's containers, in `db` when given (the transaction that
	 * makes the sale paid). An earlier create still open was interrupted: it is flagged as
	 * possibly issued first.
	 */
	async begin(sale: Sale, db?: StoreDb): Promise<CreateStart> {
		const earlier = await this.#journal.list(
			{ reference: sale.id, operation: JournalOperation.depositCreate },
			db
		);
		for (const entry of earlier.filter(isUnsettled)) await this.#flagPossiblyIssued(entry, db);
		const unknown = earlier.filter((entry) => isUnsettled(entry) || isPossiblyIssued(entry)).length;
		if (unknown >= MAX_UNKNOWN_CREATES) return { kind: 'refused', errorCode: 'answers-lost' };
		const entry = await this.#journal.begin(
			{
				deviceId: sale.deviceId,
				operation: JournalOperation.depositCreate,
				reference: sale.id,
				request: { items: sale.quote.depositItems, attempt: earlier.length + 1 }
			},
			db
		);
		return { kind: 'begun', entry };
	}

	/**
	 * Sends the create `begun` (or begins one), and another after an answer lost (see above). An
	 * issued create's entry stays open for `settle`.
	 */
	async issue(sale: Sale, begun?: CreateStart): Promise<IssueResult> {
		for (let start = begun ?? (await this.begin(sale)); ; start = await this.begin(sale)) {
			if (start.kind === 'refused') return start;
			try {
				const issued = await this.#journal.send(start.entry, async () =>
					(await this.#platformFor(sale.deviceId)).deposits.createTransaction(
						sale.quote.depositItems
					)
				);
				return { kind: 'issued', deposit: depositOf(issued, sale), entry: start.entry };
			} catch (error) {
				if (!(error instanceof PlatformClientError)) throw error;
				if (isRefusal(error)) return { kind: 'refused', errorCode: error.errorCode };
				if (error.kind === 'invalid-request') return { kind: 'refused', errorCode: error.kind };
				if (error.outcome === 'known') return { kind: 'open' };
			}
		}
	}

	/** Settles an issued create in `db`, the transaction that completes the sale with its code. */
	async settle(issued: { deposit: IssuedDeposit; entry: number }, db: StoreDb): Promise<void> {
		const result = { sequenceNumber: issued.deposit.sequenceNumber };
		await this.#journal.settle(issued.entry, 'succeeded', { result }, db);
	}

	async #flagPossiblyIssued(entry: JournalEntry, db?: StoreDb): Promise<void> {
		const cause = entry.status === 'pending' ? 'interrupted' : entry.errorCode;
		await this.#journal.settle(
			entry.id,
			'needs-staff',
			{ errorCode: POSSIBLY_ISSUED, result: { cause } },
			db
		);
	}
}

const isUnsettled = (entry: JournalEntry) =>
	entry.status === 'pending' || entry.status === 'uncertain';
const isPossiblyIssued = (entry: JournalEntry) => entry.errorCode === POSSIBLY_ISSUED;

function depositOf(issued: DepositTransaction, sale: Sale): IssuedDeposit {
	return {
		code: issued.code,
		sequenceNumber: issued.sequenceNumber,
		categories: issued.categorySummaries.map((summary) => ({
			categoryId: summary.hybridRevoTokenCategory.id,
			name:
				sale.quote.depositLines.find(
					(line) => line.categoryId === summary.hybridRevoTokenCategory.id
				)?.name ??
				summary.hybridRevoTokenCategory.revoTokenCategory?.name ??
				summary.hybridRevoTokenCategory.id,
			count: summary.activeItemCount,
			expiresAt: summary.expiresAt
		}))
	};
}
