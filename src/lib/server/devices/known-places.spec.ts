import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../store/store.ts';
import { ENGINES, openTestStore } from '../store/testing/test-stores.ts';
import { KnownPlaces } from './known-places.ts';
import { placedDevices } from './testing/placed-devices.ts';

const MAIN = { id: 'place_main_stage', name: 'Main Stage Bar' };
const GARDEN = { id: 'place_garden', name: 'Garden Bar' };

describe.each(ENGINES)('KnownPlaces on %s', (engine) => {
	let store: Store;
	beforeEach(async () => {
		store = await openTestStore(engine);
	});
	afterEach(() => store.close());

	async function ourDevices() {
		const { devices, views, add } = placedDevices(store);
		return {
			places: new KnownPlaces(devices, views),
			board: await add('Board', 'board', MAIN),
			kiosk: await add('Kiosk', 'kiosk', MAIN),
			gardenKiosk: await add('Garden kiosk', 'kiosk', GARDEN),
			unread: await add('Kiosk not read yet', 'kiosk', null)
		};
	}

	it('knows the place of a device whose identity was read, and nothing else', async () => {
		const { places, board, unread } = await ourDevices();
		expect(await places.placeOf(board)).toEqual(MAIN);
		expect(await places.placeOf(unread)).toBeNull();
		expect(await places.placeOf('no-such-device')).toBeNull();
	});

	it('lists our devices of a mode at a place, and each placed device of a mode', async () => {
		const { places, board, kiosk, gardenKiosk } = await ourDevices();
		expect((await places.devicesAt(MAIN.id, 'kiosk')).map((device) => device.id)).toEqual([kiosk]);
		expect((await places.devicesAt(MAIN.id, 'board')).map((device) => device.id)).toEqual([board]);
		expect(await places.devicesAt(GARDEN.id, 'board')).toEqual([]);
		const placed = await places.placed('kiosk');
		expect(placed.map(({ device, place }) => [device.id, place.id])).toEqual(
			expect.arrayContaining([
				[kiosk, MAIN.id],
				[gardenKiosk, GARDEN.id]
			])
		);
		expect(placed).toHaveLength(2);
	});

	it('names a place only when one of our devices is there', async () => {
		const { places } = await ourDevices();
		expect(await places.nameOf(GARDEN.id)).toBe('Garden Bar');
		expect(await places.nameOf('place_elsewhere')).toBeNull();
	});
});
