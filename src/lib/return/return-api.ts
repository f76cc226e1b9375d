/**
 * The return station's calls to its JSON API (src/routes/api/return). Every answer is a view or
 * a failure code (with the issuing place or the fresh counts where the server gives them); a
 * lost connection or an unexpected answer is a failure too.
 */
import { resolve } from '$app/paths';
import type { ReturnPreviewView, ReturnResultView } from '#lib/shared/return-view.ts';
import { RETURN_API_FAILURES, type ReturnApiFailure } from './failures.ts';
import type { Quantities } from './types.ts';

export type ReturnApiResult<T> =
	| { ok: true; value: T }
	| {
			ok: false;
			failure: ReturnApiFailure;
			/** `other-location`: where the code was issued, when known. */
			place: string | null;
			/** `counts-changed`: the fresh counts. */
			preview: ReturnPreviewView | null;
			/** `staff-pin-rate-limited`: how long the PIN keypad waits. */
			waitMs: number | null;
	  };

export interface ConfirmRequest {
	returnId: string;
	code: string;
	quantities: Quantities;
	pin?: string;
}

type Fetch = typeof fetch;

const isFailure = (value: unknown): value is ReturnApiFailure =>
	typeof value === 'string' && (RETURN_API_FAILURES as readonly string[]).includes(value);

const failed = (
	failure: ReturnApiFailure,
	details: { place?: unknown; preview?: unknown; waitMs?: unknown } = {}
): ReturnApiResult<never> => ({
	ok: false,
	failure,
	place: typeof details.place === 'string' ? details.place : null,
	waitMs: typeof details.waitMs === 'number' ? details.waitMs : null,
	preview:
		details.preview && typeof details.preview === 'object'
			? (details.preview as ReturnPreviewView)
			: null
});

async function post<T>(fetcher: Fetch, url: string, body: unknown): Promise<ReturnApiResult<T>> {
	let response: Response;
	try {
		response = await fetcher(url, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(body),
			cache: 'no-store'
		});
	} catch {
		return failed('network');
	}
	let payload: unknown;
	try {
		payload = await response.json();
	} catch {
		return failed(response.ok ? 'server' : statusFailure(response.status));
	}
	if (response.ok) return { ok: true, value: payload as T };
	const error = (payload as { error?: Record<string, unknown> } | null)?.error ?? {};
	return failed(isFailure(error.failure) ? error.failure : statusFailure(response.status), error);
}

const statusFailure = (status: number): ReturnApiFailure =>
	status === 401 ? 'not-paired' : status >= 400 && status < 500 ? 'bad-request' : 'server';

export class ReturnApi {
	readonly #fetch: Fetch;

	constructor(fetcher: Fetch = (input, init) => fetch(input, init)) {
		this.#fetch = fetcher;
	}

	preview(code: string): Promise<ReturnApiResult<ReturnPreviewView>> {
		return post(this.#fetch, resolve('/api/return/preview'), { code });
	}

	/** Safe to repeat with the same request: the server answers what happened to that return. */
	confirm(request: ConfirmRequest): Promise<ReturnApiResult<ReturnResultView>> {
		return post(this.#fetch, resolve('/api/return/confirm'), request);
	}
}
