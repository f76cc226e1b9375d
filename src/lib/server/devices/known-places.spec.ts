import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PlatformClient } from '../platform/client.ts';
import { externalDevice } from '../platform/testing/fixtures.ts';
import { openDatabase } from '../store/database.ts';
import { loadKeyring } from '../store/keyring.ts';
import { DeviceRepository, type DeviceMode } from './device-repository.ts';
import { KnownPlaces } from './known-places.ts';
import { PlatformViewStore } from './platform-view.ts';

const MAIN = { id: 'place_main_stage', name: 'Main Stage Bar' };
const GARDEN = { id: 'place_garden', name: 'Garden Bar' };

async function ourDevices() {
	const dataDir = mkdtempSync(join(tmpdir(), 'known-places-'));
	const db = openDatabase(dataDir);
	const devices = new DeviceRepository(db, loadKeyring(dataDir, undefined));
	const views = new PlatformViewStore(db);
	const add = async (name: string, mode: DeviceMode, place: typeof MAIN | null) => {
		const device = devices.add({
			name,
			mode,
			environment: 'simulator',
			baseUrl: 'http://127.0.0.1:4010',
			apiKey: `key-${name}`
		});
		if (place) {
			await views.refresh(device.id, {
				identity: { getExternalDevice: async () => externalDevice({ place: { ...place } }) },
				deposits: {}
			} as unknown as PlatformClient);
		}
		return device.id;
	};
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
