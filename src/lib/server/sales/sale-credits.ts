/**
 * The credit calls of one sale (spec 3), each journaled before it is sent: preview (with the
 * CREDIT → EXTERNAL_PAYMENT fallback), the service fee through update, cancel and finalize.
 * What a failure means for the sale is the caller's: these only say what the platform did.
 */
import { createHash } from 'node:crypto';
import { scaledIntegerToDecimal } from '@venue-kiosk/vocabulary/money.ts';
import type { CreditPaymentType } from '#lib/shared/credit-payment-type.ts';
import type { CreditLineSummary, CreditSummary } from '#lib/shared/sale-view.ts';
import { vatBasisPoints } from '@venue-kiosk/vocabulary/vat.ts';
import type { Journal } from '../journal/journal.ts';
import { JournalOperation } from '../journal/journal-operation.ts';
import type { PlatformFor } from '../platform/client.ts';
import type { CreditTransaction } from '../platform/credits.ts';
import { isRefusal, PlatformApiError } from '../platform/errors.ts';
import { CheckoutError, failureOf } from './checkout-error.ts';
import { previewItems } from './credit-items.ts';
import type { Sale } from './sale.ts';

/** What finalize did: deducted; refused for good (with why); or not known yet — repeat later. */
export type FinalizeResult =
	{ kind: 'finalized' } | { kind: 'refused'; error: PlatformApiError } | { kind: 'open' };

export const keyFingerprint = (key: string) =>
	createHash('sha256').update(key.toLowerCase()).digest('base64url');

export class SaleCredits {
	readonly #journal: Journal;
	readonly #platformFor: PlatformFor;

	constructor(journal: Journal, platformFor: PlatformFor) {
		this.#journal = journal;
		this.#platformFor = platformFor;
	}

	/**
	 * spec 3 Decision: with CREDIT, "on 400 INSUFFICIENT_CREDIT preview again with
	 * EXTERNAL_PAYMENT" — where a card pays the rest (`cardForTheRest`); at a kiosk that takes no
	 * cards, too few credits are the guest's answer.
	 */
	async preview(
		sale: Sale,
		key: string,
		paymentType: CreditPaymentType,
		cardForTheRest: boolean
	): Promise<CreditSummary> {
		try {
			return await this.#preview(sale, key, paymentType);
		} catch (error) {
			const short = error instanceof PlatformApiError && error.errorCode === 'INSUFFICIENT_CREDIT';
			if (paymentType !== 'CREDIT' || !short || !cardForTheRest)
				throw new CheckoutError(failureOf(error));
		}
		try {
			return await this.#preview(sale, key, 'EXTERNAL_PAYMENT');
		} catch (error) {
			throw new CheckoutError(failureOf(error));
		}
	}

	/** The service fee through update (spec 3: "added through update so that they receive no discount"). */
	async addServiceFee(sale: Sale): Promise<CreditSummary> {
		const credits = sale.credits!;
		const { serviceFeeMinor, serviceFeeVatBp, currencyCode } = sale.quote;
		const updated = await this.#journal.record(
			{
				deviceId: sale.deviceId,
				operation: JournalOperation.creditUpdate,
				reference: sale.id,
				request: { transactionId: credits.transactionId, serviceFeeMinor }
			},
			async () =>
				(await this.#platformFor(sale.deviceId)).credits.update(credits.transactionId, {
					currencyCode,
					newItems: [
						{
							productId: null,
							name: 'Service fee',
							quantity: 1,
							unitPriceMinor: serviceFeeMinor,
							vat: scaledIntegerToDecimal(serviceFeeVatBp, 2)
						}
					]
				})
		);
		return summarize(updated, credits.paymentType, credits.keyHint);
	}

	/**
	 * Releases the credit transaction (spec 3 cancel: "No credits deducted"; works while it is not
	 * finalized). True when the platform confirmed; an open cancel is left to the journal resolver,
	 * which repeats it — nothing can be deducted meanwhile, since nothing finalizes it. A refused
	 * cancel means the transaction is no longer "not finalized" (spec 3 States) although this sale
	 * was not paid: staff check whether credits were taken and refund them.
	 */
	async cancel(sale: Sale): Promise<boolean> {
		const { transactionId } = sale.credits!;
		const entry = {
			deviceId: sale.deviceId,
			operation: JournalOperation.creditCancel,
			reference: sale.id,
			request: { transactionId }
		};
		try {
			await this.#journal.record(entry, async () =>
				(await this.#platformFor(sale.deviceId)).credits.cancel(transactionId)
			);
			return true;
		} catch (error) {
			if (isRefusal(error)) {
				const [refused] = await this.#journal.list({
					reference: sale.id,
					operation: JournalOperation.creditCancel,
					limit: 1
				});
				await this.#journal.settle(refused!.id, 'needs-staff', { errorCode: error.errorCode });
			}
			return false;
		}
	}

	/**
	 * Deducts the credits (spec 3 finalize: "preview not expired; external portion already
	 * collected"). Safe to repeat with the same id — the client retries it and a later pass may
	 * call it again (spec 3: only finalizing "with different items" is refused, and nothing is
	 * resent).
	 */
	async finalize(sale: Sale): Promise<FinalizeResult> {
		const { transactionId } = sale.credits!;
		try {
			await this.#journal.record(
				{
					deviceId: sale.deviceId,
					operation: JournalOperation.creditFinalize,
					reference: sale.id,
					request: { transactionId }
				},
				async () => (await this.#platformFor(sale.deviceId)).credits.finalize(transactionId)
			);
			return { kind: 'finalized' };
		} catch (error) {
			if (isRefusal(error)) return { kind: 'refused', error };
			return { kind: 'open' };
		}
	}

	async #preview(
		sale: Sale,
		key: string,
		paymentType: CreditSummary['paymentType']
	): Promise<CreditSummary> {
		// Stable for this checkout attempt, this key and this payment type: a retried or double
		// scan replays the same transaction (spec 3 X-Idempotency-Key); after a cancel the next
		// attempt must not replay the cancelled one.
		const idempotencyKey = `${sale.id}.${sale.creditAttempt}.${keyFingerprint(key).slice(0, 16)}.${paymentType}`;
		const transaction = await this.#journal.record(
			{
				deviceId: sale.deviceId,
				operation: JournalOperation.creditPreview,
				reference: sale.id,
				request: { paymentType, keyHint: key.slice(-4), idempotencyKey }
			},
			async () =>
				(await this.#platformFor(sale.deviceId)).credits.preview({
					transactionKey: key,
					idempotencyKey,
					paymentType,
					currencyCode: sale.quote.currencyCode,
					items: previewItems(sale.quote)
				}),
			(answer) => ({
				transactionId: answer.transactionId,
				outstandingMinor: answer.outstandingBalanceMinor
			})
		);
		return summarize(transaction, paymentType, key);
	}
}

/**
 * The platform's figures per line; refused when they do not add up or name a VAT rate the spec
 * does not list (never charge a guess).
 */
function summarize(
	transaction: CreditTransaction,
	paymentType: CreditSummary['paymentType'],
	keyOrHint: string
): CreditSummary {
	const lines = transaction.items.map((item): CreditLineSummary => {
		const vatBp = vatBasisPoints(item.vat);
		if (vatBp === undefined) throw new CheckoutError('platform-refused', 'unsupported VAT rate');
		return {
			productId: item.productId,
			name: item.name,
			grossMinor: item.unitPriceMinor * item.quantity,
			discountMinor: item.discountMinor,
			creditsMinor: item.creditsMinor,
			outstandingMinor: item.outstandingBalanceMinor,
			vatBp
		};
	});
	const total = (pick: (line: CreditLineSummary) => number) =>
		lines.reduce((sum, line) => sum + pick(line), 0);
	const summary: CreditSummary = {
		transactionId: transaction.transactionId,
		paymentType,
		keyHint: keyOrHint.slice(-4),
		lines,
		grossMinor: total((line) => line.grossMinor),
		discountMinor: total((line) => line.discountMinor),
		creditsMinor: total((line) => line.creditsMinor),
		outstandingMinor: total((line) => line.outstandingMinor)
	};
	const addsUp =
		lines.every((l) => l.grossMinor - l.discountMinor === l.creditsMinor + l.outstandingMinor) &&
		summary.discountMinor === transaction.totalDiscountMinor &&
		summary.creditsMinor === transaction.totalCreditsMinor &&
		summary.outstandingMinor === transaction.outstandingBalanceMinor;
	if (!addsUp) throw new CheckoutError('platform-refused', 'credit figures do not add up');
	return summary;
}
