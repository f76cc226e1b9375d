import { describe, expect, it } from 'vitest';
import type { Media } from '../platform/schemas/identity.ts';
import { placeMediaAddress, placeMediaFile, placeMediaOf, sourceOfFile } from './place-media.ts';

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

const video = (uris: Media['uris']) => media({ mediaType: 'VIDEO', uris });

describe('placeMediaOf', () => {
	it('takes the largest image rendition as the picture, and no clip', () => {
		expect(placeMediaOf(media())).toEqual({
			picture: 'https://cdn.example/large.webp',
			clip: null
		});
		expect(
			placeMediaOf(media({ uris: [{ src: 'https://cdn.example/m.webp', URIType: 'MEDIUM' }] }))
				.picture
		).toBe('https://cdn.example/m.webp');
	});

	it('of a video: the VIDEO rendition loops, its thumbnail is the picture; HLS is not played', () => {
		expect(
			placeMediaOf(
				video([
					{ src: 'https://cdn.example/index.m3u8', URIType: 'VIDEO_HLS_INDEX' },
					{ src: 'https://cdn.example/clip.mp4', URIType: 'VIDEO' },
					{ src: 'https://cdn.example/thumb.jpg', URIType: 'VIDEO_THUMBNAIL' }
				])
			)
		).toEqual({ picture: 'https://cdn.example/thumb.jpg', clip: 'https://cdn.example/clip.mp4' });
		expect(
			placeMediaOf(video([{ src: 'https://cdn.example/index.m3u8', URIType: 'VIDEO_HLS_INDEX' }]))
		).toEqual({ picture: null, clip: null });
	});

	it('shows nothing for no media, media not processed yet, a PDF, or no renditions', () => {
		const none = { picture: null, clip: null };
		expect(placeMediaOf(undefined)).toEqual(none);
		expect(placeMediaOf(media({ processingStatus: 'PROCESSING' }))).toEqual(none);
		expect(placeMediaOf(media({ processingStatus: 'ERROR' }))).toEqual(none);
		expect(
			placeMediaOf(media({ mediaType: 'PDF', uris: [{ src: 'https://x/a.pdf', URIType: 'PDF' }] }))
		).toEqual(none);
		expect(placeMediaOf(media({ uris: [] }))).toEqual(none);
	});

	it('never takes a source that is not http(s)', () => {
		const uris = [
			{ src: 'javascript:alert(1)', URIType: 'LARGE' as const },
			{ src: 'data:image/png;base64,AAAA', URIType: 'MEDIUM' as const },
			{ src: 'not a url', URIType: 'SMALL' as const }
		];
		expect(placeMediaOf(media({ uris })).picture).toBeNull();
		expect(
			placeMediaOf(
				media({ uris: [...uris, { src: 'http://venue.example/a.svg', URIType: 'SMALL' }] })
			).picture
		).toBe('http://venue.example/a.svg');
		expect(placeMediaOf(video([{ src: 'file:///etc/passwd', URIType: 'VIDEO' }])).clip).toBeNull();
	});
});

describe('place media addresses', () => {
	const sources = { picture: 'https://cdn.example/a.jpg', clip: 'https://cdn.example/a.mp4' };

	it('name the kind and a digest of the source, never the URL itself', () => {
		const address = placeMediaAddress('clip', sources.clip);
		expect(address).toMatch(/^\/media\/place\/clip-[0-9a-f]{32}$/);
		expect(address).not.toContain('cdn.example');
		expect(placeMediaAddress('clip', 'https://cdn.example/b.mp4')).not.toBe(address);
	});

	it('lead back to the source of that kind among the place’s, and to nothing else', () => {
		expect(sourceOfFile(sources, placeMediaFile('picture', sources.picture))).toEqual({
			kind: 'picture',
			src: sources.picture
		});
		expect(sourceOfFile(sources, placeMediaFile('clip', sources.clip))).toEqual({
			kind: 'clip',
			src: sources.clip
		});
		// The picture's source named as a clip, another place's source, or a made-up file: none.
		expect(sourceOfFile(sources, placeMediaFile('clip', sources.picture))).toBeNull();
		expect(sourceOfFile(sources, placeMediaFile('picture', 'https://other/x.jpg'))).toBeNull();
		expect(sourceOfFile(sources, '../../etc/passwd')).toBeNull();
		expect(sourceOfFile({ picture: null, clip: null }, 'picture-0')).toBeNull();
	});
});
