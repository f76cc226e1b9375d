import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDB } from 'idb';
import { DATABASE_NAME, MAX_IMAGE_BYTES, ScreenStore, forgetScreenData } from './screen-store.ts';
import { kioskSnapshotFactory, returnSnapshotFactory } from './testing/snapshots.ts';

const png = (bytes = 16) => new Blob([new Uint8Array(bytes)], { type: 'image/png' });
const answer = (blob: Blob, status = 200) => new Response(blob, { status });

describe('ScreenStore (IndexedDB through idb)', () => {
	let store: ScreenStore;
	beforeEach(async () => {
		store = await ScreenStore.open();
	});
	afterEach(async () => {
		await store.clear();
		store.close();
	});

	it('keeps a snapshot as one record per part, each with its fetch time, and reads it back', async () => {
		const snapshot = kioskSnapshotFactory();
		await store.save(snapshot);
		expect(await store.read('kiosk')).toEqual(snapshot);
		const db = await openDB(DATABASE_NAME);
		const records = await db.getAll('parts');
		db.close();
		expect(records.map((record) => record.name).sort()).toEqual([
			'deposits',
			'identity',
			'menu',
			'screen',
			'settings'
		]);
		expect(records.find((record) => record.name === 'menu')).toMatchObject({
			fetchedAt: snapshot.menu.fetchedAt
		});
	});

	it('another screen’s snapshot is not read; a new one replaces all of the old', async () => {
		await store.save(kioskSnapshotFactory());
		expect(await store.read('return')).toBeNull();
		const station = returnSnapshotFactory();
		await store.save(station);
		expect(await store.read('return')).toEqual(station);
		expect(await store.read('kiosk')).toBeNull();
	});

	it('nothing kept: null', async () => {
		expect(await store.read('kiosk')).toBeNull();
	});

	it('keeps the menu’s images, not what fails, is no image or is too large; drops old ones', async () => {
		const fetcher = vi.fn(async (url: string) => {
			if (url === '/a.png') return answer(png());
			if (url === '/gone.png') return answer(png(), 404);
			if (url === '/page.html') return answer(new Blob(['<p>'], { type: 'text/html' }));
			if (url === '/huge.png') return answer(png(MAX_IMAGE_BYTES + 1));
			throw new TypeError('Failed to fetch');
		});
		const urls = new Set(['/a.png', '/gone.png', '/page.html', '/huge.png', '/offline.png']);
		await store.keepImages(urls, fetcher);
		expect((await store.image('/a.png'))?.size).toBe(16);
		for (const url of ['/gone.png', '/page.html', '/huge.png', '/offline.png'])
			expect(await store.image(url)).toBeNull();

		fetcher.mockClear();
		await store.keepImages(new Set(['/a.png']), fetcher);
		expect(fetcher).not.toHaveBeenCalled(); // kept already
		await store.keepImages(new Set(), fetcher);
		expect(await store.image('/a.png')).toBeNull();
	});

	it('forgetScreenData empties everything (unpaired)', async () => {
		await store.save(kioskSnapshotFactory());
		await store.keepImages(new Set(['/a.png']), async () => answer(png()));
		await forgetScreenData();
		expect(await store.read('kiosk')).toBeNull();
		expect(await store.image('/a.png')).toBeNull();
	});
});
