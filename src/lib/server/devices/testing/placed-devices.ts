/**
 * For specs: our devices in a store of the spec's engine, each put at a place (or none) by a
 * cached identity, as `GET /me` would (spec 1).
 */
import { randomBytes } from 'node:crypto';
import type { PlatformClient } from '../../platform/client.ts';
import { externalDevice } from '../../platform/testing/fixtures.ts';
import { Keyring } from '../../store/keyring.ts';
import type { Store } from '../../store/store.ts';
import { DeviceRepository, type DeviceMode } from '../device-repository.ts';
import { PlatformViewStore } from '../platform-view.ts';

export interface TestPlace {
	id: string;
	name: string;
}

export function placedDevices(store: Store) {
	const devices = new DeviceRepository(store, new Keyring(randomBytes(32)));
	const views = new PlatformViewStore(store);
	let keys = 0;
	/** Adds a device of `mode` whose identity puts it at `place` (null: not read yet); its id. */
	const add = async (name: string, mode: DeviceMode, place: TestPlace | null) => {
		keys += 1;
		const device = await devices.add({
			name,
			mode,
			environment: 'simulator',
			baseUrl: 'http://127.0.0.1:4010',
			apiKey: `key-${keys}`
		});
		if (place) {
			await views.refresh(device.id, {
				identity: { getExternalDevice: async () => externalDevice({ place: { ...place } }) },
				deposits: {}
			} as unknown as PlatformClient);
		}
		return device.id;
	};
	return { devices, views, add };
}
