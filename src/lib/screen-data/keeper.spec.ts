import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScreenKeeper } from './keeper.ts';
import { ScreenData } from './screen-data.svelte.ts';
import { ScreenStore } from './screen-store.ts';
import type { KioskSnapshot } from '#lib/shared/screen-snapshot.ts';
import { kioskSnapshotFactory } from './testing/snapshots.ts';

const page = kioskSnapshotFactory({ servedAt: '2026-11-23T09:00:00.000Z' });
const kept = kioskSnapshotFactory({ servedAt: '2026-11-23T09:01:00.000Z' });
const fresh = kioskSnapshotFactory({
	servedAt: '2026-11-23T09:02:00.000Z',
	menu: { ...page.menu, value: [{ ...page.menu.value[0]!, grossMinor: 500 }] }
});
const png = new Blob([new Uint8Array(8)], { type: 'image/png' });
const clip = new Blob([new Uint8Array(64)], { type: 'video/webm' });

type Server = (url: string) => Response | Promise<Response>;

describe('ScreenKeeper', () => {
	let store: ScreenStore;
	beforeEach(async () => {
		store = await ScreenStore.open();
	});
	afterEach(async () => {
		await store.clear();
		store.close();
	});

	function setUp(server: Server) {
		const data = new ScreenData<KioskSnapshot>(
			() => page,
			() => true
		);
		const unpaired = vi.fn();
		const fetcher = vi.fn(async (url: string) => server(url));
		/** The next revalidation, run by the spec (fake timers would stop IndexedDB's own). */
		const timer: { next: (() => void) | null } = { next: null };
		const timers = {
			setTimeout: (callback: () => void) => (timer.next = callback),
			clearTimeout: () => (timer.next = null)
		};
		const keeper = new ScreenKeeper({
			screen: 'kiosk',
			data,
			store: () => ScreenStore.open(),
			unpaired,
			fetcher,
			timers,
			createObjectURL: (blob) => `blob:${blob.type}`
		});
		return { data, keeper, unpaired, fetcher, timer };
	}

	const snapshotServer =
		(snapshot: KioskSnapshot): Server =>
		(url) =>
			url === '/api/kiosk/snapshot'
				? Response.json(snapshot)
				: new Response(url.includes('clip') ? clip : png);
	const offline: Server = () => {
		throw new TypeError('Failed to fetch');
	};

	it('shows what was kept, pictures and the clip from IndexedDB, while the server is out of reach', async () => {
		await store.save(kept);
		await store.keepMedia(
			new Set(['/images/pils.png', '/media/place/picture-1', '/media/place/clip-1']),
			async (url) => new Response(url.includes('clip') ? clip : png)
		);
		const { data, keeper } = setUp(offline);
		await keeper.start();
		expect(data.current.servedAt).toBe(kept.servedAt);
		expect(data.current.menu.value[0]!.image).toBe('blob:image/png');
		expect(data.current.identity.value).toMatchObject({
			avatar: 'blob:image/png',
			avatarClip: 'blob:video/webm'
		});
		keeper.stop();
	});

	it('then the server’s newest, which it keeps with its images for next time', async () => {
		await store.save(kept);
		const { data, keeper } = setUp(snapshotServer(fresh));
		await keeper.start();
		expect(data.current).toEqual(fresh);
		expect(await store.read('kiosk')).toEqual(fresh);
		expect((await store.media('/images/pils.png'))?.size).toBe(8);
		expect((await store.media('/media/place/clip-1'))?.size).toBe(64);
		// Said once, for the pictures kept ready to load again; nothing new to fetch the next time.
		expect(data.mediaFetches).toBe(1);
		await keeper.revalidate();
		expect(data.mediaFetches).toBe(1);
		keeper.stop();
	});

	it('asks again every interval, and on demand', async () => {
		const { keeper, fetcher, timer } = setUp(snapshotServer(fresh));
		await keeper.start();
		const asked = () => fetcher.mock.calls.filter(([url]) => url === '/api/kiosk/snapshot').length;
		expect(asked()).toBe(1);
		timer.next?.();
		await expect.poll(() => asked()).toBe(2);
		await keeper.revalidate();
		expect(asked()).toBe(3);
		keeper.stop();
		expect(timer.next).toBeNull();
	});

	it('a screen its server no longer knows forgets what it kept and goes to /screen', async () => {
		await store.save(kept);
		const { keeper, unpaired } = setUp(() =>
			Response.json({ error: { failure: 'not-paired' } }, { status: 401 })
		);
		await keeper.start();
		expect(unpaired).toHaveBeenCalledTimes(1);
		expect(await store.read('kiosk')).toBeNull();
	});

	it('an answer that is not this screen’s snapshot is not taken', async () => {
		const { data, keeper } = setUp(() => Response.json({ screen: 'return', servedAt: 'x' }));
		await keeper.start();
		expect(data.current).toBe(page);
		expect(await store.read('kiosk')).toBeNull();
		keeper.stop();
	});
});
