import { afterEach, describe, expect, it } from 'vitest';
import type { PostgresNotices } from '../store/change-notices.ts';
import type { Store } from '../store/store.ts';
import { ENGINES, openSharedTestStores, runsOn } from '../store/testing/test-stores.ts';
import { MenuFeed } from './menu-feed.ts';

describe.each(ENGINES)('the kiosks’ menu feed on %s', (engine) => {
	let stores: Store[] = [];
	let feeds: MenuFeed[] = [];
	afterEach(async () => {
		for (const feed of feeds) feed.close();
		for (const store of stores) await store.close();
		stores = [];
		feeds = [];
	});

	async function servers(count: number): Promise<MenuFeed[]> {
		stores = await openSharedTestStores(engine, count);
		feeds = stores.map((store) => new MenuFeed(store));
		// On PostgreSQL the notices come through a connection of their own: listening first.
		if (engine === 'postgres') {
			await Promise.all(stores.map((store) => (store.notices as PostgresNotices).ready()));
		}
		return feeds;
	}

	it('tells every listening kiosk of each change, numbered, until it stops listening', async () => {
		const [feed] = await servers(1);
		const heard: number[] = [];
		const stop = feed!.subscribe((sequence) => heard.push(sequence));
		await feed!.changed();
		await expect.poll(() => heard).toEqual([1]);
		await feed!.changed();
		await expect.poll(() => heard).toEqual([1, 2]);
		expect(await feed!.current()).toBe(2);
		stop();
		await feed!.changed();
		await expect.poll(() => feed!.current()).toBe(3);
		expect(heard).toEqual([1, 2]);
	});

	it.runIf(runsOn('postgres'))(
		'a product sold out through one server reaches the kiosks of another',
		async () => {
			const [a, b] = await servers(2);
			const heardOnB: number[] = [];
			b!.subscribe((sequence) => heardOnB.push(sequence));
			await a!.changed();
			await expect.poll(() => heardOnB.length).toBe(1);
		}
	);
});
