/**
 * The checkout saga of one guest sale (docs/manual.md, When something fails during a sale; spec 3
 * "Decision", spec 1 "Use together with the credit-payment API"):
 *
 *   quoted → [scan → credits-previewed] → card-pending → card-paid → paid → completed
 *
 * Every state is saved before the step it announces runs, and every money call is journaled
 * before it is sent, so the saga can be taken up from any state its server died in: `advance`
 * is the one way forward from `card-pending` on, for the live payment and for the recovery pass
 * (sale-recovery.ts) alike.
 *
 * Invariants: no `paid` without an approved card payment (or nothing due on it) *and* finalized
 * credits (or none); an order number only once paid; containers only for a paid sale; a card is
 * asked once per claim — the claim (`card-pending` with its payment reference and the server
 * driving it) is written compare-and-set before the terminal is asked, so of two pay calls — on
 * one server or on two sharing the database — one claims and the other finds the sale being
 * paid; a sale already claimed is looked up, never asked again, and only by the server holding
 * the claim or once that claim has run out (the claim lives in the store, not in the
 * memory of one server); credits finalize only after the card; a sale that cannot be paid after
 * all gives back what was taken (credits cancelled, card refunded) or is handed to staff with
 * what to do.
 *
 * What a card sale writes: four durable commits (each on disk before the sale goes on), each
 * step's writes in one transaction, for they protect one thing together:
 *   1. the claim (`card-pending`, its payment reference, the server driving it) with the journal's
 *      card payment, pending: before the terminal is asked, so a card is never asked twice, by
 *      this server or another, and a crash while it is asked is settled from the terminal;
 *   2. the terminal's own record of the outcome (terminal/): an outcome lost in a crash is read
 *      back from it;
 *   3. the card's journal entry settled, the sale `paid` with its order number, and the journal's
 *      deposit create, pending: the card is never asked again, a number only for a paid sale,
 *      and a crash in the create is settled by reading the platform, never by creating again
 *      (with credits to finalize, the card's settling and `card-paid` commit before the finalize
 *      call, and `paid` after it, journaled by SaleCredits);
 *   4. the create settled with the sale `completed` and its deposit code: the code shown is the
 *      one stored.
 * The sale itself, quoted, is written lazily (SaleRepository `create`): nothing is paid yet, and
 * the claim's commit puts it on disk. A sale without containers is `completed` in step 3.
 *
 * A kiosk that takes no cards (`takesCards`: no card terminal outside demo) sells only what
 * loyalty credits pay in full: its credits are previewed as CREDIT, all or nothing, and a sale
 * with anything left to pay by card is refused before it is claimed — nothing is charged, no
 * goods are issued.
 *
 * A basket with age-restricted goods (#lib/shared/age-limits.ts) is sold only when the guest
 * confirmed at least the age it needs, and never by a kiosk left unattended: both refused in
 * `start`, before any sale exists, so nothing is charged — the screen's question alone is never
 * trusted. Staff check the ID at handover (orders/id-checks.ts).
 */
import { randomUUID } from 'node:crypto';
import { ageConfirmed, NO_AGE } from '#lib/shared/age-limits.ts';
import type { CreditPaymentType } from '#lib/shared/credit-payment-type.ts';
import type { SaleProblem } from '#lib/shared/sale-view.ts';
import { normalizeTransactionKey } from '#lib/shared/transaction-key.ts';
import type { Additive } from '../catalog/additives.ts';
import type { Product } from '../catalog/product.ts';
import type { Journal } from '../journal/journal.ts';
import { JournalOperation } from '../journal/journal-operation.ts';
import type { PlatformFor } from '../platform/client.ts';
import type { DepositConfiguration } from '../platform/deposits.ts';
import type { StoreDb } from '../store/store.ts';
import type { PaymentTerminal } from '../terminal/payment-terminal.ts';
import { CardPayments, type CardOutcome } from './card-payments.ts';
import { CheckoutError, failureOf } from './checkout-error.ts';
import { DepositIssuing, type CreateStart } from './deposit-issuing.ts';
import { basketSchema, quoteSale } from './quote.ts';
import { isInPayment, isOpen } from '#lib/shared/sale-states.ts';
import type { Sale, SaleClaim } from './sale.ts';
import { SaleCredits, keyFingerprint } from './sale-credits.ts';
import { SaleLocks } from './sale-locks.ts';
import { SaleConflictError, type SaleRepository } from './sale-repository.ts';

export { CheckoutError } from './checkout-error.ts';

export interface CheckoutSettings {
	/** SPLIT_PAYMENT when a card terminal takes the rest; CREDIT falls back to EXTERNAL_PAYMENT. */
	creditPaymentType: CreditPaymentType;
	/** Service fee per sale (0: none); added with update, so it gets no discount (spec 3). */
	serviceFeeMinor: number;
	serviceFeeVatBp: number;
	/** VAT on deposits (a venue setting, default 0). */
	depositVatBp: number;
}

export interface CheckoutDependencies {
	sales: SaleRepository;
	journal: Journal;
	platformFor: PlatformFor;
	terminal: PaymentTerminal;
	/** Whether the kiosk can take a card now (terminal/kiosk-terminals.ts `cardTerminalOf`). */
	takesCards(deviceId: string): Promise<boolean>;
	/** The device's cached deposit configuration when it answered 200, else null. */
	depositConfiguration(deviceId: string): Promise<DepositConfiguration | null>;
	/** Whether the platform's deposits can be used now (platform/platform-health.ts). */
	depositsUsable(): boolean;
	/** Whether staff put the kiosk out of order (fleet/fleet.ts): it starts no sale. */
	outOfOrder(deviceId: string): Promise<boolean>;
	/** The kiosk is set to run unattended: it sells nothing age-restricted. */
	unattended(deviceId: string): Promise<boolean>;
	/** The whole menu, sold-out products included: a basket holding one is refused by name. */
	products(): Promise<Product[]>;
	/** The venue's additive list (catalog/additives.ts): a line's additives named on its receipt. */
	additives(): Promise<readonly Additive[]>;
	settings(): Promise<CheckoutSettings>;
	/** Runs `work` in one transaction of the store: one commit for the writes of one step. */
	inTransaction<T>(work: (db: StoreDb) => Promise<T>): Promise<T>;
	now?: () => Date;
	/**
	 * This server among the kiosk servers on one database: the owner of its claims. Stable across
	 * its restarts, so a restarted server takes up its own payments at once; another server waits
	 * until the claim runs out. A new id per instance unless told.
	 */
	serverId?: string;
	/**
	 * How long a claim holds off the other servers: longer than the card step can take (the
	 * simulated terminal gives up after 2 minutes), so no payment under way is taken up elsewhere.
	 */
	claimMs?: number;
}

const DEFAULT_CLAIM_MS = 3 * 60_000;

/** Who drives the sale: the guest's request (failures go back to the screen) or the recovery pass. */
type Driver = 'guest' | 'recovery';

export class Checkout {
	readonly #deps: CheckoutDependencies;
	readonly #sales: SaleRepository;
	readonly #credits: SaleCredits;
	readonly #cards: CardPayments;
	readonly #deposits: DepositIssuing;
	/** Steps of one sale run one after the other here; across servers the claim decides. */
	readonly #locks = new SaleLocks();
	/** Payments under way here: a second `pay` of the same sale gets the first one's outcome. */
	readonly #paying = new Map<string, Promise<Sale>>();
	readonly #serverId: string;

	constructor(dependencies: CheckoutDependencies) {
		this.#deps = dependencies;
		this.#serverId = dependencies.serverId ?? randomUUID();
		this.#sales = dependencies.sales;
		this.#credits = new SaleCredits(dependencies.journal, dependencies.platformFor);
		this.#cards = new CardPayments(dependencies.journal, dependencies.terminal);
		this.#deposits = new DepositIssuing(dependencies.journal, dependencies.platformFor);
	}

	/**
	 * Prices the basket (server prices) and opens the sale. `confirmedAge`: the age the guest
	 * confirmed on the screen (0: none asked).
	 */
	async start(deviceId: string, basket: unknown, confirmedAge = NO_AGE): Promise<Sale> {
		const parsed = basketSchema.safeParse(basket);
		if (!parsed.success) throw new CheckoutError('basket-invalid', 'malformed basket');
		const [outOfOrder, settings, products, additives, depositConfiguration, unattended] =
			await Promise.all([
				this.#deps.outOfOrder(deviceId),
				this.#deps.settings(),
				this.#deps.products(),
				this.#deps.additives(),
				this.#deps.depositConfiguration(deviceId),
				this.#deps.unattended(deviceId)
			]);
		// Out of order since the guest began (staff put it so from the fleet page): no new sale.
		if (outOfOrder) throw new CheckoutError('out-of-order');
		const result = quoteSale({
			basket: parsed.data,
			products,
			additives,
			depositConfiguration,
			depositVatBp: settings.depositVatBp,
			serviceFee: { minor: settings.serviceFeeMinor, vatBp: settings.serviceFeeVatBp }
		});
		if (!result.ok) {
			// Sold out since the guest chose it (staff marked it on the board): the guest is told
			// which line, and nothing is sold that is gone.
			throw new CheckoutError(
				result.problem.kind === 'unavailable' ? 'sold-out' : 'basket-invalid',
				result.problem
			);
		}
		const minAge = result.quote.minAge ?? NO_AGE;
		if (minAge !== NO_AGE && unattended) throw new CheckoutError('age-unattended');
		if (!ageConfirmed(minAge, confirmedAge)) throw new CheckoutError('age-unconfirmed');
		// No sale whose containers could not be issued: nothing is charged for a code never made.
		if (result.quote.depositLines.length > 0 && !this.#deps.depositsUsable())
			throw new CheckoutError('deposits-unavailable');
		const now = this.#now().toISOString();
		return this.#sales.create({
			id: randomUUID(),
			deviceId,
			state: 'quoted',
			quote: result.quote,
			credits: null,
			creditAttempt: 1,
			keyFingerprint: null,
			payment: null,
			claim: null,
			cardPaidMinor: 0,
			deposit: null,
			orderNumber: null,
			paidAt: null,
			problem: null,
			refunds: [],
			createdAt: now
		});
	}

	/**
	 * A scanned loyalty key: preview the discount-eligible items (and the deposit lines without a
	 * product id, so credits can pay them but never discount them), then add the service fee with
	 * update. A second scan of the same key changes nothing; a different key replaces the first
	 * transaction.
	 */
	scanLoyaltyKey(saleId: string, raw: string): Promise<Sale> {
		return this.#locks.run(saleId, async () => {
			let sale = await this.#open(saleId);
			const normalized = normalizeTransactionKey(raw);
			if (normalized.key === null) throw new CheckoutError('key-format', normalized.reason);
			const key = normalized.key;
			if (sale.credits && sale.keyFingerprint === keyFingerprint(key)) return sale;
			const [settings, cards] = await Promise.all([
				this.#deps.settings(),
				this.#deps.takesCards(sale.deviceId)
			]);
			// Without a card the credits must pay everything, and a service fee (added by update)
			// never gets credits (spec 3): nothing to preview.
			if (!cards && sale.quote.serviceFeeMinor > 0) throw new CheckoutError('card-unavailable');
			if (sale.credits) sale = await this.#releaseCredits(sale);
			const credits = await this.#credits.preview(
				sale,
				key,
				cards ? settings.creditPaymentType : 'CREDIT',
				cards
			);
			sale = await this.#sales.save({
				...sale,
				state: 'credits-previewed',
				keyFingerprint: keyFingerprint(key),
				credits
			});
			if (sale.quote.serviceFeeMinor === 0) return sale;
			try {
				return await this.#sales.save({
					...sale,
					credits: await this.#credits.addServiceFee(sale)
				});
			} catch (error) {
				// Whether the fee was added is unknown or refused: start over rather than charge a guess.
				await this.#releaseCredits(sale);
				throw new CheckoutError(failureOf(error));
			}
		});
	}

	/**
	 * Pays the sale: claims it, collects what is left on the card, finalizes the credits, gives it
	 * its order number and issues the containers. Repeating `pay` (double tap, a second tab, a
	 * retry after a lost answer) never asks the card again: while a payment runs here the repeat
	 * gets its outcome; afterwards it takes the sale up where it stands. A sale another server is
	 * paying (it holds the claim) is returned as it stands, as is one that cannot finish now (the
	 * platform unreachable): the screen watches it end, the recovery pass finishes it.
	 * `deviceId`: the kiosk asking; a sale of another device is not found (and not paid).
	 */
	pay(saleId: string, deviceId?: string): Promise<Sale> {
		const running = this.#paying.get(saleId);
		if (running) return running;
		const payment = this.#locks
			.run(saleId, () => this.#pay(saleId, deviceId))
			.finally(() => this.#paying.delete(saleId));
		this.#paying.set(saleId, payment);
		return payment;
	}

	/** The guest left (idle timeout, cancel): release any previewed credits; forget the sale. */
	abandon(saleId: string): Promise<Sale> {
		return this.#locks.run(saleId, async () => {
			const sale = await this.get(saleId);
			return isOpen(sale) ? this.#abandon(sale, null) : sale;
		});
	}

	/** The guest is still there ("still there?" answered): the open sale is not left unattended. */
	keepAlive(saleId: string): Promise<Sale> {
		return this.#locks.run(saleId, async () => {
			const sale = await this.get(saleId);
			return isOpen(sale) ? this.#sales.save(sale) : sale;
		});
	}

	async get(saleId: string): Promise<Sale> {
		const sale = await this.#sales.get(saleId);
		if (!sale) throw new CheckoutError('sale-not-found');
		return sale;
	}

	/**
	 * The recovery pass's entry (sale-recovery.ts): takes an unfinished sale that no request here
	 * is driving to its end, or releases an open one nobody drives any more. False when a request
	 * or another server is driving it now.
	 */
	async recover(sale: Sale, unattendedSince: Date): Promise<boolean> {
		if (this.#locks.isBusy(sale.id)) return false;
		return this.#locks.run(sale.id, async () => {
			const current = await this.get(sale.id);
			if (isInPayment(current)) {
				if (this.#claimedElsewhere(current)) return false;
				await this.#takeUp(current, 'recovery');
			} else if (isOpen(current) && new Date(current.updatedAt) <= unattendedSince) {
				await this.#abandon(current, 'abandoned-unattended');
			}
			return true;
		});
	}

	/**
	 * The saga settles this sale's open journal entries itself (a step runs here, or the sale is
	 * in payment and the recovery pass takes it up): the journal resolver leaves them alone.
	 */
	async owns(saleId: string): Promise<boolean> {
		if (this.#locks.isBusy(saleId)) return true;
		const sale = await this.#sales.get(saleId);
		return sale !== undefined && isInPayment(sale);
	}

	async #pay(saleId: string, deviceId: string | undefined): Promise<Sale> {
		for (;;) {
			const sale = await this.get(saleId);
			if (deviceId !== undefined && sale.deviceId !== deviceId)
				throw new CheckoutError('sale-not-found');
			if (sale.state === 'abandoned') throw new CheckoutError('sale-closed', sale.state);
			if (!isOpen(sale)) return isInPayment(sale) ? this.#takeUp(sale, 'guest') : sale;
			if (this.#cardDue(sale) > 0 && !(await this.#deps.takesCards(sale.deviceId)))
				throw new CheckoutError('card-unavailable');
			const claimed = await this.#claim(sale);
			// Saved meanwhile (another server's claim, a keep-alive): see where it stands now.
			if (!claimed) continue;
			if (claimed.entry === undefined) return this.#advance(claimed.sale, 'guest');
			const outcome = await this.#cards.collect(claimed.sale, claimed.entry);
			return this.#afterCard(claimed.sale, outcome, 'guest');
		}
	}

	/**
	 * The claim of an open sale for payment, saved (compare-and-set) before the terminal is asked:
	 * `card-pending` with the card payment and its journal entry, begun in the same commit, or
	 * `card-paid` when nothing is due on the card (no entry). Null when another save of the sale
	 * came first.
	 */
	async #claim(sale: Sale): Promise<{ sale: Sale; entry: number | undefined } | null> {
		const amountMinor = this.#cardDue(sale);
		// The sale's version is unique per save, so each claim has a reference of its own.
		const payment = { reference: `${sale.id}.${sale.version}`, amountMinor };
		const claim = this.#newClaim();
		return this.#unlessMoved(() =>
			this.#deps.inTransaction(async (db) => {
				if (amountMinor === 0) {
					const paid = { ...sale, state: 'card-paid' as const, payment, claim, cardPaidMinor: 0 };
					return { sale: await this.#sales.save(paid, db), entry: undefined };
				}
				const claimed = await this.#sales.save(
					{ ...sale, state: 'card-pending', payment, claim },
					db
				);
				return { sale: claimed, entry: await this.#cards.begin(claimed, db) };
			})
		);
	}

	/**
	 * A sale in payment, taken on from where it stands — unless another server holds its claim:
	 * then it is returned as it stands (being paid there; nothing is asked again). A claim that ran
	 * out (its server died) is taken over first, compare-and-set, so of two servers taking it up
	 * one goes on and the other gets the sale as it stands.
	 */
	async #takeUp(sale: Sale, driver: Driver): Promise<Sale> {
		if (this.#claimedElsewhere(sale)) return sale;
		if (sale.claim?.owner === this.#serverId) return this.#advance(sale, driver);
		const taken = await this.#unlessMoved(() =>
			this.#sales.save({ ...sale, claim: this.#newClaim() })
		);
		return taken ? this.#advance(taken, driver) : this.get(sale.id);
	}

	/** What `save` (compare-and-set) answers; null when another save of the sale came first. */
	async #unlessMoved<T>(save: () => Promise<T>): Promise<T | null> {
		try {
			return await save();
		} catch (error) {
			if (error instanceof SaleConflictError) return null;
			throw error;
		}
	}

	/**
	 * Takes a sale in payment one step at a time to where it ends or has to wait. `create`: the
	 * deposit create begun in the commit that made the sale paid.
	 */
	async #advance(sale: Sale, driver: Driver, create?: CreateStart): Promise<Sale> {
		switch (sale.state) {
			case 'card-pending':
				return this.#afterCard(sale, await this.#cards.lookUp(sale), driver);
			case 'card-paid':
				return this.#finalizeCredits(sale, driver);
			case 'paid':
				return this.#issueDeposits(sale, create);
			default:
				return sale;
		}
	}

	async #afterCard(sale: Sale, outcome: CardOutcome, driver: Driver): Promise<Sale> {
		if (outcome.record === 'approved') {
			const cardPaid = {
				...sale,
				state: 'card-paid' as const,
				cardPaidMinor: sale.payment!.amountMinor
			};
			// Credits still to finalize: `card-paid` commits before that call; without, `paid` at once.
			const next = await this.#deps.inTransaction(async (db) => {
				await this.#cards.settle(outcome, db);
				if (sale.credits) return { sale: await this.#sales.save(cardPaid, db) };
				return this.#savePaid(cardPaid, db);
			});
			return this.#advance(next.sale, driver, next.create);
		}
		await this.#cards.settle(outcome);
		if (outcome.record === 'unknown') {
			await this.#sales.save({ ...sale, state: 'needs-staff', problem: 'card-outcome-unknown' });
			if (driver === 'guest') throw new CheckoutError('card-outcome-unknown');
			return this.get(sale.id);
		}
		// Declined, cancelled, or never completed: nothing was charged.
		const undone = await this.#undo(sale, driver, 'card-not-charged');
		if (driver === 'guest') throw new CheckoutError('card-declined', outcome.record);
		return undone;
	}

	async #finalizeCredits(sale: Sale, driver: Driver): Promise<Sale> {
		if (sale.credits) {
			const result = await this.#credits.finalize(sale);
			// Not known yet (platform unreachable, answer lost): finalize is repeated by a later
			// pass; until then the sale is not paid.
			if (result.kind === 'open') return sale;
			if (result.kind === 'refused') return this.#creditsRefused(sale, result.error, driver);
		}
		const next = await this.#deps.inTransaction((db) => this.#savePaid(sale, db));
		return this.#advance(next.sale, driver, next.create);
	}

	/**
	 * Saves the sale paid, in `db`: its order number counted, and its containers' create journaled
	 * (`paid`), or nothing left to do (`completed`).
	 */
	async #savePaid(sale: Sale, db: StoreDb): Promise<{ sale: Sale; create?: CreateStart }> {
		const orderNumber = sale.orderNumber ?? (await this.#sales.nextOrderNumber(sale.deviceId, db));
		const paid = { ...sale, orderNumber, paidAt: sale.paidAt ?? this.#now().toISOString() };
		if (sale.quote.depositItems.length === 0) {
			return { sale: await this.#sales.save({ ...paid, state: 'completed' }, db) };
		}
		const create = await this.#deposits.begin(sale, db);
		return { sale: await this.#sales.save({ ...paid, state: 'paid' }, db), create };
	}

	/**
	 * The platform refused to finalize (spec 3: e.g. CREDIT_TRANSACTION_PREVIEW_HAS_EXPIRED, "create
	 * a new preview"): the credits were not taken, so the sale is not paid. The card part goes
	 * back; when it cannot, staff settle it.
	 */
	async #creditsRefused(sale: Sale, error: unknown, driver: Driver): Promise<Sale> {
		if (sale.cardPaidMinor > 0 && !(await this.#cards.refund(sale))) {
			await this.#credits.cancel(sale);
			await this.#flagJournal(sale, JournalOperation.creditFinalize);
			return this.#sales.save({ ...sale, state: 'needs-staff', problem: 'card-refund-failed' });
		}
		const undone = await this.#undo({ ...sale, cardPaidMinor: 0 }, driver, 'credits-refused');
		if (driver === 'guest') throw new CheckoutError(failureOf(error));
		return undone;
	}

	async #issueDeposits(sale: Sale, create?: CreateStart): Promise<Sale> {
		if (sale.quote.depositItems.length === 0) {
			return this.#sales.save({ ...sale, state: 'completed' });
		}
		const result = await this.#deposits.issue(sale, create);
		if (result.kind === 'open') return sale;
		if (result.kind === 'issued') {
			return this.#deps.inTransaction(async (db) => {
				await this.#deposits.settle(result, db);
				return this.#sales.save({ ...sale, state: 'completed', deposit: result.deposit }, db);
			});
		}
		await this.#flagJournal(sale, JournalOperation.depositCreate);
		return this.#sales.save({ ...sale, state: 'needs-staff', problem: 'deposits-not-issued' });
	}

	/**
	 * Nothing was collected (or it was given back): credits released; for the guest the sale is
	 * open again (they may pay another way); for the recovery pass, nobody is there: abandoned.
	 */
	async #undo(sale: Sale, driver: Driver, problem: SaleProblem): Promise<Sale> {
		const reopened = { ...(await this.#creditsCancelled(sale)), payment: null, claim: null };
		// One save: a screen watching the sale never sees it open on its way to abandoned.
		return this.#sales.save(
			driver === 'guest'
				? { ...reopened, state: 'quoted' }
				: { ...reopened, state: 'abandoned', problem }
		);
	}

	async #abandon(sale: Sale, problem: SaleProblem | null): Promise<Sale> {
		return this.#sales.save({
			...(await this.#creditsCancelled(sale)),
			state: 'abandoned',
			problem
		});
	}

	/** Cancels the credit transaction and saves the sale open for its next credit attempt. */
	async #releaseCredits(sale: Sale): Promise<Sale> {
		return this.#sales.save({ ...(await this.#creditsCancelled(sale)), state: 'quoted' });
	}

	/**
	 * The sale with its credit transaction cancelled (if it had one), not yet saved; the next
	 * credit attempt gets a fresh idempotency key.
	 */
	async #creditsCancelled(sale: Sale): Promise<Sale> {
		if (!sale.credits) return sale;
		await this.#credits.cancel(sale);
		return { ...sale, credits: null, keyFingerprint: null, creditAttempt: sale.creditAttempt + 1 };
	}

	/** The sale's latest journal entry of that operation, flagged for staff with its error code. */
	async #flagJournal(sale: Sale, operation: string): Promise<void> {
		const [entry] = await this.#deps.journal.list({ reference: sale.id, operation, limit: 1 });
		if (entry) {
			await this.#deps.journal.settle(entry.id, 'needs-staff', {
				errorCode: entry.errorCode ?? undefined,
				result: entry.result ?? undefined
			});
		}
	}

	async #open(saleId: string): Promise<Sale> {
		const sale = await this.get(saleId);
		if (!isOpen(sale)) throw new CheckoutError('sale-closed', sale.state);
		return sale;
	}

	/**
	 * What an open sale leaves to the card: what the credits do not cover, or card only the whole
	 * sale, the service fee included.
	 */
	#cardDue(sale: Sale): number {
		return sale.credits
			? sale.credits.outstandingMinor
			: sale.quote.totalMinor + sale.quote.serviceFeeMinor;
	}

	/** A claim of this server, from now. */
	#newClaim(): SaleClaim {
		const until = this.#now().getTime() + (this.#deps.claimMs ?? DEFAULT_CLAIM_MS);
		return { owner: this.#serverId, until: new Date(until).toISOString() };
	}

	/** Another server holds the sale's claim and it has not run out: it is paying the sale. */
	#claimedElsewhere(sale: Sale): boolean {
		const { claim } = sale;
		return (
			claim !== null && claim.owner !== this.#serverId && claim.until > this.#now().toISOString()
		);
	}

	#now(): Date {
		return this.#deps.now?.() ?? new Date();
	}
}
