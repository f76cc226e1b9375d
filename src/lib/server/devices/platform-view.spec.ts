import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlatformClient } from '../platform/client.ts';
import { externalDevice } from '../platform/testing/fixtures.ts';
import type { Store } from '../store/store.ts';
import { ENGINES, openTestStore } from '../store/testing/test-stores.ts';
import { placedDevices } from './testing/placed-devices.ts';
import { PlatformViewStore } from './platform-view.ts';

const MAIN = { id: 'place_main_stage', name: 'Main Stage Bar' };
const GARDEN = { id: 'place_garden', name: 'Garden Bar' };

/** A platform that answers `GET /me` with a device at `place` (not a deposit device). */
const platformAt = (place: typeof MAIN) =>
	({
		identity: { getExternalDevice: async () => externalDevice({ place: { ...place } }) },
		deposits: {}
	}) as unknown as PlatformClient;

describe.each(ENGINES)('the platform view store on %s', (engine) => {
	let store: Store;
	beforeEach(async () => {
		store = await openTestStore(engine);
	});
	afterEach(() => store.close());

	/** A write past the views, which on SQLite no server makes: shows what a read serves. */
	const writeBehind = (deviceId: string) =>
		store.db
			.updateTable('device_snapshots')
			.set({ body: JSON.stringify(externalDevice({ place: { ...GARDEN } })) })
			.where('device_id', '=', deviceId)
			.where('kind', '=', 'identity')
			.execute();

	it('keeps the stored view on SQLite only, where this server is the one writer', async () => {
		const { views, add } = placedDevices(store);
		const kiosk = await add('Kiosk', 'kiosk', MAIN);
		expect((await views.get(kiosk)).identity?.place).toEqual(MAIN);
		await writeBehind(kiosk);
		expect((await views.get(kiosk)).identity?.place).toEqual(engine === 'sqlite' ? MAIN : GARDEN);
	});

	it('reads the view again once a refresh stored another, also through another store', async () => {
		const { views, add } = placedDevices(store);
		const kiosk = await add('Kiosk', 'kiosk', MAIN);
		expect((await views.get(kiosk)).identity?.place).toEqual(MAIN);
		await new PlatformViewStore(store).refresh(kiosk, platformAt(GARDEN));
		expect((await views.get(kiosk)).identity?.place).toEqual(GARDEN);
		const failing = {
			identity: {
				getExternalDevice: async () => {
					throw new Error('unreachable');
				}
			}
		} as unknown as PlatformClient;
		await views.refresh(kiosk, failing);
		expect(await views.get(kiosk)).toMatchObject({
			identity: { place: GARDEN },
			identityError: 'internal error'
		});
	});

	it('hands every reader a view of its own', async () => {
		const { views, add } = placedDevices(store);
		const kiosk = await add('Kiosk', 'kiosk', MAIN);
		(await views.get(kiosk)).identity!.place.name = 'Changed by a caller';
		expect((await views.get(kiosk)).identity?.place).toEqual(MAIN);
	});
});
