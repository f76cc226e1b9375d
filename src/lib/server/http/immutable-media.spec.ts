import { describe, expect, it } from 'vitest';
import { IMMUTABLE_CACHE_CONTROL, immutableMediaResponse } from './immutable-media.ts';

const media = { contentType: 'image/webp', bytes: new Uint8Array([1, 2, 3]), hash: 'abc123' };

describe('immutableMediaResponse', () => {
	it('answers the bytes with their type, ETag and a cache for good', async () => {
		const response = immutableMediaResponse(media, null);
		expect(response.status).toBe(200);
		expect(Object.fromEntries(response.headers)).toEqual({
			'content-type': 'image/webp',
			'content-length': '3',
			etag: '"abc123"',
			'cache-control': IMMUTABLE_CACHE_CONTROL
		});
		expect([...new Uint8Array(await response.arrayBuffer())]).toEqual([1, 2, 3]);
		expect(IMMUTABLE_CACHE_CONTROL).toBe('public, max-age=31536000, immutable');
	});

	it('answers 304 without the bytes when the client has them', async () => {
		for (const ifNoneMatch of ['"abc123"', 'W/"abc123"', '"old", "abc123"', '*']) {
			const response = immutableMediaResponse(media, ifNoneMatch);
			expect(response.status, ifNoneMatch).toBe(304);
			expect(response.headers.get('etag')).toBe('"abc123"');
			expect(await response.text()).toBe('');
		}
	});

	it('answers the bytes when the client has another version', () => {
		for (const ifNoneMatch of ['"old"', 'abc123', '"abc1234"', ''])
			expect(immutableMediaResponse(media, ifNoneMatch).status, ifNoneMatch).toBe(200);
	});
});
