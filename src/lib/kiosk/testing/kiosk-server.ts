/**
 * The kiosk server as a guest screen's spec sees it: at the fetch boundary of kiosk-api.ts. Each
 * call of the JSON API takes the next answer scripted for it — a body, a failure code as the
 * server words it, or a lost connection — and is recorded; an answer can be held back (the card
 * terminal waiting for a tap) and the spec told when a call arrives. A call nothing was scripted
 * for fails the spec, so every request the screen sends is one the spec expected.
 */
import type { ApiFailure } from '../failures.ts';
import type { ReceiptPrintOutcome, TerminalAnswer, TerminalProgress } from '../kiosk-api.ts';
import type { SaleView } from '#lib/shared/sale-view.ts';

/** The answer bodies of the JSON API's calls (src/routes/api/kiosk/sales). */
export interface KioskAnswers {
	start: SaleView;
	get: SaleView;
	loyalty: SaleView;
	pay: SaleView;
	abandon: SaleView;
	keepalive: SaleView;
	print: { outcome: ReceiptPrintOutcome };
	terminal: { answered: TerminalAnswer };
	'terminal-progress': { progress: TerminalProgress | null };
}

export type KioskCall = keyof KioskAnswers;

/** What the server does with one call. */
export type Reply<T> =
	| { status: 200; body: T }
	| { status: number; body: { error: { failure: ApiFailure } } }
	/** The connection dropped: no answer at all (fetch rejects). */
	| 'lost';

/** Typed answers: `reply.ok(sale)`, `reply.failure('card-declined')`, `reply.lost`. */
export const reply = {
	ok: <T>(body: T): Reply<T> => ({ status: 200, body }),
	/** A failure the server names (its status as kiosk-api.ts on the server answers it). */
	failure: (failure: ApiFailure, status = 409): Reply<never> => ({
		status,
		body: { error: { failure } }
	}),
	lost: 'lost' as const
};

export interface RecordedCall {
	call: KioskCall;
	saleId: string | null;
	body: unknown;
}

const ACTIONS: Record<string, KioskCall> = {
	'POST loyalty': 'loyalty',
	'POST pay': 'pay',
	'POST abandon': 'abandon',
	'POST keepalive': 'keepalive',
	'POST print': 'print',
	'POST terminal': 'terminal',
	'GET terminal': 'terminal-progress'
};

function callOf(method: string, path: string): { call: KioskCall; saleId: string | null } {
	const [, saleId, action] = /^\/api\/kiosk\/sales(?:\/([^/]+)(?:\/([^/]+))?)?$/.exec(path) ?? [];
	if (saleId === undefined && method === 'POST') return { call: 'start', saleId: null };
	if (saleId !== undefined && action === undefined && method === 'GET')
		return { call: 'get', saleId };
	const call = ACTIONS[`${method} ${action}`];
	if (!call || saleId === undefined) throw new Error(`no such kiosk API call: ${method} ${path}`);
	return { call, saleId };
}

export class FakeKioskServer {
	readonly calls: RecordedCall[] = [];
	/** Calls that came in with no answer scripted (each fails the spec's check). */
	readonly unexpected: RecordedCall[] = [];
	readonly #script = new Map<KioskCall, Promise<Reply<unknown>>[]>();
	readonly #arrivals = new Map<KioskCall, (() => void)[]>();

	/** The next answers to `call`, in order. */
	answer<C extends KioskCall>(call: C, ...replies: Reply<KioskAnswers[C]>[]): void {
		this.#queue(call).push(...replies.map((each) => Promise.resolve(each)));
	}

	/** The next answer to `call` waits until `give` is called (the terminal waits for a tap). */
	hold<C extends KioskCall>(call: C): { give(answer: Reply<KioskAnswers[C]>): void } {
		let give: (answer: Reply<KioskAnswers[C]>) => void = () => {};
		this.#queue(call).push(new Promise((resolve) => (give = resolve)));
		return { give: (answer) => give(answer) };
	}

	/** Resolves when the next `call` comes in. */
	arrival(call: KioskCall): Promise<void> {
		return new Promise((resolve) => {
			const waiting = this.#arrivals.get(call) ?? [];
			waiting.push(resolve);
			this.#arrivals.set(call, waiting);
		});
	}

	/** How often `call` was made. */
	count(call: KioskCall): number {
		return this.calls.filter((each) => each.call === call).length;
	}

	/** The fetch the screen's KioskApi is given. */
	readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
		const method = init?.method ?? 'GET';
		const { call, saleId } = callOf(method, new URL(String(input), 'http://kiosk.test').pathname);
		const recorded = {
			call,
			saleId,
			body: typeof init?.body === 'string' ? JSON.parse(init.body) : null
		};
		this.calls.push(recorded);
		for (const arrived of this.#arrivals.get(call)?.splice(0) ?? []) arrived();
		const next = this.#script.get(call)?.shift();
		if (!next) {
			this.unexpected.push(recorded);
			throw new Error(`unexpected kiosk API call: ${call}`);
		}
		const answer = await next;
		if (answer === 'lost') throw new TypeError('fetch failed');
		return new Response(JSON.stringify(answer.body), {
			status: answer.status,
			headers: { 'content-type': 'application/json' }
		});
	};

	#queue(call: KioskCall): Promise<Reply<unknown>>[] {
		const queue = this.#script.get(call) ?? [];
		this.#script.set(call, queue);
		return queue;
	}
}
