import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDB } from 'idb';
import { DATABASE_NAME, MEDIA_LIMITS, ScreenStore, forgetScreenData } from './screen-store.ts';
import { kioskSnapshotFactory, returnSnapshotFactory } from './testing/snapshots.ts';

const png = (bytes = 16) => new Blob([new Uint8Array(bytes)], { type: 'image/png' });
const webm = (bytes = 32) => new Blob([new Uint8Array(bytes)], { type: 'video/webm' });
const [pictureLimit, clipLimit] = MEDIA_LIMITS.map((limit) => limit.maxBytes);
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

	it('keeps pictures and clips, not what fails, is neither or is too large; drops old ones', async () => {
		const fetcher = vi.fn(async (url: string) => {
			if (url === '/a.png') return answer(png());
			if (url === '/clip.webm') return answer(webm());
			if (url === '/gone.png') return answer(png(), 404);
			if (url === '/page.html') return answer(new Blob(['<p>'], { type: 'text/html' }));
			if (url === '/huge.png') return answer(png(pictureLimit! + 1));
			if (url === '/long.webm') return answer(webm(clipLimit! + 1));
			throw new TypeError('Failed to fetch');
		});
		const lost = ['/gone.png', '/page.html', '/huge.png', '/long.webm', '/offline.png'];
		await store.keepMedia(new Set(['/a.png', '/clip.webm', ...lost]), fetcher);
		expect((await store.media('/a.png'))?.size).toBe(16);
		// A clip far larger than any picture may be is kept.
		expect(clipLimit).toBeGreaterThan(pictureLimit! * 4);
		expect((await store.media('/clip.webm'))?.type).toBe('video/webm');
		for (const url of lost) expect(await store.media(url), url).toBeNull();

		fetcher.mockClear();
		await store.keepMedia(new Set(['/a.png']), fetcher);
		expect(fetcher).not.toHaveBeenCalled(); // kept already
		expect(await store.media('/clip.webm')).toBeNull(); // not shown any more
		await store.keepMedia(new Set(), fetcher);
		expect(await store.media('/a.png')).toBeNull();
	});

	it('a version 1 database (images) opens as version 2: parts kept, media in their new store', async () => {
		store.close();
		await new Promise((resolve) => (indexedDB.deleteDatabase(DATABASE_NAME).onsuccess = resolve));
		const old = await openDB(DATABASE_NAME, 1, {
			upgrade(db) {
				db.createObjectStore('parts', { keyPath: 'name' });
				db.createObjectStore('images', { keyPath: 'url' });
			}
		});
		old.close();
		store = await ScreenStore.open();
		await store.save(kioskSnapshotFactory());
		await store.keepMedia(new Set(['/a.png']), async () => answer(png()));
		expect(await store.read('kiosk')).not.toBeNull();
		expect((await store.media('/a.png'))?.size).toBe(16);
		const db = await openDB(DATABASE_NAME);
		expect([...db.objectStoreNames].sort()).toEqual(['media', 'parts']);
		db.close();
	});

	it('forgetScreenData empties everything (unpaired)', async () => {
		await store.save(kioskSnapshotFactory());
		await store.keepMedia(new Set(['/a.png']), async () => answer(png()));
		await forgetScreenData();
		expect(await store.read('kiosk')).toBeNull();
		expect(await store.media('/a.png')).toBeNull();
	});
});
