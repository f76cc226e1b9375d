import { describe, expect, it } from 'vitest';
import {
	byteRange,
	IMMUTABLE_CACHE_CONTROL,
	immutableMediaResponse,
	mediaResponse
} from './media-response.ts';

const media = { contentType: 'image/webp', bytes: new Uint8Array([1, 2, 3]), hash: 'abc123' };
const asked = (ifNoneMatch: string | null = null) => ({ ifNoneMatch });

describe('immutableMediaResponse', () => {
	it('answers the bytes with their type, ETag and a cache for good', async () => {
		const response = immutableMediaResponse(media, asked());
		expect(response.status).toBe(200);
		expect(Object.fromEntries(response.headers)).toEqual({
			'content-type': 'image/webp',
			'content-length': '3',
			etag: '"abc123"',
			'cache-control': IMMUTABLE_CACHE_CONTROL,
			'accept-ranges': 'bytes'
		});
		expect([...new Uint8Array(await response.arrayBuffer())]).toEqual([1, 2, 3]);
		expect(IMMUTABLE_CACHE_CONTROL).toBe('public, max-age=31536000, immutable');
	});

	it('answers 304 without the bytes when the client has them', async () => {
		for (const ifNoneMatch of ['"abc123"', 'W/"abc123"', '"old", "abc123"', '*']) {
			const response = immutableMediaResponse(media, asked(ifNoneMatch));
			expect(response.status, ifNoneMatch).toBe(304);
			expect(response.headers.get('etag')).toBe('"abc123"');
			expect(await response.text()).toBe('');
		}
	});

	it('answers the bytes when the client has another version', () => {
		for (const ifNoneMatch of ['"old"', 'abc123', '"abc1234"', ''])
			expect(immutableMediaResponse(media, asked(ifNoneMatch)).status, ifNoneMatch).toBe(200);
	});
});

describe('mediaResponse with a byte range', () => {
	const clip = {
		contentType: 'video/webm',
		bytes: Uint8Array.from({ length: 10 }, (_, i) => i),
		hash: 'c'
	};
	const answer = { cacheControl: 'private, max-age=60', headers: { 'x-extra': 'yes' } };

	it('answers 206 with the range asked, its length and where it lies in the whole', async () => {
		const response = mediaResponse(clip, { ifNoneMatch: null, range: 'bytes=2-4' }, answer);
		expect(response.status).toBe(206);
		expect(response.headers.get('content-range')).toBe('bytes 2-4/10');
		expect(response.headers.get('content-length')).toBe('3');
		expect(response.headers.get('cache-control')).toBe('private, max-age=60');
		expect(response.headers.get('x-extra')).toBe('yes');
		expect([...new Uint8Array(await response.arrayBuffer())]).toEqual([2, 3, 4]);
	});

	it('answers 416 for a range past the end, and the whole for a range of another version', () => {
		const past = mediaResponse(clip, { ifNoneMatch: null, range: 'bytes=10-' }, answer);
		expect(past.status).toBe(416);
		expect(past.headers.get('content-range')).toBe('bytes */10');
		const other = { ifNoneMatch: null, range: 'bytes=0-1', ifRange: '"old"' };
		expect(mediaResponse(clip, other, answer).status).toBe(200);
		const same = { ifNoneMatch: null, range: 'bytes=0-1', ifRange: '"c"' };
		expect(mediaResponse(clip, same, answer).status).toBe(206);
	});
});

describe('byteRange', () => {
	it('reads the three forms of one range, clamped to the content', () => {
		expect(byteRange('bytes=0-', 10)).toEqual({ start: 0, end: 9 });
		expect(byteRange('bytes=3-99', 10)).toEqual({ start: 3, end: 9 });
		expect(byteRange('bytes=-4', 10)).toEqual({ start: 6, end: 9 });
		expect(byteRange('bytes=-40', 10)).toEqual({ start: 0, end: 9 });
	});

	it('takes several ranges, other units and nonsense as no range (the whole)', () => {
		for (const header of ['bytes=0-1,4-5', 'items=0-1', 'bytes=-', 'bytes=5-2', 'bytes=a-b'])
			expect(byteRange(header, 10), header).toBeNull();
	});

	it('finds a range nothing of the content satisfies', () => {
		expect(byteRange('bytes=10-12', 10)).toBe('unsatisfiable');
		expect(byteRange('bytes=-0', 10)).toBe('unsatisfiable');
		expect(byteRange('bytes=0-', 0)).toBe('unsatisfiable');
	});
});
