/**
 * The place's assets (place-media.ts) as this server has them from the platform's asset host,
 * kept in memory: a server serves a handful of places, each with a picture and perhaps a clip.
 * A kept asset is served for `maxAgeMs`, then asked for again; while asking fails (a flaky
 * uplink) the kept copy is served on. Concurrent requests for one asset share one fetch. Plain
 * GETs without any key: assets are public URLs, and the API key goes to the API only
 * (platform/transport.ts).
 */
import { createHash } from 'node:crypto';
import type { Media } from '../http/media-response.ts';
import type { PlaceMediaKind } from './place-media.ts';

export interface PlaceAsset extends Media {
	fetchedAt: number;
}

/** What each kind must be: a picture an image, a clip a video, each within a size. */
export const PLACE_MEDIA_LIMITS: Record<PlaceMediaKind, { typePrefix: string; maxBytes: number }> =
	{
		picture: { typePrefix: 'image/', maxBytes: 5 * 1024 * 1024 },
		clip: { typePrefix: 'video/', maxBytes: 32 * 1024 * 1024 }
	};

export interface PlaceMediaCacheOptions {
	fetcher?: (url: string, init: RequestInit) => Promise<Response>;
	now?: () => number;
	maxAgeMs?: number;
	timeoutMs?: number;
	/** Assets kept at most; the one asked for least recently goes first. */
	maxEntries?: number;
}

export class PlaceMediaCache {
	readonly #options: Required<PlaceMediaCacheOptions>;
	readonly #kept = new Map<string, PlaceAsset>();
	readonly #asking = new Map<string, Promise<PlaceAsset | null>>();

	constructor(options: PlaceMediaCacheOptions = {}) {
		this.#options = {
			fetcher: (url, init) => fetch(url, init),
			now: () => Date.now(),
			maxAgeMs: 60 * 60 * 1000,
			timeoutMs: 15_000,
			maxEntries: 16,
			...options
		};
	}

	/** The asset at `src` as a `kind`; null when it was never had (or is not what it should be). */
	async get(kind: PlaceMediaKind, src: string): Promise<PlaceAsset | null> {
		const key = `${kind} ${src}`;
		const kept = this.#kept.get(key);
		if (kept) {
			// Most recently asked for last: the first in the map is the one to let go.
			this.#kept.delete(key);
			this.#kept.set(key, kept);
			if (this.#options.now() - kept.fetchedAt < this.#options.maxAgeMs) return kept;
		}
		let asking = this.#asking.get(key);
		if (!asking) {
			asking = this.#fetch(kind, src).finally(() => this.#asking.delete(key));
			this.#asking.set(key, asking);
		}
		const fresh = await asking;
		if (fresh) this.#keep(key, fresh);
		return fresh ?? kept ?? null;
	}

	async #fetch(kind: PlaceMediaKind, src: string): Promise<PlaceAsset | null> {
		const { typePrefix, maxBytes } = PLACE_MEDIA_LIMITS[kind];
		try {
			const response = await this.#options.fetcher(src, {
				signal: AbortSignal.timeout(this.#options.timeoutMs)
			});
			const contentType = (response.headers.get('content-type') ?? '')
				.split(';')[0]!
				.trim()
				.toLowerCase();
			if (!response.ok || !contentType.startsWith(typePrefix)) {
				await response.body?.cancel();
				return null;
			}
			const bytes = await readAtMost(response, maxBytes);
			if (!bytes) return null;
			const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
			return { contentType, bytes, hash, fetchedAt: this.#options.now() };
		} catch {
			// Unreachable, too slow, or cut off: as if never had.
			return null;
		}
	}

	#keep(key: string, asset: PlaceAsset): void {
		this.#kept.delete(key);
		this.#kept.set(key, asset);
		for (const oldest of this.#kept.keys()) {
			if (this.#kept.size <= this.#options.maxEntries) break;
			this.#kept.delete(oldest);
		}
	}
}

/** The body, or null once it grows past `maxBytes` (read no further than that). */
async function readAtMost(response: Response, maxBytes: number): Promise<Uint8Array | null> {
	if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
		await response.body?.cancel();
		return null;
	}
	if (!response.body) return new Uint8Array();
	const chunks: Uint8Array[] = [];
	let size = 0;
	for await (const chunk of response.body) {
		size += chunk.byteLength;
		if (size > maxBytes) return null;
		chunks.push(chunk);
	}
	return Buffer.concat(chunks);
}
