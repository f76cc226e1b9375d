import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FleetAlert, FleetAlerts } from '#lib/shared/fleet.ts';
import { MemoryStorage } from '#lib/board/testing/memory-storage.ts';
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
		const feed = new FleetFeed<FleetAlerts>({ fetcher, beep, pollMs: 1_000, storage: null });
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

	it('remembers the silence on the screen: after a reload the alerts silenced stay quiet', async () => {
		const { state, fetcher } = server();
		const storage = new MemoryStorage();
		const beep = vi.fn();
		state.alerts = [alert('Kiosk 1', 'silent')];
		const before = new FleetFeed<FleetAlerts>({ fetcher, beep, pollMs: 1_000, storage });
		before.start();
		await vi.advanceTimersByTimeAsync(0);
		expect(beep).toHaveBeenCalledTimes(1);
		before.silence();
		before.stop();

		// The board reloads: a new feed on the same browser storage.
		const after = new FleetFeed<FleetAlerts>({ fetcher, beep, pollMs: 1_000, storage });
		after.start();
		await vi.advanceTimersByTimeAsync(2_000);
		expect(after.silenced).toBe(true);
		expect(beep).toHaveBeenCalledTimes(1);

		// Another board (its own storage) beeps for the same alert.
		const other = new FleetFeed<FleetAlerts>({
			fetcher,
			beep,
			pollMs: 1_000,
			storage: new MemoryStorage()
		});
		other.start();
		await vi.advanceTimersByTimeAsync(0);
		expect(beep).toHaveBeenCalledTimes(2);
		other.stop();

		// A new alert sounds on the silenced board, and is no longer silenced after its reload.
		state.alerts = [alert('Kiosk 1', 'silent'), alert('Kiosk 2', 'terminal-unreachable')];
		await vi.advanceTimersByTimeAsync(1_000);
		expect(beep).toHaveBeenCalledTimes(3);
		after.stop();
		const reloaded = new FleetFeed<FleetAlerts>({ fetcher, beep, pollMs: 1_000, storage });
		reloaded.start();
		await vi.advanceTimersByTimeAsync(0);
		expect(reloaded.silenced).toBe(false);
		expect(beep).toHaveBeenCalledTimes(4);
		reloaded.stop();
	});
});
