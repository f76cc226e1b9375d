/**
 * Keeps a guest screen's snapshot: at start it hands the screen what IndexedDB kept (the menu's
 * images as local blobs, so they show offline too), then asks the screen's snapshot endpoint for
 * the newest, keeps that, and asks again every `intervalMs` and whenever the screen wants it
 * (`revalidate`: the server is back, or said the menu changed). A screen its server no longer
 * knows (401 `not-paired`) forgets what it kept and reloads, which takes it to /screen.
 */
import { systemTimers, type Timers } from '#lib/board/timers.ts';
import type { ScreenData } from './screen-data.svelte.ts';
import type { ScreenStore } from './screen-store.ts';
import type { ScreenSnapshot } from './snapshot.ts';

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
		if (!store || !kept || kept.screen !== 'kiosk') return kept ?? null;
		const menu = await Promise.all(
			kept.menu.value.map(async (item) => {
				const blob = item.image ? await store.image(item.image).catch(() => null) : null;
				return blob ? { ...item, image: this.#options.createObjectURL(blob) } : item;
			})
		);
		return { ...kept, menu: { ...kept.menu, value: menu } };
	}

	async #keep(snapshot: S): Promise<void> {
		const store = await this.#storeOnce();
		if (!store) return;
		try {
			await store.save(snapshot);
			if (snapshot.screen !== 'kiosk') return;
			const images = new Set(snapshot.menu.value.flatMap((item) => item.image ?? []));
			await store.keepImages(images, (url) => this.#options.fetcher(url));
		} catch {
			// Storage full or refused: the screen works on, with less kept for next time.
		}
	}

	async #forget(): Promise<void> {
		const store = await this.#storeOnce();
		await store?.clear().catch(() => undefined);
		this.stop();
		this.#options.unpaired();
	}
}
