/**
 * A screen's live feed (server-sent events): the order board's and the pickup screen's (`orders`),
 * the ordering kiosk's (`menu`). It reconnects by itself, catches up on what it missed, and its
 * status is 'live' only while events actually arrive.
 *
 * The server sends the feed's event (with an `id`) whenever something changes and `ping` every
 * 10 s. An open
 * connection alone is not live: a proxy can hold a dead one open, so 'live' needs an event after
 * the open, and a watchdog drops back to 'reconnecting' when nothing arrives for a while.
 */
import { systemTimers, type Timers } from './timers.ts';

export type ConnectionStatus = 'connecting' | 'live' | 'reconnecting';

/** What the feed's server sends on a change: the orders (board, pickup) or the menu (kiosk). */
export type FeedEvent = 'orders' | 'menu';

/** What the board needs of an EventSource (a spec gives it a fake). */
export interface EventSourceLike {
	/** 0 connecting, 1 open, 2 closed: the browser gave up and will not retry by itself. */
	readonly readyState: number;
	addEventListener(type: 'open' | 'error' | FeedEvent | 'ping', listener: () => void): void;
	close(): void;
}

/** Where the browser announces that the network came or went (the page's `window`). */
export interface NetworkEventsLike {
	addEventListener(type: 'online' | 'offline', listener: () => void): void;
	removeEventListener(type: 'online' | 'offline', listener: () => void): void;
}

export interface LiveConnectionOptions {
	url: string;
	/** The event of a change; `orders` unless told. */
	event?: FeedEvent;
	/** Something changed, or may have while the screen was not connected: read it again. */
	onChange: () => void;
	createEventSource?: (url: string) => EventSourceLike;
	heartbeatTimeoutMs?: number;
	timers?: Pick<Timers, 'setTimeout' | 'clearTimeout' | 'now'>;
	/** Not given: the page's `window` in a browser. null: `online`/`offline` are not listened to. */
	network?: NetworkEventsLike | null;
	/** 0 ≤ n < 1, for the jitter of the reconnect delays. */
	random?: () => number;
}

/** Without any event for this long the connection counts as dead: 2 pings missed, and some. */
export const HEARTBEAT_TIMEOUT_MS = 25_000;
/** A burst of changes (an order and its lines, several tablets at once) reloads once. */
export const RELOAD_DEBOUNCE_MS = 150;
const FIRST_RETRY_MS = 1_000;
export const MAX_RETRY_MS = 15_000;
/** Up to this share is taken off each delay at random, so that the tablets do not all come back at once. */
const RETRY_JITTER = 0.3;

/** EventSource.CLOSED (the global does not exist on the server or in the specs). */
const CLOSED = 2;

/** The wait before reconnect attempt `attempt` (0 first): 1 s, 2 s, 4 s … at most 15 s, less jitter. */
export function reconnectDelay(attempt: number, random: number): number {
	const nominal = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** attempt);
	return Math.round(nominal * (1 - RETRY_JITTER * random));
}

export class LiveConnection {
	#status: ConnectionStatus = $state('connecting');
	#since: number | null = $state(null);

	readonly #url: string;
	readonly #event: FeedEvent;
	readonly #onChange: () => void;
	readonly #createEventSource: (url: string) => EventSourceLike;
	readonly #heartbeatTimeoutMs: number;
	readonly #timers: Pick<Timers, 'setTimeout' | 'clearTimeout' | 'now'>;
	readonly #network: NetworkEventsLike | null;
	readonly #random: () => number;

	#started = false;
	#source: EventSourceLike | null = null;
	/** The current source is open (its `open` came, no `error` since). */
	#open = false;
	/** Reconnects since the board was last live: the next delay grows with it. */
	#attempt = 0;
	#watchdog: unknown = undefined;
	#retry: unknown = undefined;
	#reload: unknown = undefined;

	constructor({
		url,
		event = 'orders',
		onChange,
		createEventSource = (address) => new EventSource(address),
		heartbeatTimeoutMs = HEARTBEAT_TIMEOUT_MS,
		timers = systemTimers,
		network = globalThis.window ?? null,
		random = Math.random
	}: LiveConnectionOptions) {
		this.#url = url;
		this.#event = event;
		this.#onChange = onChange;
		this.#createEventSource = createEventSource;
		this.#heartbeatTimeoutMs = heartbeatTimeoutMs;
		this.#timers = timers;
		this.#network = network;
		this.#random = random;
	}

	get status(): ConnectionStatus {
		return this.#status;
	}

	/** When the current status began (ms since the epoch); null before `start`. */
	get since(): number | null {
		return this.#since;
	}

	start(): void {
		if (this.#started) return;
		this.#started = true;
		this.#network?.addEventListener('online', this.#online);
		this.#network?.addEventListener('offline', this.#offline);
		this.#setStatus('connecting');
		this.#connect();
	}

	/** Closes the feed; the status is as before `start` (never 'live'). */
	stop(): void {
		if (!this.#started) return;
		this.#started = false;
		this.#network?.removeEventListener('online', this.#online);
		this.#network?.removeEventListener('offline', this.#offline);
		this.#closeSource();
		this.#timers.clearTimeout(this.#retry);
		this.#timers.clearTimeout(this.#reload);
		this.#retry = this.#reload = undefined;
		this.#attempt = 0;
		this.#status = 'connecting';
		this.#since = null;
	}

	#connect(): void {
		this.#closeSource();
		const source = this.#createEventSource(this.#url);
		this.#source = source;
		// A source that was replaced or closed is not heard, whatever it still delivers.
		const fromCurrent = (handle: () => void) => () => {
			if (this.#source === source) handle();
		};
		source.addEventListener(
			'open',
			fromCurrent(() => this.#opened())
		);
		source.addEventListener(
			'error',
			fromCurrent(() => this.#failed(source))
		);
		source.addEventListener(
			'ping',
			fromCurrent(() => this.#heard())
		);
		source.addEventListener(
			this.#event,
			fromCurrent(() => {
				this.#heard();
				this.#reloadSoon();
			})
		);
		// Also while connecting: a request that hangs (a proxy buffering the stream) is dead too.
		this.#armWatchdog();
	}

	#opened(): void {
		this.#open = true;
		this.#armWatchdog();
		// Catch up on whatever changed while not connected. Through the debounce: after a
		// reconnect the server replays a change event at once, and both reload once.
		this.#reloadSoon();
	}

	/** An event: the connection works. */
	#heard(): void {
		this.#armWatchdog();
		if (!this.#open || this.#status === 'live') return;
		this.#attempt = 0;
		this.#setStatus('live');
	}

	#failed(source: EventSourceLike): void {
		this.#open = false;
		this.#setStatus('reconnecting');
		// Still connecting: the browser retries by itself (the watchdog takes over if that hangs).
		// Closed: it gave up (the server answered with an error), so a new source it is.
		if (source.readyState === CLOSED) this.#reconnectLater();
	}

	/** Nothing arrived for `heartbeatTimeoutMs`: whatever the source says, it is dead. */
	#stalled(): void {
		this.#setStatus('reconnecting');
		this.#reconnectLater();
	}

	#reconnectLater(): void {
		this.#closeSource();
		this.#timers.clearTimeout(this.#retry);
		const delay = reconnectDelay(this.#attempt, this.#random());
		this.#attempt += 1;
		this.#retry = this.#timers.setTimeout(() => {
			this.#retry = undefined;
			this.#connect();
		}, delay);
	}

	/** Back online: try now rather than at the end of a long backoff. */
	readonly #online = (): void => {
		if (this.#status === 'live') return;
		this.#timers.clearTimeout(this.#retry);
		this.#retry = undefined;
		this.#attempt = 0;
		this.#connect();
	};

	/**
	 * Offline: not live, at once. Retries still run (backing off): the browser's guess can be
	 * wrong, and a missed `online` must not leave the board disconnected for good.
	 */
	readonly #offline = (): void => {
		this.#setStatus('reconnecting');
		this.#reconnectLater();
	};

	#reloadSoon(): void {
		// Not pushed back by later events: a steady stream of changes still reloads every 150 ms.
		if (this.#reload !== undefined) return;
		this.#reload = this.#timers.setTimeout(() => {
			this.#reload = undefined;
			this.#onChange();
		}, RELOAD_DEBOUNCE_MS);
	}

	#armWatchdog(): void {
		this.#timers.clearTimeout(this.#watchdog);
		this.#watchdog = this.#timers.setTimeout(() => {
			this.#watchdog = undefined;
			this.#stalled();
		}, this.#heartbeatTimeoutMs);
	}

	#closeSource(): void {
		this.#timers.clearTimeout(this.#watchdog);
		this.#watchdog = undefined;
		this.#source?.close();
		this.#source = null;
		this.#open = false;
	}

	/** Notes when a status began: at `start`, and at each change. */
	#setStatus(status: ConnectionStatus): void {
		if (status === this.#status && this.#since !== null) return;
		this.#status = status;
		this.#since = this.#timers.now();
	}
}
