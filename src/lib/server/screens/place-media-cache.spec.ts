import { describe, expect, it, vi } from 'vitest';
import { PLACE_MEDIA_LIMITS, PlaceMediaCache } from './place-media-cache.ts';

const SRC = 'https://cdn.example/stage.webm';

function asset(type: string, bytes = 10, headers: Record<string, string> = {}) {
	return new Response(new Uint8Array(bytes).fill(7), {
		headers: { 'content-type': type, ...headers }
	});
}

function setUp(answer: (url: string) => Response | Promise<Response>) {
	let now = 1_000_000;
	const fetcher = vi.fn(async (url: string, init: RequestInit) => {
		expect(init.signal).toBeInstanceOf(AbortSignal);
		return answer(url);
	});
	const cache = new PlaceMediaCache({
		fetcher,
		now: () => now,
		maxAgeMs: 60_000,
		maxEntries: 2
	});
	return { cache, fetcher, later: (ms: number) => (now += ms) };
}

describe('PlaceMediaCache', () => {
	it('fetches an asset once, with its type and a digest of its bytes, without any key', async () => {
		const { cache, fetcher } = setUp(() => asset('video/webm; codecs=vp8'));
		const [first, second] = await Promise.all([cache.get('clip', SRC), cache.get('clip', SRC)]);
		expect(first).toMatchObject({
			contentType: 'video/webm',
			hash: expect.stringMatching(/^[0-9a-f]{32}$/)
		});
		expect(first!.bytes).toHaveLength(10);
		expect(second).toBe(first);
		expect(await cache.get('clip', SRC)).toBe(first);
		expect(fetcher).toHaveBeenCalledTimes(1);
		const init = fetcher.mock.calls[0]![1];
		expect(JSON.stringify(init.headers ?? {})).not.toMatch(/key|authorization/i);
	});

	it('asks again once its time is up, and serves the kept copy while asking fails', async () => {
		let up = true;
		const { cache, fetcher, later } = setUp(() => {
			if (!up) throw new TypeError('fetch failed');
			return asset('image/png');
		});
		const kept = await cache.get('picture', SRC);
		later(60_001);
		up = false;
		expect(await cache.get('picture', SRC)).toBe(kept);
		expect(fetcher).toHaveBeenCalledTimes(2);
	});

	it('takes nothing that is not of its kind, failed, or larger than its kind may be', async () => {
		const { cache } = setUp((url) => {
			if (url.endsWith('page')) return asset('text/html');
			if (url.endsWith('missing')) return new Response('no', { status: 404 });
			if (url.endsWith('declared'))
				return asset('image/png', 4, {
					'content-length': String(PLACE_MEDIA_LIMITS.picture.maxBytes + 1)
				});
			if (url.endsWith('huge')) return asset('image/png', PLACE_MEDIA_LIMITS.picture.maxBytes + 1);
			return asset('image/png');
		});
		for (const src of ['page', 'missing', 'declared', 'huge'])
			expect(await cache.get('picture', `https://cdn.example/${src}`), src).toBeNull();
		// A picture is no clip.
		expect(await cache.get('clip', 'https://cdn.example/fine')).toBeNull();
		expect(await cache.get('picture', 'https://cdn.example/fine')).not.toBeNull();
	});

	it('keeps a few assets, letting go of the one asked for least recently', async () => {
		const { cache, fetcher } = setUp(() => asset('image/png'));
		await cache.get('picture', 'https://cdn.example/a');
		await cache.get('picture', 'https://cdn.example/b');
		await cache.get('picture', 'https://cdn.example/a');
		await cache.get('picture', 'https://cdn.example/c');
		expect(fetcher).toHaveBeenCalledTimes(3);
		await cache.get('picture', 'https://cdn.example/a'); // kept
		expect(fetcher).toHaveBeenCalledTimes(3);
		await cache.get('picture', 'https://cdn.example/b'); // let go
		expect(fetcher).toHaveBeenCalledTimes(4);
	});
});
