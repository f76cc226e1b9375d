/**
 * Devices: one record per platform API key. The key is stored sealed (keyring) and leaves this
 * module only through `apiKeyOf`, for the platform client; records handed out never carry it.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../store/database.ts';
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

interface DeviceRow {
	id: string;
	name: string;
	environment: Environment;
	base_url: string;
	mode: DeviceMode;
	created_at: string;
}

const toRecord = (row: DeviceRow): DeviceRecord => ({
	id: row.id,
	name: row.name,
	environment: row.environment,
	baseUrl: row.base_url,
	mode: row.mode,
	createdAt: row.created_at
});

const COLUMNS = 'id, name, environment, base_url, mode, created_at';

export class DeviceRepository {
	readonly #db: Database;
	readonly #keyring: Keyring;

	constructor(db: Database, keyring: Keyring) {
		this.#db = db;
		this.#keyring = keyring;
	}

	list(): DeviceRecord[] {
		const rows = this.#db.prepare(`SELECT ${COLUMNS} FROM devices ORDER BY created_at, name`).all();
		return (rows as unknown as DeviceRow[]).map(toRecord);
	}

	get(id: string): DeviceRecord | undefined {
		const row = this.#db.prepare(`SELECT ${COLUMNS} FROM devices WHERE id = ?`).get(id);
		return row ? toRecord(row as unknown as DeviceRow) : undefined;
	}

	/** Whether a device with this key exists, found by fingerprint without decrypting. */
	hasApiKey(apiKey: string): boolean {
		return (
			this.#db
				.prepare('SELECT 1 FROM devices WHERE api_key_fingerprint = ?')
				.get(fingerprint(apiKey)) !== undefined
		);
	}

	add(device: NewDevice, now = new Date()): DeviceRecord {
		if (this.hasApiKey(device.apiKey)) {
			throw new DuplicateDeviceKeyError('a device with this API key exists already');
		}
		const keyFingerprint = fingerprint(device.apiKey);
		const record: DeviceRecord = {
			id: randomUUID(),
			name: device.name,
			environment: device.environment,
			baseUrl: device.baseUrl,
			mode: device.mode,
			createdAt: now.toISOString()
		};
		this.#db
			.prepare(
				`INSERT INTO devices (${COLUMNS}, api_key_ciphertext, api_key_fingerprint)
				 VALUES (?, ?, ?, ?, ?, ?, ?, ?)`
			)
			.run(
				record.id,
				record.name,
				record.environment,
				record.baseUrl,
				record.mode,
				record.createdAt,
				this.#keyring.encrypt(device.apiKey),
				keyFingerprint
			);
		return record;
	}

	remove(id: string): boolean {
		return this.#db.prepare('DELETE FROM devices WHERE id = ?').run(id).changes > 0;
	}

	/** The device's platform API key, for the server-side platform client only. */
	apiKeyOf(id: string): string {
		const row = this.#db.prepare('SELECT api_key_ciphertext FROM devices WHERE id = ?').get(id) as
			{ api_key_ciphertext: string } | undefined;
		if (!row) throw new Error(`no device ${id}`);
		return this.#keyring.decrypt(row.api_key_ciphertext);
	}
}
