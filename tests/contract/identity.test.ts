import { describe, expect, it } from 'vitest';
import { errorCodeOf, useSimulator } from './harness.ts';

const sim = useSimulator();

describe('spec 1 · GET /v1/integrations/me (getExternalDeviceByIntegration)', () => {
	it('returns the Device: id, name, authorities, organization, place, relatedDesks (spec 1 "Device")', async () => {
		const result = await sim.call('dev_kiosk_main', 'GET', '/v1/integrations/me');
		expect(result.status).toBe(200);
		expect(result.body).toMatchObject({
			id: 'dev_kiosk_main',
			name: 'Main Stage Kiosk 1',
			authorities: ['REVO', 'CREDIT', 'KIOSK'],
			organization: { id: 'org_riverside', name: 'Riverside Open Air' },
			place: {
				id: 'place_main_stage',
				name: 'Main Stage Bar',
				formattedAddress: expect.any(String),
				placeStatus: 'ACTIVE'
			}
		});
		expect(result.body.relatedDesks).toContainEqual({
			id: 'desk_main_counter',
			name: 'Bar counter',
			type: 'COUNTER',
			enabled: true
		});
		expect(result.body.relatedDesks.map((desk: { type: string }) => desk.type)).toContain('TABLE');
	});

	it('gives the place avatar as MediaResponse with absolute URIs (spec 1 "MediaResponse")', async () => {
		const { body } = await sim.call('dev_kiosk_main', 'GET', '/v1/integrations/me');
		expect(body.place.avatarMedia).toMatchObject({
			processingStatus: 'COMPLETE',
			mediaType: 'IMAGE',
			uris: expect.arrayContaining([expect.objectContaining({ URIType: 'LARGE' })])
		});
		expect(body.place.avatarMedia.uris[0].src).toMatch(/^http:\/\//);
		const garden = await sim.call('dev_kiosk_garden', 'GET', '/v1/integrations/me');
		expect(garden.body.place.avatarMedia).toBeUndefined();
	});

	it('the console sets a place’s media: a VIDEO with its clip and thumbnail, or none', async () => {
		const video = {
			id: 'media_clip',
			mediaType: 'VIDEO',
			uris: [
				{ src: '/_sim/media/main-stage.webm', URIType: 'VIDEO' },
				{ src: '/_sim/media/main-stage.svg', URIType: 'VIDEO_THUMBNAIL' }
			]
		};
		expect((await sim.control('PUT', '/_sim/places/place_main_stage/avatar', video)).status).toBe(
			200
		);
		const { body } = await sim.call('dev_kiosk_main', 'GET', '/v1/integrations/me');
		expect(body.place.avatarMedia).toMatchObject({
			id: 'media_clip',
			processingStatus: 'COMPLETE',
			mediaType: 'VIDEO',
			uris: [
				{ src: `${sim.url}/_sim/media/main-stage.webm`, URIType: 'VIDEO' },
				{ src: `${sim.url}/_sim/media/main-stage.svg`, URIType: 'VIDEO_THUMBNAIL' }
			]
		});
		// The clip is a real WebM (its EBML header), served as one.
		const clip = await fetch(`${sim.url}/_sim/media/main-stage.webm`);
		expect(clip.headers.get('content-type')).toBe('video/webm');
		const bytes = new Uint8Array(await clip.arrayBuffer());
		expect([...bytes.slice(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
		expect(bytes.byteLength).toBeGreaterThan(10_000);

		expect(
			(await sim.control('PUT', '/_sim/places/place_main_stage/avatar', { id: 'x' })).status
		).toBe(400);
		expect((await sim.control('PUT', '/_sim/places/nowhere/avatar', video)).status).toBe(404);
		expect((await sim.control('DELETE', '/_sim/places/place_main_stage/avatar')).status).toBe(204);
		const after = await sim.call('dev_kiosk_main', 'GET', '/v1/integrations/me');
		expect(after.body.place.avatarMedia).toBeUndefined();
	});

	it('answers a device without authorities with an empty list (spec 1 "authorities: enum array")', async () => {
		const result = await sim.call('dev_info_main', 'GET', '/v1/integrations/me');
		expect(result.status).toBe(200);
		expect(result.body.authorities).toEqual([]);
	});

	it.each([
		['missing key', null],
		['disabled device', 'dev_retired_main']
	])(
		'401 AUTHORIZATION for a %s (spec 1 "A 401 on the identity endpoint means the key is wrong or the device is disabled")',
		async (_, deviceId) => {
			const result = await sim.call(deviceId, 'GET', '/v1/integrations/me');
			expect(result.status).toBe(401);
			expect(result.body).toEqual({
				errorModel: { errorCode: 'AUTHORIZATION', message: expect.any(String), descriptors: [] }
			});
		}
	);

	it('401 AUTHORIZATION for an unknown key', async () => {
		const result = await sim.call(null, 'GET', '/v1/integrations/me', {
			headers: { 'X-API-Key': 'not.a-real.key' }
		});
		expect(result.status).toBe(401);
		expect(errorCodeOf(result)).toBe('AUTHORIZATION');
	});
});
