/**
 * The checkout saga of one guest sale (DESIGN, "The guest ordering flow"; spec 3 "Decision",
 * spec 1 "Use together with the credit-payment API"):
 *
 *   quote → [scan loyalty key → preview (+ update with the service fee)] → collect the rest on the
 *   card terminal → finalize credits → issue deposits → completed
 *
 * Invariants: no paid state without an approved card payment (or nothing left to pay) and, when
 * nothing was collected on the card, finalized credits; a declined card cancels the credit
 * transaction; credits are finalized only after the card; every money call (card payments
 * included) is journaled before it is sent; an uncertain outcome is never guessed.
 */
import { createHash, randomUUID } from 'node:crypto';
import { scaledIntegerToDecimal } from '#lib/money.ts';
import { normalizeTransactionKey } from '#lib/transaction-key.ts';
import { vatBasisPoints } from '#lib/vat.ts';
import type { Product } from '../catalog/product.ts';
import type { Journal } from '../journal/journal.ts';
import { JournalOperation } from '../journal/resolver.ts';
import type { PlatformClient } from '../platform/client.ts';
import type { CreditItem, CreditTransaction } from '../platform/credits.ts';
import type { DepositConfiguration } from '../platform/deposits.ts';
import { PlatformApiError, PlatformClientError } from '../platform/errors.ts';
import { basketSchema, quoteSale, type QuoteProblem } from './quote.ts';
import type { CreditLineSummary, CreditSummary, IssuedDeposit, Sale } from './sale.ts';
import type { SaleRepository } from './sale-repository.ts';
import type { PaymentTerminal, TerminalOutcome } from './terminal.ts';

export interface CheckoutSettings {
	/** SPLIT_PAYMENT when a card terminal takes the rest; CREDIT falls back to EXTERNAL_PAYMENT. */
	creditPaymentType: 'SPLIT_PAYMENT' | 'CREDIT';
	/** Service fee per sale (0: none); added with update, so it gets no discount (spec 3). */
	serviceFeeMinor: number;
	serviceFeeVatBp: number;
	/** VAT on deposits (DESIGN: a venue setting, default 0). */
	depositVatBp: number;
}

/** Why a step could not go on; each has a translated message and a next step on the screen. */
export type CheckoutFailure =
	| 'sale-not-found'
	| 'sale-closed'
	| 'basket-invalid'
	| 'key-format'
	| 'key-expired'
	| 'key-used'
	| 'key-other-venue'
	| 'insufficient-credit'
	| 'preview-expired'
	| 'menu-vat'
	| 'card-declined'
	| 'card-outcome-unknown'
	| 'platform-unavailable'
	| 'platform-refused';

export class CheckoutError extends Error {
	readonly failure: CheckoutFailure;
	readonly detail: QuoteProblem | string | undefined;

	constructor(failure: CheckoutFailure, detail?: QuoteProblem | string) {
		super(failure);
		this.failure = failure;
		this.detail = detail;
	}
}

export interface CheckoutDependencies {
	sales: SaleRepository;
	journal: Journal;
	platformFor(deviceId: string): PlatformClient;
	terminal: PaymentTerminal;
	/** The device's cached deposit configuration when it answered 200, else null. */
	depositConfiguration(deviceId: string): DepositConfiguration | null;
	products(): Product[];
	settings(): CheckoutSettings;
	now?: () => Date;
}

/** spec 3 error codes → what the guest is told. */
const CREDIT_FAILURES: Record<string, CheckoutFailure> = {
	X_TRANSACTION_KEY_FORMAT_IS_NOT_VALID: 'key-format',
	X_TRANSACTION_HAS_EXPIRED: 'key-expired',
	X_TRANSACTION_IS_NOT_IN_ACTIVE_STATUS: 'key-used',
	X_TRANSACTION_HAS_NO_RIGHT_AUTHORITY: 'key-other-venue',
	INSUFFICIENT_CREDIT: 'insufficient-credit',
	CREDIT_TRANSACTION_PREVIEW_HAS_EXPIRED: 'preview-expired',
	COULD_NOT_MAP_BIG_DECIMAL_TO_VAT_ENUM_VALUE: 'menu-vat'
};

function failureOf(error: unknown): CheckoutFailure {
	if (error instanceof PlatformApiError)
		return CREDIT_FAILURES[error.errorCode] ?? 'platform-refused';
	if (error instanceof PlatformClientError) {
		return error.kind === 'malformed-response' ? 'platform-refused' : 'platform-unavailable';
	}
	throw error;
}

const keyFingerprint = (key: string) =>
	createHash('sha256').update(key.toLowerCase()).digest('base64url');

export class Checkout {
	readonly #deps: CheckoutDependencies;

	constructor(dependencies: CheckoutDependencies) {
		this.#deps = dependencies;
	}

	/** Prices the basket (server prices) and opens the sale. */
	start(deviceId: string, basket: unknown): Sale {
		const parsed = basketSchema.safeParse(basket);
		if (!parsed.success) throw new CheckoutError('basket-invalid', 'malformed basket');
		const settings = this.#deps.settings();
		const result = quoteSale({
			basket: parsed.data,
			products: this.#deps.products(),
			depositConfiguration: this.#deps.depositConfiguration(deviceId),
			depositVatBp: settings.depositVatBp,
			serviceFee: { minor: settings.serviceFeeMinor, vatBp: settings.serviceFeeVatBp }
		});
		if (!result.ok) throw new CheckoutError('basket-invalid', result.problem);
		const now = (this.#deps.now?.() ?? new Date()).toISOString();
		return this.#deps.sales.save({
			id: randomUUID(),
			deviceId,
			state: 'quoted',
			quote: result.quote,
			credits: null,
			creditAttempt: 1,
			keyFingerprint: null,
			cardPaidMinor: 0,
			deposit: null,
			orderNumber: null,
			problem: null,
			createdAt: now,
			updatedAt: now
		});
	}

	/**
	 * A scanned loyalty key: preview the discount-eligible items (and the deposit lines without a
	 * product id, so credits can cover them — DESIGN), then add the service fee with update. A
	 * second scan of the same key changes nothing; a different key replaces the first transaction.
	 */
	async scanLoyaltyKey(saleId: string, raw: string): Promise<Sale> {
		let sale = this.#open(saleId);
		const normalized = normalizeTransactionKey(raw);
		if (normalized.key === null) throw new CheckoutError('key-format', normalized.reason);
		const key = normalized.key;
		if (sale.credits && sale.keyFingerprint === keyFingerprint(key)) return sale;
		if (sale.credits) sale = await this.#cancelCredits(sale);

		const platform = this.#deps.platformFor(sale.deviceId);
		const { transaction, paymentType } = await this.#previewWithFallback(
			sale,
			platform,
			key,
			this.#deps.settings().creditPaymentType
		);
		sale = this.#deps.sales.save({
			...sale,
			state: 'credits-previewed',
			keyFingerprint: keyFingerprint(key),
			credits: summarize(transaction, paymentType, key)
		});
		if (sale.quote.serviceFeeMinor > 0) sale = await this.#addServiceFee(sale, platform);
		return sale;
	}

	/**
	 * Collects what is left on the card terminal, finalizes the credits, issues the deposits.
	 * A declined card cancels the credit transaction (its key is used up: the guest shows a new one).
	 * Credits the platform refuses to finalize when nothing was collected leave the sale unpaid:
	 * they are released and the guest is told why (e.g. the preview expired: show a fresh code).
	 */
	async pay(saleId: string): Promise<Sale> {
		let sale = this.#open(saleId);
		const amountMinor = sale.credits ? sale.credits.outstandingMinor : this.#cardTotal(sale);
		if (amountMinor > 0) {
			const outcome = await this.#collectCard(sale, amountMinor);
			if (outcome === 'uncertain') {
				this.#deps.sales.save({ ...sale, state: 'needs-staff', problem: 'card-outcome-unknown' });
				throw new CheckoutError('card-outcome-unknown');
			}
			if (outcome !== 'approved') {
				if (sale.credits) await this.#cancelCredits(sale);
				throw new CheckoutError('card-declined', outcome);
			}
		}
		sale = this.#deps.sales.save({ ...sale, cardPaidMinor: amountMinor });
		if (sale.credits) sale = await this.#finalizeCredits(sale);
		sale = this.#deps.sales.save({
			...sale,
			state: 'paid',
			orderNumber: this.#deps.sales.nextOrderNumber(sale.deviceId)
		});
		if (sale.quote.depositItems.length > 0) sale = await this.#issueDeposits(sale);
		return this.#deps.sales.save({ ...sale, state: 'completed' });
	}

	/** The guest left (idle timeout, cancel): release any previewed credits; forget the sale. */
	async abandon(saleId: string): Promise<Sale> {
		const sale = this.#deps.sales.get(saleId);
		if (!sale) throw new CheckoutError('sale-not-found');
		if (sale.state !== 'quoted' && sale.state !== 'credits-previewed') return sale;
		const released = sale.credits ? await this.#cancelCredits(sale) : sale;
		return this.#deps.sales.save({ ...released, state: 'abandoned' });
	}

	get(saleId: string): Sale {
		const sale = this.#deps.sales.get(saleId);
		if (!sale) throw new CheckoutError('sale-not-found');
		return sale;
	}

	/** Card only: the whole sale, the service fee included. */
	#cardTotal(sale: Sale): number {
		return sale.quote.totalMinor + sale.quote.serviceFeeMinor;
	}

	/**
	 * The card terminal, journaled like a platform call (DESIGN: every money operation and its
	 * outcome is in the journal): an uncertain outcome is flagged for staff at once, and an entry
	 * left pending by a crash mid-payment is flagged by the resolver.
	 */
	async #collectCard(sale: Sale, amountMinor: number): Promise<TerminalOutcome> {
		const request = {
			reference: `${sale.id}.${Date.now()}`,
			amountMinor,
			currencyCode: sale.quote.currencyCode
		};
		const entry = this.#deps.journal.begin({
			deviceId: sale.deviceId,
			operation: JournalOperation.cardPayment,
			reference: sale.id,
			request
		});
		const outcome = await this.#deps.terminal.collect(request);
		if (outcome === 'approved') this.#deps.journal.settle(entry, 'succeeded');
		else if (outcome === 'uncertain') {
			this.#deps.journal.settle(entry, 'needs-staff', { errorCode: 'card-outcome-unknown' });
		} else this.#deps.journal.settle(entry, 'failed', { errorCode: `card-${outcome}` });
		return outcome;
	}

	/**
	 * A refusal after the guest paid is for a person (the diagnostics page's open outcomes): the
	 * sale's latest journal entry of that operation, flagged with its error code.
	 */
	#flagForStaff(sale: Sale, operation: string): void {
		const [entry] = this.#deps.journal.list({ reference: sale.id, operation, limit: 1 });
		if (entry) {
			this.#deps.journal.settle(entry.id, 'needs-staff', {
				errorCode: entry.errorCode ?? undefined
			});
		}
	}

	#open(saleId: string): Sale {
		const sale = this.get(saleId);
		if (sale.state !== 'quoted' && sale.state !== 'credits-previewed') {
			throw new CheckoutError('sale-closed', sale.state);
		}
		return sale;
	}

	/** spec 3 Decision: with CREDIT, "on 400 INSUFFICIENT_CREDIT preview again with EXTERNAL_PAYMENT". */
	async #previewWithFallback(
		sale: Sale,
		platform: PlatformClient,
		key: string,
		paymentType: CheckoutSettings['creditPaymentType']
	): Promise<{ transaction: CreditTransaction; paymentType: CreditSummary['paymentType'] }> {
		try {
			return { transaction: await this.#preview(sale, platform, key, paymentType), paymentType };
		} catch (error) {
			const short = error instanceof PlatformApiError && error.errorCode === 'INSUFFICIENT_CREDIT';
			if (paymentType !== 'CREDIT' || !short) throw new CheckoutError(failureOf(error));
		}
		try {
			const transaction = await this.#preview(sale, platform, key, 'EXTERNAL_PAYMENT');
			return { transaction, paymentType: 'EXTERNAL_PAYMENT' };
		} catch (error) {
			throw new CheckoutError(failureOf(error));
		}
	}

	async #preview(
		sale: Sale,
		platform: PlatformClient,
		key: string,
		paymentType: CreditSummary['paymentType']
	): Promise<CreditTransaction> {
		// Stable for this checkout attempt, this key and this payment type: a retried or double
		// scan replays the same transaction (spec 3 X-Idempotency-Key); after a cancel the next
		// attempt must not replay the cancelled one.
		const idempotencyKey = `${sale.id}.${sale.creditAttempt}.${keyFingerprint(key).slice(0, 16)}.${paymentType}`;
		return this.#deps.journal.record(
			{
				deviceId: sale.deviceId,
				operation: JournalOperation.creditPreview,
				reference: sale.id,
				request: { paymentType, keyHint: key.slice(-4), idempotencyKey }
			},
			() =>
				platform.credits.preview({
					transactionKey: key,
					idempotencyKey,
					paymentType,
					currencyCode: sale.quote.currencyCode,
					items: previewItems(sale)
				}),
			(transaction) => ({
				transactionId: transaction.transactionId,
				outstandingMinor: transaction.outstandingBalanceMinor
			})
		);
	}

	async #addServiceFee(sale: Sale, platform: PlatformClient): Promise<Sale> {
		const credits = sale.credits!;
		const { serviceFeeMinor, serviceFeeVatBp } = sale.quote;
		try {
			const updated = await this.#deps.journal.record(
				{
					deviceId: sale.deviceId,
					operation: JournalOperation.creditUpdate,
					reference: sale.id,
					request: {
						transactionId: credits.transactionId,
						serviceFeeMinor
					}
				},
				() =>
					platform.credits.update(credits.transactionId, {
						currencyCode: sale.quote.currencyCode,
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
			return this.#deps.sales.save({
				...sale,
				credits: summarize(updated, credits.paymentType, credits.keyHint)
			});
		} catch (error) {
			// Whether the fee was added is unknown or refused: start over rather than charge a guess.
			await this.#cancelCredits(sale);
			throw new CheckoutError(failureOf(error));
		}
	}

	async #cancelCredits(sale: Sale): Promise<Sale> {
		const credits = sale.credits!;
		await this.#deps.journal
			.record(
				{
					deviceId: sale.deviceId,
					operation: JournalOperation.creditCancel,
					reference: sale.id,
					request: { transactionId: credits.transactionId }
				},
				() => this.#deps.platformFor(sale.deviceId).credits.cancel(credits.transactionId)
			)
			// An open cancel is retried by the journal resolver; nothing was deducted either way.
			.catch(() => undefined);
		return this.#deps.sales.save({
			...sale,
			state: 'quoted',
			credits: null,
			keyFingerprint: null,
			creditAttempt: sale.creditAttempt + 1
		});
	}

	async #finalizeCredits(sale: Sale): Promise<Sale> {
		const credits = sale.credits!;
		try {
			await this.#deps.journal.record(
				{
					deviceId: sale.deviceId,
					operation: JournalOperation.creditFinalize,
					reference: sale.id,
					request: { transactionId: credits.transactionId }
				},
				() => this.#deps.platformFor(sale.deviceId).credits.finalize(credits.transactionId)
			);
			return sale;
		} catch (error) {
			// An uncertain finalize is repeated by the journal resolver (spec 3: finalize is
			// repeatable): the guest is not held up.
			if (error instanceof PlatformClientError && error.outcome === 'uncertain') {
				return { ...sale, problem: 'credits-finalize-open' };
			}
			if (sale.cardPaidMinor === 0) {
				// Refused with nothing collected: the sale is unpaid. Cancel works on an expired
				// preview too (spec 3 States: "transaction not finalized"); the guest shows a fresh
				// code ("create a new preview (and a new QR code if the key also expired)").
				await this.#cancelCredits(sale);
				throw new CheckoutError(failureOf(error));
			}
			// The card part is paid: the guest is not held up; staff settle the credits.
			this.#flagForStaff(sale, JournalOperation.creditFinalize);
			return { ...sale, problem: 'credits-not-finalized' };
		}
	}

	/**
	 * spec 1 create has no idempotency key: a lost answer cannot be looked up. Rather than leave a
	 * paying guest without a code, create once more; the first (possibly orphaned) transaction is
	 * flagged for staff in the journal, and its items expire unreturned.
	 */
	async #issueDeposits(sale: Sale): Promise<Sale> {
		const platform = this.#deps.platformFor(sale.deviceId);
		for (let attempt = 1; attempt <= 2; attempt += 1) {
			try {
				const issued = await this.#deps.journal.record(
					{
						deviceId: sale.deviceId,
						operation: JournalOperation.depositCreate,
						reference: sale.id,
						request: { items: sale.quote.depositItems, attempt }
					},
					() => platform.deposits.createTransaction(sale.quote.depositItems),
					(transaction) => ({ sequenceNumber: transaction.sequenceNumber })
				);
				return { ...sale, deposit: depositOf(issued, sale) };
			} catch (error) {
				const uncertain = error instanceof PlatformClientError && error.outcome === 'uncertain';
				if (!uncertain) this.#flagForStaff(sale, JournalOperation.depositCreate);
				if (!uncertain || attempt === 2) return { ...sale, problem: 'deposits-not-issued' };
			}
		}
		return sale;
	}
}

/** Discount-eligible products, and deposit lines without a product id (DESIGN). */
function previewItems(sale: Sale): CreditItem[] {
	return [
		...sale.quote.lines.map((line) => ({
			productId: line.productId,
			name: line.name.en,
			quantity: line.quantity,
			unitPriceMinor: line.unitMinor,
			vat: scaledIntegerToDecimal(line.vatBp, 2)
		})),
		...sale.quote.depositLines.map((line) => ({
			productId: null,
			name: `Deposit: ${line.name}`,
			quantity: line.quantity,
			unitPriceMinor: line.unitMinor,
			vat: scaledIntegerToDecimal(line.vatBp, 2)
		}))
	];
}

/**
 * The platform's figures per line; refused when they do not add up or name a VAT rate the spec
 * does not list (never charge a guess).
 */
export function summarize(
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

function depositOf(
	issued: Awaited<ReturnType<PlatformClient['deposits']['createTransaction']>>,
	sale: Sale
): IssuedDeposit {
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
