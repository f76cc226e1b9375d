import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEALTH_PATH, ServerReachability } from './server-reachability.svelte.ts';

/** A server that answers or not, as the test says; every probe is counted. */
function server() {
	const state = { up: true, probes: 0, platform: { loyalty: true, deposits: true } as unknown };
	const fetcher = vi.fn(async (url: string) => {
		expect(url).toBe(HEALTH_PATH);
		state.probes += 1;
		if (!state.up) throw new TypeError('Failed to fetch');
		return Response.json({ up: true, platform: state.platform });
	});
	return { state, fetcher };
}

describe('ServerReachability', () => {
	beforeEach(() => vi.useFakeTimers());
	afterEach(() => vi.useRealTimers());

	const make = (
		fetcher: ReturnType<typeof server>['fetcher'],
		network: EventTarget | null = null
	) => new ServerReachability({ fetcher, network, upMs: 15_000, downMs: 3_000 });

	it('starts reachable and asks the server every upMs while it answers', async () => {
		const { state, fetcher } = server();
		const reachability = make(fetcher);
		reachability.start();
		expect(reachability.reachable).toBe(true);
		await vi.advanceTimersByTimeAsync(45_000);
		expect(state.probes).toBe(3);
		expect(reachability.reachable).toBe(true);
		reachability.stop();
	});

	it('a failed call pauses at once; it is reachable again when a probe answers', async () => {
		const { state, fetcher } = server();
		const reachability = make(fetcher);
		reachability.start();
		state.up = false;
		reachability.unreachable();
		expect(reachability.reachable).toBe(false);
		await vi.advanceTimersByTimeAsync(3_000);
		expect(state.probes).toBe(1);
		expect(reachability.reachable).toBe(false);
		state.up = true;
		await vi.advanceTimersByTimeAsync(3_000);
		expect(reachability.reachable).toBe(true);
		reachability.stop();
	});

	it('a server that stops answering is found by the next probe', async () => {
		const { state, fetcher } = server();
		const reachability = make(fetcher);
		reachability.start();
		state.up = false;
		await vi.advanceTimersByTimeAsync(15_000);
		expect(reachability.reachable).toBe(false);
		reachability.stop();
	});

	it('follows the browser offline at once, and asks at once when it is back online', async () => {
		const { state, fetcher } = server();
		const network = new EventTarget();
		const reachability = make(fetcher, network);
		reachability.start();
		network.dispatchEvent(new Event('offline'));
		expect(reachability.reachable).toBe(false);
		network.dispatchEvent(new Event('online'));
		await vi.advanceTimersByTimeAsync(0);
		expect(state.probes).toBe(1);
		expect(reachability.reachable).toBe(true);
		reachability.stop();
		network.dispatchEvent(new Event('offline'));
		expect(reachability.reachable).toBe(true); // stopped: no longer listening
	});

	it('started without a network it is out of reach at once', async () => {
		const { state, fetcher } = server();
		const reachability = new ServerReachability({ fetcher, network: null, online: () => false });
		reachability.start();
		expect(reachability.reachable).toBe(false);
		await vi.advanceTimersByTimeAsync(3_000);
		expect(state.probes).toBe(1);
		expect(reachability.reachable).toBe(true);
		reachability.stop();
	});

	it('counts an error answer as unreachable', async () => {
		const fetcher = vi.fn(async () => new Response('', { status: 502 }));
		const reachability = new ServerReachability({ fetcher, network: null });
		expect(await reachability.probe()).toBe(false);
		expect(reachability.reachable).toBe(false);
	});

	it('tells which parts of the platform the server can use, and asks often while one is paused', async () => {
		const { state, fetcher } = server();
		const reachability = make(fetcher);
		reachability.start();
		state.platform = { loyalty: false, deposits: true };
		await vi.advanceTimersByTimeAsync(15_000);
		expect(reachability.reachable).toBe(true);
		expect(reachability.platform).toEqual({ loyalty: false, deposits: true });
		state.platform = { loyalty: true, deposits: true };
		await vi.advanceTimersByTimeAsync(3_000);
		expect(state.probes).toBe(2);
		expect(reachability.platform).toEqual({ loyalty: true, deposits: true });
		// An answer without a readable `platform` pauses nothing (the calls themselves still say).
		state.platform = 'garbled';
		await vi.advanceTimersByTimeAsync(15_000);
		expect(reachability.platform).toEqual({ loyalty: true, deposits: true });
		reachability.stop();
	});
});
