/**
 * The guest screen's calls to the kiosk JSON API (src/routes/api/kiosk/sales). Every answer is
 * a sale view or a failure code; a lost connection or an unexpected answer is a failure too, so
 * the screen always knows what to say.
 */
import { resolve } from '$app/paths';
import type { SaleView } from '#lib/shared/sale-view.ts';
import { API_FAILURES, type ApiFailure } from './failures.ts';
import type { BasketLine } from './types.ts';

export type ApiResult<T> = { ok: true; value: T } | { ok: false; failure: ApiFailure };

export type TerminalAnswer = 'approved' | 'declined' | 'cancelled';

/** What a ZVT terminal shows while a payment runs (packages/zvt/src/intermediate-status.ts). */
export interface TerminalProgress {
	messageId: 'insert-card' | 'pin-entry' | 'please-wait' | 'remove-card' | 'declined' | 'other';
}

/** How a receipt went to the kiosk's printer (server/printer/receipt-printing.ts). */
export type ReceiptPrintOutcome =
	| 'printed'
	| 'paper-out'
	| 'cover-open'
	| 'offline'
	| 'failed'
	| 'no-printer'
	| 'not-paid'
	| 'already-printed';

type Fetch = typeof fetch;

const isFailure = (value: unknown): value is ApiFailure =>
	typeof value === 'string' && (API_FAILURES as readonly string[]).includes(value);

async function call<T>(
	fetcher: Fetch,
	url: string,
	method: 'GET' | 'POST',
	body?: unknown
): Promise<ApiResult<T>> {
	let response: Response;
	try {
		response = await fetcher(url, {
			method,
			headers: body === undefined ? {} : { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
			cache: 'no-store'
		});
	} catch {
		return { ok: false, failure: 'network' };
	}
	let payload: unknown;
	try {
		payload = await response.json();
	} catch {
		return { ok: false, failure: response.ok ? 'server' : statusFailure(response.status) };
	}
	if (response.ok) return { ok: true, value: payload as T };
	const failure = (payload as { error?: { failure?: unknown } } | null)?.error?.failure;
	return { ok: false, failure: isFailure(failure) ? failure : statusFailure(response.status) };
}

const statusFailure = (status: number): ApiFailure =>
	status === 401 ? 'not-paired' : status >= 400 && status < 500 ? 'bad-request' : 'server';

export class KioskApi {
	readonly #fetch: Fetch;

	constructor(fetcher: Fetch = (input, init) => fetch(input, init)) {
		this.#fetch = fetcher;
	}

	/** `confirmedAge`: the age the guest confirmed (#lib/shared/age-limits.ts), 0 for none. */
	start(basket: readonly BasketLine[], confirmedAge: number): Promise<ApiResult<SaleView>> {
		return call(this.#fetch, resolve('/api/kiosk/sales'), 'POST', { basket, confirmedAge });
	}

	get(id: string): Promise<ApiResult<SaleView>> {
		return call(this.#fetch, resolve('/api/kiosk/sales/[id]', { id }), 'GET');
	}

	loyalty(id: string, key: string): Promise<ApiResult<SaleView>> {
		return call(this.#fetch, resolve('/api/kiosk/sales/[id]/loyalty', { id }), 'POST', { key });
	}

	/** Waits until the card terminal is answered (or nothing is left to pay), then completes. */
	pay(id: string): Promise<ApiResult<SaleView>> {
		return call(this.#fetch, resolve('/api/kiosk/sales/[id]/pay', { id }), 'POST');
	}

	/** The receipt of a paid sale on the kiosk's printer, in the guest's language. */
	print(id: string, locale: string): Promise<ApiResult<{ outcome: ReceiptPrintOutcome }>> {
		return call(this.#fetch, resolve('/api/kiosk/sales/[id]/print', { id }), 'POST', { locale });
	}

	/** What the kiosk's card terminal shows for this sale's payment now (a ZVT terminal). */
	terminalProgress(id: string): Promise<ApiResult<{ progress: TerminalProgress | null }>> {
		return call(this.#fetch, resolve('/api/kiosk/sales/[id]/terminal', { id }), 'GET');
	}

	/** The simulated terminal's answer for the pending payment of this sale. */
	terminal(id: string, outcome: TerminalAnswer): Promise<ApiResult<{ answered: TerminalAnswer }>> {
		return call(this.#fetch, resolve('/api/kiosk/sales/[id]/terminal', { id }), 'POST', {
			outcome
		});
	}

	abandon(id: string): Promise<ApiResult<SaleView>> {
		return call(this.#fetch, resolve('/api/kiosk/sales/[id]/abandon', { id }), 'POST');
	}

	/** The guest is still there: the server does not release the open sale as unattended. */
	keepAlive(id: string): Promise<ApiResult<SaleView>> {
		return call(this.#fetch, resolve('/api/kiosk/sales/[id]/keepalive', { id }), 'POST');
	}
}
