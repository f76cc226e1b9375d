/**
 * One HTTP call to the platform: `X-API-Key`, a timeout on every call, the answer validated
 * against a schema, errors typed by kind, and retries with exponential backoff and full jitter
 * as the operation's entry in the retry table (retry-policies.ts) allows.
 *
 * The API key lives only in this class's private options: it is sent as a header and never
 * copied into an error, a log line or a returned object.
 *
 * Every attempt is reported as it ends (metrics/platform-calls.ts: counted, timed and logged by
 * operation and outcome), a retry as an attempt of its own.
 */
import type { z } from 'zod';
import { reportPlatformAttempt } from '../metrics/platform-calls.ts';
import {
	PlatformApiError,
	PlatformClientError,
	PlatformMalformedResponseError,
	PlatformNetworkError,
	PlatformTimeoutError
} from './errors.ts';
import { retryPolicyOf, type OperationId, type RetryPolicy } from './retry-policies.ts';

export interface TransportOptions {
	/** The platform's {base_url}, without a trailing slash. */
	baseUrl: string;
	apiKey: string;
	/** Per attempt; default 10 s. */
	timeoutMs?: number;
	fetch?: typeof fetch;
	/** Waits between retries; tests make it instant. */
	sleep?: (ms: number) => Promise<void>;
	/** Source of jitter in [0, 1). */
	random?: () => number;
	/** Told how each call ended, after its retries (platform-health.ts): null when answered. */
	observe?: (operation: OperationId, error: PlatformClientError | null) => void;
}

const DEFAULT_TIMEOUT_MS = 10_000;

export interface CallSpec<Schema extends z.ZodType> {
	/** The spec's operation id: it chooses the retry policy and names errors and journal entries. */
	operation: OperationId;
	method: 'GET' | 'POST' | 'PUT';
	/** Path and query; path parameters already encoded. */
	path: string;
	body?: unknown;
	headers?: Record<string, string>;
	schema: Schema;
	/**
	 * The spec does not show the success body ("Body of the … response: not shown"): a body that
	 * is not JSON reaches the schema as `undefined` instead of failing as malformed.
	 */
	lenientBody?: boolean;
}

/** Connection errors that prove the request never reached the platform. */
const NOT_SENT_CODES = new Set([
	'ECONNREFUSED',
	'ENOTFOUND',
	'EAI_AGAIN',
	'EHOSTUNREACH',
	'ENETUNREACH',
	'UND_ERR_CONNECT_TIMEOUT',
	'ERR_INVALID_URL'
]);

/** Keys are JWT-like (spec 3): visible ASCII, nothing fetch would refuse as a header value. */
const API_KEY_PATTERN = /^[\x21-\x7e]{1,4096}$/;

type ResolvedOptions = Required<Omit<TransportOptions, 'fetch'>> & { fetch: typeof fetch };

export class PlatformTransport {
	readonly #options: ResolvedOptions;

	constructor(options: TransportOptions) {
		const baseUrl = options.baseUrl.replace(/\/+$/, '');
		if (!URL.canParse(baseUrl) || !/^https?:$/.test(new URL(baseUrl).protocol)) {
			// The URL is configuration, not a secret; the key never appears here.
			throw new TypeError('platform baseUrl must be an absolute http(s) URL');
		}
		if (typeof options.apiKey !== 'string' || !API_KEY_PATTERN.test(options.apiKey)) {
			// fetch would echo an invalid header value, key included, in its error message.
			throw new TypeError(
				'platform apiKey must be printable ASCII without spaces (value withheld)'
			);
		}
		const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
		if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
			throw new TypeError('platform timeoutMs must be a positive number');
		}
		this.#options = {
			fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
			sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
			random: options.random ?? Math.random,
			observe: options.observe ?? (() => undefined),
			apiKey: options.apiKey,
			timeoutMs,
			baseUrl
		};
	}

	get timeoutMs(): number {
		return this.#options.timeoutMs;
	}

	async call<Schema extends z.ZodType>(spec: CallSpec<Schema>): Promise<z.output<Schema>> {
		const retry = retryPolicyOf(spec.operation);
		let earlierUncertain = false;
		for (let attempt = 1; ; attempt += 1) {
			const started = performance.now();
			const report = (error: PlatformClientError | null) =>
				reportPlatformAttempt({
					operation: spec.operation,
					attempt,
					durationMs: performance.now() - started,
					error
				});
			try {
				const result = await this.#attempt(spec);
				report(null);
				this.#options.observe(spec.operation, null);
				return result;
			} catch (thrown) {
				if (!(thrown instanceof PlatformClientError)) throw thrown;
				report(thrown);
				const error: PlatformClientError = earlierUncertain
					? stillUncertain(thrown, attempt)
					: thrown;
				if (attempt >= retry.attempts || !retry.retryOn(error)) {
					this.#options.observe(spec.operation, error);
					throw error;
				}
				earlierUncertain ||= error.outcome === 'uncertain';
				await this.#options.sleep(backoffDelay(retry, attempt, this.#options.random));
			}
		}
	}

	async #attempt<Schema extends z.ZodType>(spec: CallSpec<Schema>): Promise<z.output<Schema>> {
		const { baseUrl, apiKey, timeoutMs } = this.#options;
		const headers: Record<string, string> = {
			accept: 'application/json',
			...spec.headers,
			'x-api-key': apiKey
		};
		if (spec.body !== undefined) headers['content-type'] = 'application/json';
		let response: Response;
		let text: string;
		try {
			response = await this.#options.fetch(baseUrl + spec.path, {
				method: spec.method,
				headers,
				body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
				signal: AbortSignal.timeout(timeoutMs)
			});
			text = await response.text();
		} catch (error) {
			throw classifyFailure(spec.operation, withoutSecret(error, apiKey), timeoutMs);
		}
		let json = parseJson(text);
		if (!response.ok) throw apiError(spec.operation, response.status, json);
		if (json === INVALID_JSON) {
			if (!spec.lenientBody) {
				throw new PlatformMalformedResponseError(spec.operation, response.status, [
					'body is not JSON'
				]);
			}
			json = undefined;
		}
		const result = spec.schema.safeParse(json);
		if (!result.success) {
			throw new PlatformMalformedResponseError(
				spec.operation,
				response.status,
				result.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`)
			);
		}
		return result.data;
	}
}

/** Exponential backoff with full jitter: a delay in [0, min(max, base × 2^(attempt−1))]. */
export function backoffDelay(
	policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs'>,
	attempt: number,
	random: () => number
): number {
	const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
	return Math.round(random() * ceiling);
}

/**
 * After an attempt whose outcome was uncertain, a later failure that would by itself be "known"
 * (refused connection, 503) no longer proves that nothing happened: the earlier attempt may have
 * acted. A definitive 4xx answer still describes the platform's current state and stays known.
 */
function stillUncertain(error: PlatformClientError, attempt: number): PlatformClientError {
	if (error.outcome === 'uncertain') return error;
	if (error instanceof PlatformApiError) {
		if (error.status < 500 && error.status !== 429) return error;
		return new PlatformApiError(
			error.operation,
			error.status,
			error.errorCode,
			`${error.platformMessage} (attempt ${attempt}; an earlier attempt's outcome is uncertain)`,
			error.descriptors,
			'uncertain'
		);
	}
	if (error instanceof PlatformNetworkError) {
		return new PlatformNetworkError(
			error.operation,
			`platform unreachable on attempt ${attempt}; an earlier attempt's outcome is uncertain`,
			'uncertain',
			{ cause: error }
		);
	}
	return error;
}

const INVALID_JSON = Symbol('invalid JSON');

function parseJson(text: string): unknown {
	if (text.trim() === '') return undefined;
	try {
		return JSON.parse(text);
	} catch {
		return INVALID_JSON;
	}
}

function apiError(operation: string, status: number, json: unknown): PlatformApiError {
	const model =
		json !== null && typeof json === 'object'
			? (json as { errorModel?: unknown }).errorModel
			: undefined;
	const envelope =
		model !== null && typeof model === 'object' ? (model as Record<string, unknown>) : undefined;
	const errorCode =
		typeof envelope?.errorCode === 'string' && envelope.errorCode !== ''
			? envelope.errorCode
			: `HTTP_${status}`;
	const message = typeof envelope?.message === 'string' ? envelope.message : 'no error envelope';
	const descriptors = Array.isArray(envelope?.descriptors)
		? envelope.descriptors.filter((item): item is string => typeof item === 'string')
		: [];
	return new PlatformApiError(operation, status, errorCode, message, descriptors);
}

/**
 * Defence in depth: a failure whose text (or its causes' text) contains the API key is replaced
 * by a bare description, so the key cannot travel on as an error's cause.
 */
function withoutSecret(error: unknown, apiKey: string): unknown {
	let current: unknown = error;
	for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth += 1) {
		const { message, stack } = current as { message?: unknown; stack?: unknown };
		if (
			(typeof message === 'string' && message.includes(apiKey)) ||
			(typeof stack === 'string' && stack.includes(apiKey))
		) {
			const name = (error as { name?: unknown }).name;
			const replacement = new Error(
				'request failed; details withheld (they contained the API key)'
			);
			replacement.name = typeof name === 'string' ? name : 'Error';
			return replacement;
		}
		current = (current as { cause?: unknown }).cause;
	}
	return error;
}

function errorCodeOf(error: unknown): string {
	const cause = (error as { cause?: { code?: unknown; errors?: { code?: unknown }[] } } | null)
		?.cause;
	if (typeof cause?.code === 'string') return cause.code;
	// Happy-eyeballs connects fail with an AggregateError of one error per address.
	const first = Array.isArray(cause?.errors) ? cause.errors[0]?.code : undefined;
	return typeof first === 'string' ? first : '';
}

function classifyFailure(
	operation: string,
	error: unknown,
	timeoutMs: number
): PlatformClientError {
	const name = (error as { name?: unknown } | null)?.name;
	if (name === 'TimeoutError' || name === 'AbortError') {
		return new PlatformTimeoutError(operation, timeoutMs);
	}
	const code = errorCodeOf(error);
	const notSent = NOT_SENT_CODES.has(code);
	return new PlatformNetworkError(
		operation,
		notSent ? `platform unreachable (${code})` : `connection lost${code ? ` (${code})` : ''}`,
		notSent ? 'known' : 'uncertain',
		{ cause: error }
	);
}
