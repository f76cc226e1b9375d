/**
 * Helpers for the credit contract tests (spec 3): paths, item builders, fresh transaction keys,
 * previews and wallet balances through the control API. The simulated clock is pinned, so time
 * moves only through POST /_sim/clock and expiry boundaries can be tested to the millisecond.
 */
import { expect } from 'vitest';
import { toMinor } from '@venue-kiosk/vocabulary/money.ts';
import type { PaymentType } from '@venue-kiosk/vocabulary/platform-vocabulary.ts';
import { errorCodeOf, type Harness, type HttpResult } from './harness.ts';

/** Pinned wall clock for `useSimulator({ wallClock })`. */
export const PINNED_NOW = Date.UTC(2025, 6, 5, 18, 0, 0);
export const pinnedClock = () => PINNED_NOW;

export const KIOSK = 'dev_kiosk_main';

export const paths = {
	preview: '/v3/integrations/credit-transactions/preview',
	update: (id: string) => `/v1/integrations/credit-transactions/${id}/update`,
	finalize: (id: string) => `/v3/integrations/credit-transactions/${id}/finalize`,
	cancel: (id: string) => `/v1/integrations/credit-transactions/${id}/cancel`,
	refund: (id: string) => `/v1/integrations/credit-transactions/${id}/refund`
};

export interface Item {
	productId?: string | null;
	name: string;
	quantity: number;
	unitPrice: number;
	vat: number;
	[extra: string]: unknown;
}

/** Seed products (packages/platform-sim/src/seed.ts) with their menu prices and VAT rates. */
export const items = {
	/** 5.50, VAT 19, loyalty discount 10 %. */
	pils: (quantity = 1): Item => ({
		productId: 'drink_pils',
		name: 'Pilsner 0.4 l',
		quantity,
		unitPrice: 5.5,
		vat: 19
	}),
	/** 4.50, VAT 7.7, loyalty discount 15 %. */
	lemonade: (quantity = 1): Item => ({
		productId: 'drink_lemonade',
		name: 'Homemade lemonade 0.4 l',
		quantity,
		unitPrice: 4.5,
		vat: 7.7
	}),
	/** 3.20, VAT 5.5, loyalty discount 20 %. */
	coffee: (quantity = 1): Item => ({
		productId: 'drink_coffee',
		name: 'Filter coffee',
		quantity,
		unitPrice: 3.2,
		vat: 5.5
	}),
	/** 3.00, VAT 7, no discount. */
	water: (quantity = 1): Item => ({
		productId: 'drink_water',
		name: 'Still water 0.5 l',
		quantity,
		unitPrice: 3,
		vat: 7
	}),
	/** A line without productId (a deposit, as the kiosk sends it), never discounted. */
	unlisted: (unitPrice: number, quantity = 1): Item => ({
		productId: null,
		name: 'Cup deposit',
		quantity,
		unitPrice,
		vat: 0
	}),
	/** A service fee, added through update (spec 3: "Service fees … are added through update"). */
	serviceFee: (unitPrice = 1): Item => ({ name: 'Service fee', quantity: 1, unitPrice, vat: 19 })
};

export function previewBody(paymentType: PaymentType, cart: unknown[], currencyCode = 'EUR') {
	return { paymentType, currencyCode, items: cart };
}

let idempotencyCounter = 0;
/** A fresh idempotency key, unique in the test run. */
export function freshIdempotencyKey(): string {
	idempotencyCounter += 1;
	return `checkout-${idempotencyCounter}-${Math.random().toString(36).slice(2)}`;
}

/** POST /_sim/transaction-keys: a fresh ACTIVE key for the wallet. */
export async function newKey(
	sim: Harness,
	walletId: string,
	leadingZeros?: number
): Promise<string> {
	const result = await sim.control('POST', '/_sim/transaction-keys', { walletId, leadingZeros });
	expect(result.status).toBe(201);
	return result.body.transactionKey as string;
}

export interface PreviewCall {
	key: string;
	body: unknown;
	idempotencyKey?: string;
	device?: string | null;
	headers?: Record<string, string>;
}

/** POST …/preview with both preview headers (override or drop them via `headers`). */
export function preview(sim: Harness, call: PreviewCall): Promise<HttpResult> {
	const headers: Record<string, string> = {
		'X-Transaction-Key': call.key,
		'X-Idempotency-Key': call.idempotencyKey ?? freshIdempotencyKey(),
		...call.headers
	};
	return sim.call(call.device === undefined ? KIOSK : call.device, 'POST', paths.preview, {
		body: call.body,
		headers
	});
}

/** A preview that must succeed; gives the Transaction response. */
export async function previewOk(
	sim: Harness,
	walletId: string,
	paymentType: PaymentType,
	cart: unknown[],
	device: string = KIOSK
) {
	const key = await newKey(sim, walletId);
	const result = await preview(sim, { key, body: previewBody(paymentType, cart), device });
	expect(result.status, JSON.stringify(result.body)).toBe(201);
	return result.body as TransactionResponse;
}

interface TransactionItemResponse {
	productId: string | null;
	name: string;
	unitPrice: number;
	quantity: number;
	credits: number;
	discount: number;
	outstandingBalance: number;
	vat: number;
}

export interface TransactionResponse {
	transactionId: string;
	totalCredits: number;
	totalDiscount: number;
	outstandingBalance: number;
	currencyCode: string;
	items: TransactionItemResponse[];
}

/** POST to update/finalize/cancel/refund. */
export function lifecycle(
	sim: Harness,
	step: 'update' | 'finalize' | 'cancel' | 'refund',
	id: string,
	body?: unknown,
	device: string | null = KIOSK
): Promise<HttpResult> {
	return sim.call(device, 'POST', paths[step](id), body === undefined ? {} : { body });
}

/** GET /_sim/wallets/{id} → balance in major units. */
export async function balanceOf(sim: Harness, walletId: string): Promise<number> {
	const result = await sim.control('GET', `/_sim/wallets/${walletId}`);
	expect(result.status).toBe(200);
	return result.body.balance as number;
}

/** POST /_sim/clock { advanceMinutes }. */
export async function advance(sim: Harness, minutes: number): Promise<void> {
	const result = await sim.control('POST', '/_sim/clock', { advanceMinutes: minutes });
	expect(result.status).toBe(200);
}

/** Asserts a 4xx error envelope with this status and code; gives the descriptors. */
export function expectError(result: HttpResult, status: number, errorCode: string): string[] {
	expect(result.status, JSON.stringify(result.body)).toBe(status);
	expect(errorCodeOf(result)).toBe(errorCode);
	expect(result.body.errorModel).toEqual({
		errorCode,
		message: expect.any(String),
		descriptors: expect.any(Array)
	});
	return result.body.errorModel.descriptors as string[];
}

/** Major units (as the API sends them) → EUR cents; fails on more than two decimals. */
export function cents(amount: number): number {
	return toMinor(amount, 'EUR');
}
