import { describe, expect, it, vi } from 'vitest';
import type { ServerContext } from '../context.ts';
import { placeAssetFor } from './place-asset.ts';
import { placeMediaFile } from './place-media.ts';

const PICTURE = 'https://cdn.example/main-stage.jpg';
const asset = { contentType: 'image/jpeg', bytes: new Uint8Array([1]), hash: 'h', fetchedAt: 0 };

function setUp() {
	const get = vi.fn(async () => asset);
	const context = {
		devices: { get: async (id: string) => (id === 'kiosk-1' ? { id } : undefined) },
		views: {
			get: async () => ({
				identity: {
					place: {
						avatarMedia: {
							id: 'm',
							processingStatus: 'COMPLETE',
							mediaType: 'IMAGE',
							uris: [{ src: PICTURE, URIType: 'LARGE' }]
						}
					}
				}
			})
		},
		placeMedia: { get }
	} as unknown as Pick<ServerContext, 'devices' | 'views' | 'placeMedia'>;
	return { context, get };
}

describe('placeAssetFor', () => {
	it('serves the asking screen’s own place picture', async () => {
		const { context, get } = setUp();
		expect(await placeAssetFor(context, 'kiosk-1', placeMediaFile('picture', PICTURE))).toBe(asset);
		expect(get).toHaveBeenCalledWith('picture', PICTURE);
	});

	it('fetches nothing for a browser that is no screen, a device gone, or a source not its place’s', async () => {
		const { context, get } = setUp();
		const file = placeMediaFile('picture', PICTURE);
		expect(await placeAssetFor(context, null, file)).toBeNull();
		expect(await placeAssetFor(context, 'kiosk-gone', file)).toBeNull();
		expect(
			await placeAssetFor(context, 'kiosk-1', placeMediaFile('picture', 'https://evil.example/x'))
		).toBeNull();
		expect(await placeAssetFor(context, 'kiosk-1', placeMediaFile('clip', PICTURE))).toBeNull();
		expect(get).not.toHaveBeenCalled();
	});
});
