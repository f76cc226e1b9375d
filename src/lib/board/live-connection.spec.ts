import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
	HEARTBEAT_TIMEOUT_MS,
	LiveConnection,
	MAX_RETRY_MS,
	RELOAD_DEBOUNCE_MS,
	reconnectDelay,
	type EventSourceLike,
	type LiveConnectionOptions
} from './live-connection.svelte.ts';

type SourceEvent = 'open' | 'error' | 'orders' | 'menu' | 'ping';

/** An EventSource the test drives: the server's side and the browser's. */
class FakeEventSource implements EventSourceLike {
	readyState = 0;
	closed = false;
	readonly #listeners: { type: SourceEvent; listener: () => void }[] = [];
	readonly url: string;
	constructor(url: string) {
		this.url = url;
	}
	addEventListener(type: SourceEvent, listener: () => void) {
		this.#listeners.push({ type, listener });
	}
	close() {
		this.closed = true;
		this.readyState = 2;
	}
	/** The server answered: the stream is open. */
	open() {
		this.readyState = 1;
		this.#emit('open');
	}
	ping() {
		this.#emit('ping');
	}
	orders() {
		this.#emit('orders');
	}
	menu() {
		this.#emit('menu');
	}
	/** The connection broke: the browser retries by itself, unless it gave up (an error status). */
	fail({ gaveUp = false } = {}) {
		this.readyState = gaveUp ? 2 : 0;
		this.#emit('error');
	}
	#emit(type: SourceEvent) {
		for (const entry of this.#listeners) if (entry.type === type) entry.listener();
	}
}

const URL = '/api/board/events';
const T0 = Date.parse('2026-11-23T12:00:00.000Z');
const TIMEOUT = 20_000;

let sources: FakeEventSource[];
let changes: number;
let network: EventTarget;
let liveAt: number;

/** The source the connection uses now. */
const current = () => sources.at(-1)!;

function connection(options: Partial<LiveConnectionOptions> = {}) {
	return new LiveConnection({
		url: URL,
		onChange: () => void (changes += 1),
		createEventSource: (url) => {
			const source = new FakeEventSource(url);
			sources.push(source);
			return source;
		},
		heartbeatTimeoutMs: TIMEOUT,
		network,
		random: () => 0,
		...options
	});
}

/** Started, opened, caught up and heard from: live, at `liveAt`. */
function live(options: Partial<LiveConnectionOptions> = {}) {
	const feed = connection(options);
	feed.start();
	current().open();
	vi.advanceTimersByTime(RELOAD_DEBOUNCE_MS);
	current().ping();
	changes = 0;
	liveAt = Date.now();
	return feed;
}

beforeEach(() => {
	vi.useFakeTimers({ now: T0 });
	sources = [];
	changes = 0;
	network = new EventTarget();
});

afterEach(() => {
	vi.useRealTimers();
});

describe('reconnectDelay', () => {
	it('doubles from 1 s up to 15 s', () => {
		expect([0, 1, 2, 3, 4, 5, 30].map((attempt) => reconnectDelay(attempt, 0))).toEqual([
			1000, 2000, 4000, 8000, 15_000, 15_000, 15_000
		]);
	});

	it('takes up to 30 % off at random, never more, never adding', () => {
		expect(reconnectDelay(0, 0.5)).toBe(850);
		expect(reconnectDelay(4, 0.999_999)).toBe(10_500);
		for (let attempt = 0; attempt < 10; attempt++) {
			for (const random of [0, 0.25, 0.999_999]) {
				const delay = reconnectDelay(attempt, random);
				expect(delay).toBeLessThanOrEqual(MAX_RETRY_MS);
				expect(delay).toBeGreaterThanOrEqual(0.7 * Math.min(MAX_RETRY_MS, 1000 * 2 ** attempt));
			}
		}
	});
});

describe('LiveConnection', () => {
	it('connects on start, to the url it is given, once', () => {
		const feed = connection();
		expect(feed.status).toBe('connecting');
		expect(feed.since).toBeNull();
		expect(sources).toEqual([]);
		feed.start();
		feed.start();
		expect(sources.map((source) => source.url)).toEqual([URL]);
		expect(feed.status).toBe('connecting');
		expect(feed.since).toBe(T0);
	});

	it('is live only once an event arrives on the open connection', () => {
		const feed = connection();
		feed.start();
		vi.advanceTimersByTime(1000);
		current().open();
		expect(feed.status).toBe('connecting');
		vi.advanceTimersByTime(2000);
		current().ping();
		expect(feed.status).toBe('live');
		expect(feed.since).toBe(T0 + 3000);
	});

	it('an event between an error and the next open does not make it live', () => {
		const feed = live();
		current().fail();
		current().ping();
		expect(feed.status).toBe('reconnecting');
		current().open();
		current().ping();
		expect(feed.status).toBe('live');
	});

	it('an `orders` event makes it live as well as a ping', () => {
		const feed = connection();
		feed.start();
		current().open();
		current().orders();
		expect(feed.status).toBe('live');
	});

	it('never live when the connection opens and then stays silent', () => {
		const feed = connection();
		feed.start();
		current().open();
		vi.advanceTimersByTime(TIMEOUT - 1);
		expect(feed.status).toBe('connecting');
		vi.advanceTimersByTime(1);
		expect(feed.status).toBe('reconnecting');
		expect(feed.since).toBe(T0 + TIMEOUT);
		expect(sources[0]!.closed).toBe(true);
	});

	it('a request that never opens counts as dead after the heartbeat timeout too', () => {
		const feed = connection();
		feed.start();
		vi.advanceTimersByTime(TIMEOUT);
		expect(feed.status).toBe('reconnecting');
		expect(current().closed).toBe(true);
		vi.advanceTimersByTime(1000);
		expect(sources).toHaveLength(2);
	});

	it('after a slow open, waits the full timeout for the first event', () => {
		const feed = connection();
		feed.start();
		vi.advanceTimersByTime(TIMEOUT - 1000);
		current().open();
		vi.advanceTimersByTime(TIMEOUT - 1);
		expect(feed.status).toBe('connecting');
		expect(current().closed).toBe(false);
		current().ping();
		expect(feed.status).toBe('live');
	});

	it('stays live while pings keep coming, on the same connection', () => {
		const feed = live();
		for (let i = 0; i < 30; i++) {
			vi.advanceTimersByTime(10_000);
			current().ping();
		}
		expect(feed.status).toBe('live');
		expect(feed.since).toBe(liveAt);
		expect(sources).toHaveLength(1);
		expect(changes).toBe(0);
	});

	it('waits 25 s for an event by default', () => {
		expect(HEARTBEAT_TIMEOUT_MS).toBe(25_000);
		const feed = live({ heartbeatTimeoutMs: undefined });
		vi.advanceTimersByTime(HEARTBEAT_TIMEOUT_MS - 1);
		expect(feed.status).toBe('live');
		vi.advanceTimersByTime(1);
		expect(feed.status).toBe('reconnecting');
	});

	it('a connection that goes silent is dropped, replaced, and live again once heard from', () => {
		const feed = live();
		vi.advanceTimersByTime(5000);
		current().ping();
		vi.advanceTimersByTime(TIMEOUT);
		expect(feed.status).toBe('reconnecting');
		expect(feed.since).toBe(liveAt + 5000 + TIMEOUT);
		expect(sources[0]!.closed).toBe(true);
		vi.advanceTimersByTime(999);
		expect(sources).toHaveLength(1);
		vi.advanceTimersByTime(1);
		expect(sources).toHaveLength(2);
		current().open();
		expect(feed.status).toBe('reconnecting');
		current().ping();
		expect(feed.status).toBe('live');
	});

	it('reads the orders again after every (re)open, to catch up on what it missed', () => {
		const feed = connection();
		feed.start();
		current().open();
		expect(changes).toBe(0);
		vi.advanceTimersByTime(RELOAD_DEBOUNCE_MS);
		expect(changes).toBe(1);
		current().fail(); // the browser retries by itself
		current().open();
		vi.advanceTimersByTime(RELOAD_DEBOUNCE_MS);
		expect(changes).toBe(2);
		current().fail({ gaveUp: true });
		vi.advanceTimersByTime(1000);
		current().open();
		vi.advanceTimersByTime(RELOAD_DEBOUNCE_MS);
		expect(changes).toBe(3);
		expect(feed.status).toBe('reconnecting');
	});

	it('an open and the `orders` event the server replays at once reload once', () => {
		live();
		current().fail();
		current().open();
		current().orders();
		vi.advanceTimersByTime(RELOAD_DEBOUNCE_MS * 10);
		expect(changes).toBe(1);
	});

	it('reloads once for a burst of changes, at most 150 ms after the first', () => {
		live();
		current().orders();
		vi.advanceTimersByTime(50);
		current().orders();
		vi.advanceTimersByTime(50);
		current().orders();
		vi.advanceTimersByTime(RELOAD_DEBOUNCE_MS - 101);
		expect(changes).toBe(0);
		vi.advanceTimersByTime(1);
		expect(changes).toBe(1);
		vi.advanceTimersByTime(RELOAD_DEBOUNCE_MS * 10);
		expect(changes).toBe(1);
		current().orders();
		vi.advanceTimersByTime(RELOAD_DEBOUNCE_MS);
		expect(changes).toBe(2);
	});

	it('a steady stream of changes still reloads every 150 ms', () => {
		live();
		for (let i = 0; i < 30; i++) {
			current().orders();
			vi.advanceTimersByTime(50);
		}
		expect(changes).toBe(10);
	});

	it('the kiosk’s feed reloads on its `menu` event, not on another feed’s', () => {
		live({ event: 'menu' });
		current().orders();
		vi.advanceTimersByTime(RELOAD_DEBOUNCE_MS * 10);
		expect(changes).toBe(0);
		current().menu();
		vi.advanceTimersByTime(RELOAD_DEBOUNCE_MS);
		expect(changes).toBe(1);
	});

	it('a ping does not reload', () => {
		live();
		current().ping();
		vi.advanceTimersByTime(RELOAD_DEBOUNCE_MS * 10);
		expect(changes).toBe(0);
	});

	it('an error while the browser retries by itself: reconnecting, on the same source', () => {
		const feed = live();
		vi.advanceTimersByTime(3000);
		current().fail();
		expect(feed.status).toBe('reconnecting');
		expect(feed.since).toBe(liveAt + 3000);
		current().fail(); // another failed retry: still reconnecting since then
		expect(feed.since).toBe(liveAt + 3000);
		vi.advanceTimersByTime(TIMEOUT - 3001);
		expect(sources).toHaveLength(1);
		current().open();
		current().ping();
		expect(feed.status).toBe('live');
		expect(sources).toHaveLength(1);
	});

	it('takes over when the browser’s own retries hang', () => {
		live();
		current().fail();
		vi.advanceTimersByTime(TIMEOUT);
		expect(sources[0]!.closed).toBe(true);
		vi.advanceTimersByTime(1000);
		expect(sources).toHaveLength(2);
	});

	it('when the browser gives up, reconnects after 1 s, 2 s, 4 s … at most 15 s', () => {
		const feed = live();
		const waits: number[] = [];
		for (let attempt = 0; attempt < 7; attempt++) {
			const failedAt = Date.now();
			const before = sources.length;
			current().fail({ gaveUp: true });
			expect(feed.status).toBe('reconnecting');
			while (sources.length === before) vi.advanceTimersByTime(100);
			waits.push(Date.now() - failedAt);
		}
		expect(waits).toEqual([1000, 2000, 4000, 8000, 15_000, 15_000, 15_000]);
	});

	it('starts the backoff over once live again', () => {
		live();
		current().fail({ gaveUp: true });
		vi.advanceTimersByTime(1000);
		current().fail({ gaveUp: true });
		vi.advanceTimersByTime(2000);
		expect(sources).toHaveLength(3);
		current().open();
		current().ping();
		current().fail({ gaveUp: true });
		vi.advanceTimersByTime(999);
		expect(sources).toHaveLength(3);
		vi.advanceTimersByTime(1);
		expect(sources).toHaveLength(4);
	});

	it('opening without an event does not start the backoff over', () => {
		live();
		current().fail({ gaveUp: true });
		vi.advanceTimersByTime(1000);
		current().open();
		current().fail({ gaveUp: true });
		vi.advanceTimersByTime(1999);
		expect(sources).toHaveLength(2);
		vi.advanceTimersByTime(1);
		expect(sources).toHaveLength(3);
	});

	it('spreads the reconnects of the tablets with jitter', () => {
		live({ random: () => 0.5 });
		current().fail({ gaveUp: true });
		vi.advanceTimersByTime(849);
		expect(sources).toHaveLength(1);
		vi.advanceTimersByTime(1);
		expect(sources).toHaveLength(2);
	});

	it('hears nothing more from a source it replaced', () => {
		const feed = live();
		const old = current();
		old.fail({ gaveUp: true });
		vi.advanceTimersByTime(1000);
		old.open();
		old.ping();
		old.orders();
		vi.advanceTimersByTime(RELOAD_DEBOUNCE_MS);
		expect(feed.status).toBe('reconnecting');
		expect(changes).toBe(0);
	});

	it('offline: reconnecting at once; online: a new connection at once', () => {
		const feed = live();
		vi.advanceTimersByTime(2000);
		network.dispatchEvent(new Event('offline'));
		expect(feed.status).toBe('reconnecting');
		expect(feed.since).toBe(liveAt + 2000);
		expect(sources[0]!.closed).toBe(true);
		vi.advanceTimersByTime(500);
		network.dispatchEvent(new Event('online'));
		expect(sources).toHaveLength(2);
		expect(sources[1]!.closed).toBe(false);
		// The backoff's retry is not run on top.
		vi.advanceTimersByTime(MAX_RETRY_MS);
		expect(sources).toHaveLength(2);
		current().open();
		current().ping();
		expect(feed.status).toBe('live');
	});

	it('keeps trying while offline, in case the `online` never comes', () => {
		live();
		network.dispatchEvent(new Event('offline'));
		vi.advanceTimersByTime(1000);
		expect(sources).toHaveLength(2);
		current().open();
		current().ping();
		expect(current().closed).toBe(false);
	});

	it('online while live leaves the working connection alone', () => {
		const feed = live();
		network.dispatchEvent(new Event('online'));
		expect(sources).toHaveLength(1);
		expect(feed.status).toBe('live');
	});

	it('online starts the backoff over', () => {
		live();
		current().fail({ gaveUp: true });
		vi.advanceTimersByTime(1000);
		current().fail({ gaveUp: true });
		network.dispatchEvent(new Event('online'));
		expect(sources).toHaveLength(3);
		current().fail({ gaveUp: true });
		vi.advanceTimersByTime(1000);
		expect(sources).toHaveLength(4);
	});

	it("listens to the page's window when not told where", () => {
		vi.stubGlobal('window', network);
		try {
			const feed = live({ network: undefined });
			network.dispatchEvent(new Event('offline'));
			expect(feed.status).toBe('reconnecting');
		} finally {
			vi.unstubAllGlobals();
		}
	});

	it('does not listen for the network when told not to', () => {
		const feed = live({ network: null });
		network.dispatchEvent(new Event('offline'));
		expect(feed.status).toBe('live');
	});

	it('stop closes the feed, leaves no timer and hears nothing more', () => {
		const feed = live();
		current().orders(); // a reload pending
		feed.stop();
		expect(current().closed).toBe(true);
		expect(feed.status).toBe('connecting');
		expect(feed.since).toBeNull();
		expect(vi.getTimerCount()).toBe(0);
		network.dispatchEvent(new Event('online'));
		network.dispatchEvent(new Event('offline'));
		vi.advanceTimersByTime(MAX_RETRY_MS * 2);
		expect(sources).toHaveLength(1);
		expect(changes).toBe(0);
		expect(feed.status).toBe('connecting');
	});

	it('stop during a backoff cancels the reconnect; start connects afresh', () => {
		const feed = live();
		current().fail({ gaveUp: true });
		feed.stop();
		vi.advanceTimersByTime(MAX_RETRY_MS);
		expect(sources).toHaveLength(1);
		vi.setSystemTime(T0 + 60_000);
		feed.start();
		expect(sources).toHaveLength(2);
		expect(feed.status).toBe('connecting');
		expect(feed.since).toBe(T0 + 60_000);
		current().open();
		current().ping();
		expect(feed.status).toBe('live');
	});

	it('uses the timers and clock it is given', () => {
		const timeouts: { callback: () => void; ms: number }[] = [];
		const feed = connection({
			timers: {
				setTimeout: (callback, ms) => timeouts.push({ callback, ms }),
				clearTimeout: () => {},
				now: () => 42
			}
		});
		feed.start();
		expect(feed.since).toBe(42);
		expect(timeouts.map((timeout) => timeout.ms)).toEqual([TIMEOUT]);
		timeouts[0]!.callback();
		expect(feed.status).toBe('reconnecting');
	});
});
