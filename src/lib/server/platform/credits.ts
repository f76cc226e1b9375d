/**
 * Loyalty credit payments (spec 3): preview, update, finalize, cancel, refund.
 *
 * Retries come from the client's one table (retry-policies.ts): preview (the SAME
 * X-Idempotency-Key on every attempt answers the first one's transaction), finalize (same id,
 * same items: spec 3) and cancel (never deducts) are REPEATABLE; update (adds items) and refund
 * (gives credits back) are NOT_APPLIED_ONLY — retried only on a 503, a 429 or a refused
 * connection, never after an uncertain outcome.
 *
 * Amounts are integer minor units of the request's currency; VAT is the spec's rate number,
 * one of SUPPORTED_VAT_RATES.
 */
import { fromMinor } from '@venue-kiosk/vocabulary/money.ts';
import { PAYMENT_TYPES, type PaymentType } from '@venue-kiosk/vocabulary/platform-vocabulary.ts';
import { SUPPORTED_VAT_RATES } from '@venue-kiosk/vocabulary/vat.ts';
import { normalizeTransactionKey } from '#lib/shared/transaction-key.ts';
import {
	creditTransactionSchema,
	notShownBodySchema,
	type CreditTransaction
} from './schemas/credits.ts';
import type { OperationId } from './retry-policies.ts';
import type { PlatformTransport } from './transport.ts';
import { assertValid, HEADER_VALUE_PATTERN, RequestProblems, segment } from './validation.ts';

export type { CreditTransaction } from './schemas/credits.ts';

/** The error codes of spec 3's table ("Errors"). Statuses other than INSUFFICIENT_CREDIT's 400 are not shown. */
export const CreditErrorCode = {
	authorization: 'AUTHORIZATION',
	noRightAuthority: 'EXTERNAL_DEVICE_HAS_NO_RIGHT_AUTHORITY',
	transactionKeyFormatNotValid: 'X_TRANSACTION_KEY_FORMAT_IS_NOT_VALID',
	transactionKeyHasNoRightAuthority: 'X_TRANSACTION_HAS_NO_RIGHT_AUTHORITY',
	transactionKeyHasExpired: 'X_TRANSACTION_HAS_EXPIRED',
	transactionKeyNotActive: 'X_TRANSACTION_IS_NOT_IN_ACTIVE_STATUS',
	insufficientCredit: 'INSUFFICIENT_CREDIT',
	previewHasExpired: 'CREDIT_TRANSACTION_PREVIEW_HAS_EXPIRED',
	finalizedWithDifferentItems: 'CREDIT_TRANSACTION_HAS_ALREADY_BEEN_FINALIZED_WITH_DIFFERENT_ITEMS',
	idempotencyKeyReused: 'IDEMPOTENCY_KEY_HAS_ALREADY_BEEN_USED_WITH_DIFFERENT_VALUES',
	unsupportedVat: 'COULD_NOT_MAP_BIG_DECIMAL_TO_VAT_ENUM_VALUE',
	refundWindowPassed: 'CREDIT_TRANSACTION_CAN_NO_LONGER_BE_REFUNDED_BY_EXTERNAL_DEVICE'
} as const;
export type CreditErrorCode = (typeof CreditErrorCode)[keyof typeof CreditErrorCode];

/** IntegrationCreditTransactionItemGroupRequest in minor units. */
export interface CreditItem {
	/** 1..255 characters, or null for a line without a product (no discount can apply). */
	productId: string | null;
	/** 1..1000 characters. */
	name: string;
	/** ≥ 1. */
	quantity: number;
	/** Gross unit price, integer minor units of the request's currency, ≥ 0. */
	unitPriceMinor: number;
	/** VAT rate in percent, one of SUPPORTED_VAT_RATES (e.g. 19, 5.5). */
	vat: number;
}

export interface CreditPreviewRequest {
	/** As scanned: trimmed, left-padded with zeros to 32, then ^[0-9a-fA-F]{32}$. */
	transactionKey: string;
	/** 1..255 visible ASCII characters; stable for one checkout and one transaction key. */
	idempotencyKey: string;
	paymentType: PaymentType;
	/** ISO 4217, ^[A-Z]{3}$. */
	currencyCode: string;
	/** The discount-eligible items; at least one. */
	items: CreditItem[];
}

export interface CreditUpdateRequest {
	currencyCode: string;
	/** Items without discount (service fee, tip); at least one. */
	newItems: CreditItem[];
}

export interface CreditRefundRequest {
	/** 1..2000 characters. */
	comment?: string;
}

const BASE = '/integrations/credit-transactions';

function checkItems(
	problems: RequestProblems,
	items: unknown,
	currencyCode: unknown,
	field: string
): void {
	if (!problems.check(Array.isArray(items) && items.length > 0, field, 'at least one item')) return;
	(items as Partial<CreditItem>[]).forEach((item, index) => {
		const path = `${field}.${index}`;
		if (item?.productId !== null) problems.text(item?.productId, `${path}.productId`, 1, 255);
		problems.text(item?.name, `${path}.name`, 1, 1000);
		problems.check(
			typeof item?.quantity === 'number' && Number.isFinite(item.quantity) && item.quantity >= 1,
			`${path}.quantity`,
			'must be a number ≥ 1'
		);
		problems.minorAmount(item?.unitPriceMinor, currencyCode, `${path}.unitPriceMinor`);
		problems.check(
			typeof item?.vat === 'number' && SUPPORTED_VAT_RATES.includes(item.vat),
			`${path}.vat`,
			'must be one of the supported VAT rates'
		);
	});
}

function itemsBody(items: CreditItem[], currencyCode: string) {
	return items.map((item) => ({
		productId: item.productId,
		name: item.name,
		quantity: item.quantity,
		unitPrice: fromMinor(item.unitPriceMinor, currencyCode),
		vat: item.vat
	}));
}

export class CreditsResource {
	readonly #transport: PlatformTransport;

	constructor(transport: PlatformTransport) {
		this.#transport = transport;
	}

	/**
	 * createCreditTransactionPreview: creates the transaction with discounts; nothing deducted.
	 * The transaction key is normalised and the request checked before anything is sent.
	 */
	async preview(request: CreditPreviewRequest): Promise<CreditTransaction> {
		const operation = 'createCreditTransactionPreview';
		const problems = new RequestProblems();
		const { transactionKey, idempotencyKey, paymentType, currencyCode, items } = request;
		const normalized = normalizeTransactionKey(transactionKey);
		if (normalized.key === null) problems.add('transactionKey', normalized.reason);
		if (problems.text(idempotencyKey, 'idempotencyKey', 1, 255)) {
			problems.check(
				HEADER_VALUE_PATTERN.test(idempotencyKey),
				'idempotencyKey',
				'must be visible ASCII without surrounding spaces'
			);
		}
		problems.check(
			(PAYMENT_TYPES as readonly string[]).includes(paymentType),
			'paymentType',
			'unknown payment type'
		);
		problems.currency(currencyCode, 'currencyCode');
		checkItems(problems, items, currencyCode, 'items');
		assertValid(operation, problems);
		return this.#transport.call({
			operation,
			method: 'POST',
			path: `/v3${BASE}/preview`,
			headers: {
				'x-transaction-key': normalized.key as string,
				'x-idempotency-key': idempotencyKey
			},
			body: { paymentType, currencyCode, items: itemsBody(items, currencyCode) },
			schema: creditTransactionSchema
		});
	}

	/** updateCreditTransaction: adds items without discount; retried only when not applied. */
	async update(transactionId: string, request: CreditUpdateRequest): Promise<CreditTransaction> {
		const operation = 'updateCreditTransaction';
		const problems = new RequestProblems();
		problems.id(transactionId, 'transactionId');
		const { currencyCode, newItems } = request;
		problems.currency(currencyCode, 'currencyCode');
		checkItems(problems, newItems, currencyCode, 'newItems');
		assertValid(operation, problems);
		return this.#transport.call({
			operation,
			method: 'POST',
			path: `/v1${BASE}/${segment(transactionId)}/update`,
			body: { currencyCode, newItems: itemsBody(newItems, currencyCode) },
			schema: creditTransactionSchema
		});
	}

	/**
	 * finalizeCreditTransactionPreview: deducts the credits. Only after the outstanding balance
	 * was collected. Retried on any non-definitive failure (same id, same items). Resolves to the Transaction
	 * response when the platform sends one (its body is "not shown"), else null; the receipt
	 * figures are those of the latest preview or update.
	 */
	async finalize(transactionId: string): Promise<CreditTransaction | null> {
		return this.#lifecycle('finalizeCreditTransactionPreview', 'v3', 'finalize', transactionId);
	}

	/** cancelCreditTransaction: nothing deducted; the guest's key is used up. Retried (repeatable). */
	async cancel(transactionId: string): Promise<CreditTransaction | null> {
		return this.#lifecycle('cancelCreditTransaction', 'v1', 'cancel', transactionId);
	}

	/** refundCreditTransactionByIntegration: credits back, within 24 h of finalize. Never retried. */
	async refund(
		transactionId: string,
		request: CreditRefundRequest = {}
	): Promise<CreditTransaction | null> {
		const problems = new RequestProblems();
		const { comment } = request;
		if (comment !== undefined) problems.text(comment, 'comment', 1, 2000);
		return this.#lifecycle(
			'refundCreditTransactionByIntegration',
			'v1',
			'refund',
			transactionId,
			comment === undefined ? {} : { comment },
			problems
		);
	}

	async #lifecycle(
		operation: OperationId,
		version: 'v1' | 'v3',
		step: string,
		transactionId: string,
		body?: unknown,
		problems = new RequestProblems()
	): Promise<CreditTransaction | null> {
		problems.id(transactionId, 'transactionId');
		assertValid(operation, problems);
		return this.#transport.call({
			operation,
			method: 'POST',
			path: `/${version}${BASE}/${segment(transactionId)}/${step}`,
			body,
			schema: notShownBodySchema,
			lenientBody: true
		});
	}
}
