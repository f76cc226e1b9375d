/**
 * Devices: one record per platform API key. The key is stored sealed (keyring) and leaves this
 * module only through `apiKeyOf`, for the platform client; records handed out never carry it.
 */
import { randomUUID } from 'node:crypto';
import { touchedOne, type Store } from '../store/store.ts';
import type { Row } from '../store/tables.ts';
import { fingerprint, type Keyring } from '../store/keyring.ts';

export const DEVICE_MODES = ['kiosk', 'return', 'board', 'pickup'] as const;
export type DeviceMode = (typeof DEVICE_MODES)[number];

export const ENVIRONMENTS = ['simulator', 'sandbox', 'production', 'custom'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

export interface DeviceRecord {
	id: string;
	name: string;
	environment: Environment;
	baseUrl: string;
	mode: DeviceMode;
	createdAt: string;
}

export interface NewDevice {
	name: string;
	environment: Environment;
	baseUrl: string;
	mode: DeviceMode;
	apiKey: string;
}

export class DuplicateDeviceKeyError extends Error {
	override name = 'DuplicateDeviceKeyError';
}

const toRecord = (row: Pick<Row<'devices'>, (typeof COLUMNS)[number]>): DeviceRecord => ({
	id: row.id,
	name: row.name,
	environment: row.environment,
	baseUrl: row.base_url,
	mode: row.mode,
	createdAt: row.created_at
});

/** Everything but the sealed key. */
const COLUMNS = ['id', 'name', 'environment', 'base_url', 'mode', 'created_at'] as const;

export class DeviceRepository {
	readonly #store: Store;
	readonly #keyring: Keyring;

	constructor(store: Store, keyring: Keyring) {
		this.#store = store;
		this.#keyring = keyring;
	}

	async list(): Promise<DeviceRecord[]> {
		const rows = await this.#store.db
			.selectFrom('devices')
			.select(COLUMNS)
			.orderBy('created_at')
			.orderBy('name')
			.execute();
		return rows.map(toRecord);
	}

	async get(id: string): Promise<DeviceRecord | undefined> {
		const row = await this.#store.db
			.selectFrom('devices')
			.select(COLUMNS)
			.where('id', '=', id)
			.executeTakeFirst();
		return row ? toRecord(row) : undefined;
	}

	/** Whether a device with this key exists, found by fingerprint without decrypting. */
	async hasApiKey(apiKey: string): Promise<boolean> {
		const row = await this.#store.db
			.selectFrom('devices')
			.select('id')
			.where('api_key_fingerprint', '=', fingerprint(apiKey))
			.executeTakeFirst();
		return row !== undefined;
	}

	/**
	 * Adds the device; a key that is there already (also one added by another server at the same
	 * moment: the fingerprint is unique in the table) is refused with DuplicateDeviceKeyError.
	 */
	async add(device: NewDevice, now = new Date()): Promise<DeviceRecord> {
		const record: DeviceRecord = {
			id: randomUUID(),
			name: device.name,
			environment: device.environment,
			baseUrl: device.baseUrl,
			mode: device.mode,
			createdAt: now.toISOString()
		};
		const inserted = await this.#store.db
			.insertInto('devices')
			.values({
				id: record.id,
				name: record.name,
				environment: record.environment,
				base_url: record.baseUrl,
				mode: record.mode,
				created_at: record.createdAt,
				api_key_ciphertext: this.#keyring.encrypt(device.apiKey),
				api_key_fingerprint: fingerprint(device.apiKey)
			})
			.onConflict((conflict) => conflict.column('api_key_fingerprint').doNothing())
			.returning('id')
			.executeTakeFirst();
		if (!inserted) throw new DuplicateDeviceKeyError('a device with this API key exists already');
		return record;
	}

	async remove(id: string): Promise<boolean> {
		return touchedOne(
			await this.#store.db.deleteFrom('devices').where('id', '=', id).executeTakeFirst()
		);
	}

	/** The device's platform API key, for the server-side platform client only. */
	async apiKeyOf(id: string): Promise<string> {
		const row = await this.#store.db
			.selectFrom('devices')
			.select('api_key_ciphertext')
			.where('id', '=', id)
			.executeTakeFirst();
		if (!row) throw new Error(`no device ${id}`);
		return this.#keyring.decrypt(row.api_key_ciphertext);
	}
}
