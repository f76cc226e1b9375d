import { describe, expect, it } from 'vitest';
import type { Media } from '../platform/schemas/identity.ts';
import { placeAvatarOf } from './place-avatar.ts';

const media = (overrides: Partial<Media> = {}): Media => ({
	id: 'media_1',
	processingStatus: 'COMPLETE',
	mediaType: 'IMAGE',
	uris: [
		{ src: 'https://cdn.example/small.webp', URIType: 'SMALL' },
		{ src: 'https://cdn.example/large.webp', URIType: 'LARGE' },
		{ src: 'https://cdn.example/medium.webp', URIType: 'MEDIUM' }
	],
	...overrides
});

describe('placeAvatarOf', () => {
	it('takes the largest image rendition', () => {
		expect(placeAvatarOf(media())).toBe('https://cdn.example/large.webp');
		expect(
			placeAvatarOf(media({ uris: [{ src: 'https://cdn.example/m.webp', URIType: 'MEDIUM' }] }))
		).toBe('https://cdn.example/m.webp');
	});

	it('shows nothing for no media, media not processed yet, or media that is not an image', () => {
		expect(placeAvatarOf(undefined)).toBeNull();
		expect(placeAvatarOf(media({ processingStatus: 'PROCESSING' }))).toBeNull();
		expect(placeAvatarOf(media({ mediaType: 'VIDEO' }))).toBeNull();
		expect(placeAvatarOf(media({ uris: [] }))).toBeNull();
	});

	it('never hands the page a source that is not http(s)', () => {
		const uris = [
			{ src: 'javascript:alert(1)', URIType: 'LARGE' as const },
			{ src: 'data:image/png;base64,AAAA', URIType: 'MEDIUM' as const },
			{ src: 'not a url', URIType: 'SMALL' as const }
		];
		expect(placeAvatarOf(media({ uris }))).toBeNull();
		expect(
			placeAvatarOf(
				media({ uris: [...uris, { src: 'http://venue.example/a.svg', URIType: 'SMALL' }] })
			)
		).toBe('http://venue.example/a.svg');
	});
});
