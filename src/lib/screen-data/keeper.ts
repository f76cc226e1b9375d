/**
 * Keeps a guest screen's snapshot: at start it hands the screen what IndexedDB kept (the menu's
 * pictures and the place's picture and clip as local blobs, so they show offline too), then
 * asks the screen's snapshot endpoint for the newest, keeps that, and asks again every
 * `intervalMs` and whenever the screen wants it (`revalidate`: the server is back, or said the
 * menu changed). A screen its server no longer
 * knows (401 `not-paired`) forgets what it kept and reloads, which takes it to /screen.
 */
import { systemTimers, type Timers } from '#lib/board/timers.ts';
import type { ScreenData } from './screen-data.svelte.ts';
import type { ScreenStore } from './screen-store.ts';
import type { ScreenSnapshot } from '#lib/shared/screen-snapshot.ts';

export interface KeeperOptions<S extends ScreenSnapshot> {
	screen: S['screen'];
	data: ScreenData<S>;
	/** The IndexedDB store; a screen where it cannot open still revalidates (nothing kept). */
	store: () => Promise<ScreenStore>;
	/** The screen was unpaired: what was kept is gone; the page goes to /screen. */
	unpaired: () => void;
	fetcher?: (url: string, init?: RequestInit) => Promise<Response>;
	timers?: Pick<Timers, 'setTimeout' | 'clearTimeout'>;
	createObjectURL?: (blob: Blob) => string;
	intervalMs?: number;
	timeoutMs?: number;
}

export class ScreenKeeper<S extends ScreenSnapshot> {
	readonly #options: Required<Omit<KeeperOptions<S>, 'store'>>;
	readonly #openStore: () => Promise<ScreenStore>;
	#store: Promise<ScreenStore | null> | null = null;
	#next: unknown = undefined;
	#running = false;

	constructor({ store, ...options }: KeeperOptions<S>) {
		this.#openStore = store;
		this.#options = {
			fetcher: (url, init) => fetch(url, init),
			timers: systemTimers,
			createObjectURL: (blob) => URL.createObjectURL(blob),
			intervalMs: 60_000,
			timeoutMs: 8_000,
			...options
		};
	}

	get #path(): string {
		return `/api/${this.#options.screen}/snapshot`;
	}

	/** Shows what was kept, then the server's newest; keeps asking until `stop`. */
	async start(): Promise<void> {
		if (this.#running) return;
		this.#running = true;
		this.#options.data.fetchWith(() => this.revalidate());
		const kept = await this.#kept();
		if (kept && this.#running) this.#options.data.offer(kept);
		await this.revalidate();
	}

	stop(): void {
		this.#running = false;
		this.#options.timers.clearTimeout(this.#next);
		void this.#store?.then((store) => store?.close());
	}

	/** Asks the server for the newest snapshot; null if it could not be had. */
	async revalidate(): Promise<S | null> {
		const { fetcher, timeoutMs, screen, data, timers, intervalMs } = this.#options;
		timers.clearTimeout(this.#next);
		let fresh: S | null = null;
		try {
			const response = await fetcher(this.#path, {
				cache: 'no-store',
				signal: AbortSignal.timeout(timeoutMs)
			});
			if (response.status === 401) {
				await this.#forget();
				return null;
			}
			const body = response.ok ? ((await response.json()) as S) : null;
			if (body?.screen === screen && typeof body.servedAt === 'string') fresh = body;
		} catch {
			// No connection: the screen's reachability pauses what needs the server.
		}
		if (!this.#running) return fresh;
		if (fresh) {
			data.offer(fresh);
			await this.#keep(fresh);
		}
		this.#next = timers.setTimeout(() => void this.revalidate(), intervalMs);
		return fresh;
	}

	#storeOnce(): Promise<ScreenStore | null> {
		this.#store ??= this.#openStore().catch(() => null);
		return this.#store;
	}

	async #kept(): Promise<S | null> {
		const store = await this.#storeOnce();
		const kept = (await store?.read(this.#options.screen).catch(() => null)) as S | null;
		if (!store || !kept) return kept ?? null;
		const local = async <T extends string | null | undefined>(url: T): Promise<T | string> => {
			const blob = url ? await store.media(url).catch(() => null) : null;
			return blob ? this.#options.createObjectURL(blob) : url;
		};
		const identity = kept.identity.value && {
			...kept.identity.value,
			avatar: await local(kept.identity.value.avatar),
			avatarClip: await local(kept.identity.value.avatarClip)
		};
		const withIdentity = { ...kept, identity: { ...kept.identity, value: identity } };
		if (withIdentity.screen !== 'kiosk') return withIdentity;
		const menu = await Promise.all(
			withIdentity.menu.value.map(async (item) => ({ ...item, image: await local(item.image) }))
		);
		return { ...withIdentity, menu: { ...withIdentity.menu, value: menu } };
	}

	async #keep(snapshot: S): Promise<void> {
		const store = await this.#storeOnce();
		if (!store) return;
		let fetched = false;
		try {
			await store.save(snapshot);
			await store.keepMedia(mediaOf(snapshot), (url) => {
				fetched = true;
				return this.#options.fetcher(url);
			});
		} catch {
			// Storage full or refused: the screen works on, with less kept for next time.
		}
		if (fetched) this.#options.data.mediaFetched();
	}

	async #forget(): Promise<void> {
		const store = await this.#storeOnce();
		await store?.clear().catch(() => undefined);
		this.stop();
		this.#options.unpaired();
	}
}

/** The addresses of what a snapshot shows: the place's picture and clip, the menu's pictures. */
function mediaOf(snapshot: ScreenSnapshot): Set<string> {
	const identity = snapshot.identity.value;
	const menu = snapshot.screen === 'kiosk' ? snapshot.menu.value : [];
	return new Set(
		[identity?.avatar, identity?.avatarClip, ...menu.map((item) => item.image)].filter(
			(url): url is string => typeof url === 'string' && url !== ''
		)
	);
}
