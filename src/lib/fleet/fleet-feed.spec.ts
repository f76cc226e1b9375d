import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FleetAlert, FleetAlerts } from '#lib/shared/fleet.ts';
import { FLEET_PATH, FleetFeed } from './fleet-feed.svelte.ts';

const alert = (name: string, problem: FleetAlert['problem']): FleetAlert => ({
	deviceId: name,
	name,
	problem,
	key: `${name}:${problem}`
});

/** The fleet's alerts as the server has them now. */
function server() {
	const state = { alerts: [] as FleetAlert[] };
	const fetcher = vi.fn(async (url: string) => {
		expect(url).toBe(FLEET_PATH);
		return Response.json({ alerts: state.alerts } satisfies FleetAlerts);
	});
	return { state, fetcher };
}

describe('FleetFeed', () => {
	beforeEach(() => vi.useFakeTimers());
	afterEach(() => vi.useRealTimers());

	it('beeps at each reading while there are alerts; silence lasts until a new alert', async () => {
		const { state, fetcher } = server();
		const beep = vi.fn();
		const feed = new FleetFeed<FleetAlerts>({ fetcher, beep, pollMs: 1_000 });
		feed.start();
		await vi.advanceTimersByTimeAsync(0);
		expect(beep).not.toHaveBeenCalled();

		state.alerts = [alert('Kiosk 1', 'silent')];
		await vi.advanceTimersByTimeAsync(1_000);
		expect(feed.view?.alerts).toEqual(state.alerts);
		expect(beep).toHaveBeenCalledTimes(1);
		await vi.advanceTimersByTimeAsync(1_000);
		expect(beep).toHaveBeenCalledTimes(2);

		feed.silence();
		await vi.advanceTimersByTimeAsync(3_000);
		expect(beep).toHaveBeenCalledTimes(2);
		expect(feed.silenced).toBe(true);

		// A new alert sounds again, and ends the silence.
		state.alerts = [alert('Kiosk 1', 'silent'), alert('Kiosk 2', 'printer-paper-out')];
		await vi.advanceTimersByTimeAsync(1_000);
		expect(beep).toHaveBeenCalledTimes(3);
		expect(feed.silenced).toBe(false);

		// Cleared, then back: new again.
		feed.silence();
		state.alerts = [];
		await vi.advanceTimersByTimeAsync(1_000);
		state.alerts = [alert('Kiosk 1', 'silent')];
		await vi.advanceTimersByTimeAsync(1_000);
		expect(beep).toHaveBeenCalledTimes(4);
		feed.stop();
	});
});
