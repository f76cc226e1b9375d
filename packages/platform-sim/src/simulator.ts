/**
 * The simulator as one object: explicit state, the route tables, fault injection and the
 * callback sender. `handle` takes one HTTP request and gives the reply; `http-server.ts` puts
 * it on a socket. Every request first runs the expiry checks that have fallen due.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { authenticate } from './auth.ts';
import { createClock } from './clock.ts';
import { CallbackDispatcher } from './counter-orders/callbacks.ts';
import { runExpiryCheck } from './deposits/expiry.ts';
import { PlatformError, SimErrorCode } from './errors.ts';
import { FaultList } from './faults.ts';
import { deviceIdOf, RequestLog } from './request-log.ts';
import { controlRoutes, platformRoutes } from './routes.ts';
import { compileRoutes, matchRoute, type Reply, type SimRequest } from './routing.ts';
import { createDemoState, DEFAULT_SETTINGS } from './seed.ts';
import { isoTime, type SimSettings, type SimState } from './state.ts';

export interface SimulatorOptions {
	settings?: Partial<SimSettings>;
	/** Default callback address for every ORDER device (the platform's console setting). */
	callbackUrl?: string;
	/** Wall clock the simulated time runs on; tests may pin it. */
	wallClock?: () => number;
}

export interface RawRequest {
	method: string;
	/** Path and query, as on the request line. */
	url: string;
	headers: IncomingHttpHeaders;
	/** Body text; undefined or empty when there was none. */
	body?: string;
}

export interface SimReply extends Reply {
	/** Close the connection without answering (fault mode `drop`), after the call took effect. */
	drop?: boolean;
}

const BASE = 'http://simulator.invalid';
const compiledPlatformRoutes = compileRoutes(platformRoutes);
const compiledControlRoutes = compileRoutes(controlRoutes);

export class Simulator {
	state: SimState;
	readonly faults = new FaultList();
	/** Platform calls since the last reset (`GET /_sim/requests`). */
	readonly requests = new RequestLog();
	readonly callbacks: CallbackDispatcher;
	readonly #options: SimulatorOptions;

	constructor(options: SimulatorOptions = {}) {
		this.#options = options;
		this.state = this.#freshState();
		this.callbacks = new CallbackDispatcher(() => this.state);
	}

	/**
	 * Back to the demo seed and a new start clock, as if freshly started: the startup options
	 * (default callback URL, settings) apply again; faults, console changes, pending callback
	 * retries and the request log are dropped.
	 */
	reset(): void {
		this.callbacks.cancelAll();
		this.faults.clear();
		this.requests.clear();
		this.state = this.#freshState();
	}

	/** Runs every expiry check that has fallen due in simulated time. */
	runDueChecks(): void {
		for (const checkAt of this.state.clock.takeDueChecks()) runExpiryCheck(this.state, checkAt);
	}

	async handle(raw: RawRequest): Promise<SimReply> {
		const path = URL.canParse(raw.url, BASE)
			? new URL(raw.url, BASE).pathname
			: (raw.url.split('?')[0] ?? raw.url);
		const control = path === '/_sim' || path.startsWith('/_sim/');
		const reply = await this.#dispatch(raw, control);
		if (!control) {
			this.requests.record({
				method: raw.method.toUpperCase(),
				path,
				deviceId: deviceIdOf(this.state, raw.headers),
				status: reply.status,
				dropped: reply.drop === true,
				at: isoTime(this.state.clock.now())
			});
		}
		return reply;
	}

	close(): void {
		this.callbacks.cancelAll();
	}

	async #dispatch(raw: RawRequest, control: boolean): Promise<SimReply> {
		try {
			const url = new URL(raw.url, BASE);
			const request: SimRequest = {
				method: raw.method.toUpperCase(),
				path: url.pathname,
				params: {},
				query: url.searchParams,
				headers: raw.headers,
				body: parseJsonBody(raw.body)
			};
			return control ? await this.#handleControl(request) : await this.#handlePlatform(request);
		} catch (error) {
			return errorReply(error);
		}
	}

	async #handlePlatform(request: SimRequest): Promise<SimReply> {
		const fault = this.faults.take(request.method, request.path);
		if (fault?.mode === 'delay') await sleep(fault.delayMs ?? 0);
		if (fault?.mode === 'status') {
			const status = fault.status ?? 503;
			const code =
				fault.errorCode ??
				(status === 503 ? SimErrorCode.serviceUnavailable : SimErrorCode.simulatedFault);
			return errorReply(new PlatformError(status, code, `Simulated fault: HTTP ${status}.`));
		}
		const reply = this.#runPlatformRoute(request);
		return fault?.mode === 'drop' ? { ...reply, drop: true } : reply;
	}

	#runPlatformRoute(request: SimRequest): SimReply {
		try {
			const match = matchRoute(compiledPlatformRoutes, request.method, request.path);
			if (match.kind !== 'found') throw routeError(match);
			this.runDueChecks();
			const device = authenticate(this.state, request.headers, match.route);
			return match.route.handle({
				sim: this,
				request: { ...request, params: match.params },
				device,
				now: this.state.clock.now()
			});
		} catch (error) {
			return errorReply(error);
		}
	}

	async #handleControl(request: SimRequest): Promise<SimReply> {
		const match = matchRoute(compiledControlRoutes, request.method, request.path);
		if (match.kind !== 'found') throw routeError(match);
		this.runDueChecks();
		return match.route.handle({ sim: this, request: { ...request, params: match.params } });
	}

	#freshState(): SimState {
		const state = createDemoState(createClock(this.#options.wallClock), {
			...DEFAULT_SETTINGS,
			...this.#options.settings
		});
		if (this.#options.callbackUrl) state.callbackUrls.set('*', this.#options.callbackUrl);
		return state;
	}
}

function parseJsonBody(body: string | undefined): unknown {
	if (body === undefined || body.trim() === '') return undefined;
	try {
		return JSON.parse(body);
	} catch {
		throw new PlatformError(400, SimErrorCode.malformedJson, 'The request body is not valid JSON.');
	}
}

function routeError(match: { kind: 'wrong-method'; allowed: string[] } | { kind: 'none' }) {
	return match.kind === 'wrong-method'
		? new PlatformError(405, SimErrorCode.methodNotAllowed, 'Method not allowed.', match.allowed)
		: new PlatformError(404, SimErrorCode.notFound, 'No such endpoint.');
}

function errorReply(error: unknown): SimReply {
	if (error instanceof PlatformError) return { status: error.status, body: error.toEnvelope() };
	if (error instanceof URIError) {
		const malformed = new PlatformError(400, SimErrorCode.validationFailed, 'Malformed URL.');
		return { status: 400, body: malformed.toEnvelope() };
	}
	// A defect in the simulator itself: still the envelope, never a stack trace.
	console.error('simulator defect:', error);
	const defect = new PlatformError(500, 'INTERNAL_ERROR', 'The simulator failed unexpectedly.');
	return { status: 500, body: defect.toEnvelope() };
}

function sleep(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}
