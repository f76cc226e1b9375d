/**
 * Devices: one record per platform API key. The key is stored sealed (keyring) and leaves this
 * module only through `apiKeyOf`, for the platform client; records handed out never carry it.
 * A key added twice is found by its fingerprint, a keyed hash: without the secret it tells
 * nothing, not even whether two stores hold the same key.
 *
 * Every request of a screen looks its device up, and every platform call its key: a device's row
 * is kept in memory between its changes (store/read-cache.ts), the key still sealed in it.
 */
import { randomUUID } from 'node:crypto';
import { StoreReadCache } from '../store/read-cache.ts';
import { SECRET_FILE, type Keyring } from '../store/keyring.ts';
import { touchedOne, type Store } from '../store/store.ts';
import type { NewRow, Row } from '../store/tables.ts';

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

/** A device's row as it is kept: its record and its key, sealed. */
type KeptDevice = Pick<Row<'devices'>, (typeof COLUMNS)[number] | 'api_key_ciphertext'>;

/** A key as it is stored: sealed, and its fingerprint to find it by. */
export function sealedKey(
	keyring: Keyring,
	apiKey: string
): Pick<NewRow<'devices'>, 'api_key_ciphertext' | 'api_key_fingerprint'> {
	return {
		api_key_ciphertext: keyring.encrypt(apiKey),
		api_key_fingerprint: keyring.keyedHash('api-key', apiKey)
	};
}

export class DeviceRepository {
	readonly #store: Store;
	readonly #keyring: Keyring;
	readonly #kept: StoreReadCache<KeptDevice | undefined>;

	constructor(store: Store, keyring: Keyring) {
		this.#store = store;
		this.#keyring = keyring;
		this.#kept = new StoreReadCache(store, 'devices');
	}

	/** The device's row; a device not found is not kept, so one added later is found. */
	#row(id: string): Promise<KeptDevice | undefined> {
		return this.#kept.read(
			id,
			() =>
				this.#store.db
					.selectFrom('devices')
					.select([...COLUMNS, 'api_key_ciphertext'])
					.where('id', '=', id)
					.executeTakeFirst(),
			(row) => row !== undefined
		);
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
		const row = await this.#row(id);
		return row ? toRecord(row) : undefined;
	}

	/** Whether a device with this key exists, found by fingerprint without decrypting. */
	async hasApiKey(apiKey: string): Promise<boolean> {
		const row = await this.#store.db
			.selectFrom('devices')
			.select('id')
			.where('api_key_fingerprint', '=', this.#keyring.keyedHash('api-key', apiKey))
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
				...sealedKey(this.#keyring, device.apiKey)
			})
			.onConflict((conflict) => conflict.column('api_key_fingerprint').doNothing())
			.returning('id')
			.executeTakeFirst();
		if (!inserted) throw new DuplicateDeviceKeyError('a device with this API key exists already');
		return record;
	}

	async remove(id: string): Promise<boolean> {
		const removed = touchedOne(
			await this.#store.db.deleteFrom('devices').where('id', '=', id).executeTakeFirst()
		);
		await this.#kept.changed(id);
		return removed;
	}

	/**
	 * At start-up: every key's fingerprint as this secret makes it — those from before
	 * fingerprints were keyed, or made with another secret, are replaced (on every server alike:
	 * they share the secret). Stops the start, naming KIOSK_SECRET, when a stored key does not
	 * open with this secret: the server must not run on and lose its devices' keys.
	 */
	async refreshFingerprints(): Promise<void> {
		const rows = await this.#store.db
			.selectFrom('devices')
			.select(['id', 'name', 'api_key_ciphertext', 'api_key_fingerprint'])
			.execute();
		for (const row of rows) {
			let apiKey: string;
			try {
				apiKey = this.#keyring.decrypt(row.api_key_ciphertext);
			} catch {
				throw new Error(
					`The API key of device "${row.name}" does not open with this secret (KIOSK_SECRET): ` +
						'start with the secret the keys were sealed with. An install that kept it in ' +
						`DATA_DIR/${SECRET_FILE}: set KIOSK_SECRET to that file's content.`
				);
			}
			const fingerprint = this.#keyring.keyedHash('api-key', apiKey);
			if (fingerprint === row.api_key_fingerprint) continue;
			await this.#store.db
				.updateTable('devices')
				.set({ api_key_fingerprint: fingerprint })
				.where('id', '=', row.id)
				.execute();
		}
	}

	/** The device's platform API key, for the server-side platform client only. */
	async apiKeyOf(id: string): Promise<string> {
		return (await this.platformAccessOf(id)).apiKey;
	}

	/** Where the device's platform is and its API key, from one read of its row. */
	async platformAccessOf(id: string): Promise<{ baseUrl: string; apiKey: string }> {
		const row = await this.#row(id);
		if (!row) throw new Error(`no device ${id}`);
		return { baseUrl: row.base_url, apiKey: this.#keyring.decrypt(row.api_key_ciphertext) };
	}
}
