/**
 * The guest screen's snapshot in IndexedDB (through idb), so a screen opened without its server
 * shows the newest menu and settings it had — not only those of the page the service worker
 * kept. One record per part (identity, deposit terms, menu, settings), each with its fetch time,
 * beside a record of which screen and device they belong to; and the menu's pictures and the
 * place's picture and clip as blobs (`media`).
 * Nothing secret is written: snapshots carry none (shared/screen-snapshot.ts). Emptied when the
 * browser is unpaired.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type {
	GuestScreen,
	KioskSnapshot,
	Part,
	ReturnSnapshot,
	ScreenSnapshot
} from '#lib/shared/screen-snapshot.ts';

export const DATABASE_NAME = 'venue-kiosk';
/** 2: the blobs' store is `media` (pictures and the attract clip), was `images`. */
const VERSION = 2;
/**
 * What is kept of each type, and up to which size; anything larger is not kept (the browser's
 * HTTP cache may still have it). A clip is larger than a picture: the place's one clip is kept
 * so the attract screen loops offline too; without it, its picture shows.
 */
export const MEDIA_LIMITS = [
	{ typePrefix: 'image/', maxBytes: 2 * 1024 * 1024 },
	{ typePrefix: 'video/', maxBytes: 32 * 1024 * 1024 }
] as const;

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

interface MediaRecord {
	url: string;
	blob: Blob;
	fetchedAt: string;
}

interface ScreenSchema extends DBSchema {
	parts: { key: string; value: ScreenRecord | PartRecord };
	media: { key: string; value: MediaRecord };
}

type SnapshotOf<S extends GuestScreen> = Extract<ScreenSnapshot, { screen: S }>;

export class ScreenStore {
	readonly #db: IDBPDatabase<ScreenSchema>;

	private constructor(db: IDBPDatabase<ScreenSchema>) {
		this.#db = db;
	}

	static async open(): Promise<ScreenStore> {
		const db = await openDB<ScreenSchema>(DATABASE_NAME, VERSION, {
			upgrade(db, oldVersion) {
				if (oldVersion < 1) db.createObjectStore('parts', { keyPath: 'name' });
				if (oldVersion < 2) {
					// Version 1's `images` are fetched again into `media`.
					const untyped = db as unknown as IDBDatabase;
					if (untyped.objectStoreNames.contains('images')) untyped.deleteObjectStore('images');
					db.createObjectStore('media', { keyPath: 'url' });
				}
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

	/** The kept picture or clip of `url`, if any. */
	async media(url: string): Promise<Blob | null> {
		return (await this.#db.get('media', url))?.blob ?? null;
	}

	/**
	 * Keeps the pictures and clips of `urls` not yet kept (fetched with `fetcher`; one that
	 * fails, is neither or is too large is left out) and drops those of other URLs.
	 */
	async keepMedia(
		urls: ReadonlySet<string>,
		fetcher: (url: string) => Promise<Response>,
		now: () => Date = () => new Date()
	): Promise<void> {
		for (const url of await this.#db.getAllKeys('media'))
			if (!urls.has(url)) await this.#db.delete('media', url);
		const kept = new Set(await this.#db.getAllKeys('media'));
		for (const url of urls) {
			if (kept.has(url)) continue;
			const blob = await fetchMedia(url, fetcher);
			if (blob) await this.#db.put('media', { url, blob, fetchedAt: now().toISOString() });
		}
	}

	/** Everything kept (this browser is no screen any more). */
	async clear(): Promise<void> {
		const tx = this.#db.transaction(['parts', 'media'], 'readwrite');
		await Promise.all([tx.objectStore('parts').clear(), tx.objectStore('media').clear(), tx.done]);
	}

	close(): void {
		this.#db.close();
	}
}

async function fetchMedia(
	url: string,
	fetcher: (url: string) => Promise<Response>
): Promise<Blob | null> {
	try {
		const response = await fetcher(url);
		if (!response.ok) return null;
		const blob = await response.blob();
		const limit = MEDIA_LIMITS.find(({ typePrefix }) => blob.type.startsWith(typePrefix));
		return limit && blob.size <= limit.maxBytes ? blob : null;
	} catch {
		return null;
	}
}

/** Empties the kept snapshot and media (the start page found this browser unpaired). */
export async function forgetScreenData(): Promise<void> {
	if (typeof indexedDB === 'undefined') return;
	const store = await ScreenStore.open();
	try {
		await store.clear();
	} finally {
		store.close();
	}
}
