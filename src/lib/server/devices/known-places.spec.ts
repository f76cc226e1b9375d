import { describe, expect, it } from 'vitest';
import { KnownPlaces } from './known-places.ts';
import { placedDevices } from './testing/placed-devices.ts';

const MAIN = { id: 'place_main_stage', name: 'Main Stage Bar' };
const GARDEN = { id: 'place_garden', name: 'Garden Bar' };

async function ourDevices() {
	const { devices, views, add } = placedDevices('known-places');
	return {
		places: new KnownPlaces(devices, views),
		board: await add('Board', 'board', MAIN),
		kiosk: await add('Kiosk', 'kiosk', MAIN),
		gardenKiosk: await add('Garden kiosk', 'kiosk', GARDEN),
		unread: await add('Kiosk not read yet', 'kiosk', null)
	};
}

describe('KnownPlaces', () => {
	it('knows the place of a device whose identity was read, and nothing else', async () => {
		const { places, board, unread } = await ourDevices();
		expect(places.placeOf(board)).toEqual(MAIN);
		expect(places.placeOf(unread)).toBeNull();
		expect(places.placeOf('no-such-device')).toBeNull();
	});

	it('lists our devices of a mode at a place, and each placed device of a mode', async () => {
		const { places, board, kiosk, gardenKiosk } = await ourDevices();
		expect(places.devicesAt(MAIN.id, 'kiosk').map((device) => device.id)).toEqual([kiosk]);
		expect(places.devicesAt(MAIN.id, 'board').map((device) => device.id)).toEqual([board]);
		expect(places.devicesAt(GARDEN.id, 'board')).toEqual([]);
		expect(places.placed('kiosk').map(({ device, place }) => [device.id, place.id])).toEqual(
			expect.arrayContaining([
				[kiosk, MAIN.id],
				[gardenKiosk, GARDEN.id]
			])
		);
		expect(places.placed('kiosk')).toHaveLength(2);
	});

	it('names a place only when one of our devices is there', async () => {
		const { places } = await ourDevices();
		expect(places.nameOf(GARDEN.id)).toBe('Garden Bar');
		expect(places.nameOf('place_elsewhere')).toBeNull();
	});
});
