/**
 * For specs: a store on a temporary file with our devices, each put at a place (or none) by a
 * cached identity, as `GET /me` would (spec 1).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PlatformClient } from '../../platform/client.ts';
import { externalDevice } from '../../platform/testing/fixtures.ts';
import { openDatabase } from '../../store/database.ts';
import { loadKeyring } from '../../store/keyring.ts';
import { DeviceRepository, type DeviceMode } from '../device-repository.ts';
import { PlatformViewStore } from '../platform-view.ts';

export interface TestPlace {
	id: string;
	name: string;
}

export function placedDevices(prefix: string) {
	const dataDir = mkdtempSync(join(tmpdir(), `${prefix}-`));
	const db = openDatabase(dataDir);
	const devices = new DeviceRepository(db, loadKeyring(dataDir, undefined));
	const views = new PlatformViewStore(db);
	let keys = 0;
	/** Adds a device of `mode` whose identity puts it at `place` (null: not read yet); its id. */
	const add = async (name: string, mode: DeviceMode, place: TestPlace | null) => {
		keys += 1;
		const device = devices.add({
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
	return { db, devices, views, add };
}
