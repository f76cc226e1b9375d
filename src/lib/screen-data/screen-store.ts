/**
 * The guest screen's snapshot in IndexedDB (through idb), so a screen opened without its server
 * shows the newest menu and settings it had — not only those of the page the service worker
 * kept. One record per part (identity, deposit terms, menu, settings), each with its fetch time,
 * beside a record of which screen and device they belong to; and the menu's images as blobs.
 * Nothing secret is written: snapshots carry none (screen-data/snapshot.ts). Emptied when the
 * browser is unpaired.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type {
	GuestScreen,
	KioskSnapshot,
	Part,
	ReturnSnapshot,
	ScreenSnapshot
} from './snapshot.ts';

export const DATABASE_NAME = 'venue-kiosk';
const VERSION = 1;
/** An image larger than this is not kept (the browser's HTTP cache may still have it). */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

type PartName = 'identity' | 'deposits' | 'menu' | 'settings';

/** Which screen and device the parts belong to, and when the server answered. */
interface ScreenRecord {
	name: 'screen';
	screen: GuestScreen;
	deviceId: string;
	servedAt: string;
	features: ScreenSnapshot['features'];
}

interface PartRecord extends Part<unknown> {
	name: PartName;
}

interface ImageRecord {
	url: string;
	blob: Blob;
	fetchedAt: string;
}

interface ScreenSchema extends DBSchema {
	parts: { key: string; value: ScreenRecord | PartRecord };
	images: { key: string; value: ImageRecord };
}

type SnapshotOf<S extends GuestScreen> = Extract<ScreenSnapshot, { screen: S }>;

export class ScreenStore {
	readonly #db: IDBPDatabase<ScreenSchema>;

	private constructor(db: IDBPDatabase<ScreenSchema>) {
		this.#db = db;
	}

	static async open(): Promise<ScreenStore> {
		const db = await openDB<ScreenSchema>(DATABASE_NAME, VERSION, {
			upgrade(db) {
				db.createObjectStore('parts', { keyPath: 'name' });
				db.createObjectStore('images', { keyPath: 'url' });
			}
		});
		return new ScreenStore(db);
	}

	/** Replaces what was kept with `snapshot` (one transaction: never half of each). */
	async save(snapshot: ScreenSnapshot): Promise<void> {
		const { screen, deviceId, servedAt, features, identity, deposits, settings } = snapshot;
		const tx = this.#db.transaction('parts', 'readwrite');
		const writes: Promise<unknown>[] = [
			tx.store.clear(),
			tx.store.put({ name: 'screen', screen, deviceId, servedAt, features }),
			tx.store.put({ name: 'identity', ...identity }),
			tx.store.put({ name: 'deposits', ...deposits }),
			tx.store.put({ name: 'settings', ...settings })
		];
		if (snapshot.screen === 'kiosk') writes.push(tx.store.put({ name: 'menu', ...snapshot.menu }));
		await Promise.all([...writes, tx.done]);
	}

	/** The kept snapshot of `screen`, or null (none, another screen's, or incomplete). */
	async read<S extends GuestScreen>(screen: S): Promise<SnapshotOf<S> | null> {
		const records = new Map(
			(await this.#db.getAll('parts')).map((record) => [record.name, record])
		);
		const head = records.get('screen') as ScreenRecord | undefined;
		const part = (name: PartName) => {
			const record = records.get(name) as PartRecord | undefined;
			return record && { value: record.value, fetchedAt: record.fetchedAt };
		};
		const [identity, deposits, settings, menu] = [
			part('identity'),
			part('deposits'),
			part('settings'),
			part('menu')
		];
		if (head?.screen !== screen || !identity || !deposits || !settings) return null;
		const base = {
			deviceId: head.deviceId,
			servedAt: head.servedAt,
			features: head.features,
			identity,
			deposits
		};
		if (screen === 'return')
			return { screen, ...base, settings } as ReturnSnapshot as SnapshotOf<S>;
		if (!menu) return null;
		return { screen, ...base, settings, menu } as KioskSnapshot as SnapshotOf<S>;
	}

	/** The kept image of `url`, if any. */
	async image(url: string): Promise<Blob | null> {
		return (await this.#db.get('images', url))?.blob ?? null;
	}

	/**
	 * Keeps the images of `urls` not yet kept (fetched with `fetcher`; one that fails, is not an
	 * image or is too large is left out) and drops those of other URLs.
	 */
	async keepImages(
		urls: ReadonlySet<string>,
		fetcher: (url: string) => Promise<Response>,
		now: () => Date = () => new Date()
	): Promise<void> {
		for (const url of await this.#db.getAllKeys('images'))
			if (!urls.has(url)) await this.#db.delete('images', url);
		const kept = new Set(await this.#db.getAllKeys('images'));
		for (const url of urls) {
			if (kept.has(url)) continue;
			const blob = await fetchImage(url, fetcher);
			if (blob) await this.#db.put('images', { url, blob, fetchedAt: now().toISOString() });
		}
	}

	/** Everything kept (this browser is no screen any more). */
	async clear(): Promise<void> {
		const tx = this.#db.transaction(['parts', 'images'], 'readwrite');
		await Promise.all([tx.objectStore('parts').clear(), tx.objectStore('images').clear(), tx.done]);
	}

	close(): void {
		this.#db.close();
	}
}

async function fetchImage(
	url: string,
	fetcher: (url: string) => Promise<Response>
): Promise<Blob | null> {
	try {
		const response = await fetcher(url);
		if (!response.ok) return null;
		const blob = await response.blob();
		return blob.type.startsWith('image/') && blob.size <= MAX_IMAGE_BYTES ? blob : null;
	} catch {
		return null;
	}
}

/** Empties the kept snapshot and images (the start page found this browser unpaired). */
export async function forgetScreenData(): Promise<void> {
	if (typeof indexedDB === 'undefined') return;
	const store = await ScreenStore.open();
	try {
		await store.clear();
	} finally {
		store.close();
	}
}
