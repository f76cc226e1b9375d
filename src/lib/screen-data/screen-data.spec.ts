import { describe, expect, it, vi } from 'vitest';
import { ScreenData } from './screen-data.svelte.ts';
import { newerSnapshot } from '#lib/shared/screen-snapshot.ts';
import { kioskSnapshotFactory, returnSnapshotFactory } from './testing/snapshots.ts';

const page = kioskSnapshotFactory({ servedAt: '2026-11-23T09:00:00.000Z' });
const later = kioskSnapshotFactory({ servedAt: '2026-11-23T09:05:00.000Z' });
const earlier = kioskSnapshotFactory({ servedAt: '2026-11-23T08:55:00.000Z' });

describe('newerSnapshot', () => {
	it('the kept one when at least as new and of this screen and device, else the page’s', () => {
		expect(newerSnapshot(page, null)).toBe(page);
		expect(newerSnapshot(page, later)).toBe(later);
		expect(newerSnapshot(page, { ...page })).not.toBe(page); // a tie: the kept copy has the images
		expect(newerSnapshot(page, earlier)).toBe(page);
		expect(newerSnapshot(page, { ...later, deviceId: 'another' })).toBe(page);
		const station = returnSnapshotFactory();
		expect(
			newerSnapshot(station, { ...station, servedAt: later.servedAt, screen: 'return' })
		).not.toBe(station);
	});
});

describe('ScreenData', () => {
	const reload = vi.fn(async () => {});
	function data(idle: { now: boolean }) {
		return new ScreenData(
			() => page,
			() => idle.now,
			reload
		);
	}

	it('a newer snapshot is shown at once while the screen is idle', () => {
		const screen = data({ now: true });
		expect(screen.current).toBe(page);
		screen.offer(later);
		expect(screen.current).toBe(later);
	});

	it('mid-sale it waits until the screen is idle again', () => {
		const idle = { now: false };
		const screen = data(idle);
		screen.offer(later);
		expect(screen.current).toBe(page);
		screen.settle();
		expect(screen.current).toBe(page);
		idle.now = true;
		screen.settle();
		expect(screen.current).toBe(later);
	});

	it('refresh shows the newest at once, idle or not; without a keeper it reloads the page data', async () => {
		const screen = data({ now: false });
		await screen.refresh();
		expect(reload).toHaveBeenCalledTimes(1);
		screen.fetchWith(async () => later);
		await screen.refresh();
		expect(screen.current).toBe(later);
		screen.fetchWith(async () => null); // not reachable: what is shown stays
		await screen.refresh();
		expect(screen.current).toBe(later);
	});
});
