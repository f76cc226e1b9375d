/**
 * A scripted `fetch` for unit tests: each call takes the next step of the script (the last one
 * repeats) and is recorded with its URL, method, headers and parsed body.
 */

export interface RecordedCall {
	url: string;
	method: string;
	headers: Record<string, string>;
	body: unknown;
}

export type Step = Response | Error | 'hang' | ((call: RecordedCall) => Response | Error | 'hang');

export interface FakeFetch {
	fetch: typeof fetch;
	calls: RecordedCall[];
}

export function json(body: unknown, status = 200): Response {
	return new Response(JSON.stringify(body), {
		status,
		headers: { 'content-type': 'application/json' }
	});
}

export function envelope(status: number, errorCode: string, descriptors: string[] = []): Response {
	return json({ errorModel: { errorCode, message: `${errorCode} happened`, descriptors } }, status);
}

/** A network failure as undici reports it: TypeError('fetch failed') with a coded cause. */
export function networkFailure(code: string): Error {
	const cause = Object.assign(new Error(`socket failure ${code}`), { code });
	return new TypeError('fetch failed', { cause });
}

export function fakeFetch(...script: Step[]): FakeFetch {
	const calls: RecordedCall[] = [];
	const fetchImpl = async (input: RequestInfo | URL, init: RequestInit = {}) => {
		const headers: Record<string, string> = {};
		new Headers(init.headers).forEach((value, key) => (headers[key] = value));
		const call: RecordedCall = {
			url: String(input),
			method: init.method ?? 'GET',
			headers,
			body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined
		};
		calls.push(call);
		const raw = script[Math.min(calls.length - 1, script.length - 1)];
		const step = typeof raw === 'function' ? raw(call) : raw;
		if (step === undefined) throw new Error('fake fetch: empty script');
		if (step === 'hang') {
			return new Promise<Response>((_, reject) => {
				const signal = init.signal;
				if (!signal) return;
				signal.addEventListener('abort', () => reject(signal.reason), { once: true });
			});
		}
		if (step instanceof Error) throw step;
		return step.clone();
	};
	return { fetch: fetchImpl as typeof fetch, calls };
}
