/**
 * A venue moves from SQLite to PostgreSQL (scripts/copy-store.ts): every row arrives as it was,
 * the API keys and callback tokens open with the target's secret only and are found by hashes
 * the target's secret makes, ids continue after the copied ones, and a target that already holds
 * data is refused untouched.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CallbackTokens, sealedToken } from '../counter-orders/callback-tokens.ts';
import { DeviceRepository } from '../devices/device-repository.ts';
import { Keyring } from './keyring.ts';
import type { Store } from './store.ts';
import { COPY_ORDER, copyStore, TargetNotEmptyError } from './store-copy.ts';
import { openTestStore, runsOn } from './testing/test-stores.ts';

const at = '2026-11-23T10:00:00.000Z';
const sourceKeys = new Keyring(randomBytes(32));
const targetKeys = new Keyring(randomBytes(32));
const keyrings = { from: sourceKeys, to: targetKeys };
const TOKEN = 'T'.repeat(43);

/**
 * A small venue: a device with its key, a paid sale with its order, journal entries, the feed, a
 * product's picture (binary).
 */
async function seed(store: Store): Promise<void> {
	const { db } = store;
	await db
		.insertInto('devices')
		.values({
			id: 'k1',
			name: 'Kiosk 1',
			environment: 'simulator',
			base_url: 'http://sim.test',
			mode: 'kiosk',
			api_key_ciphertext: sourceKeys.encrypt('api-key-k1'),
			api_key_fingerprint: sourceKeys.keyedHash('api-key', 'api-key-k1'),
			created_at: at
		})
		.execute();
	await db
		.insertInto('order_callback_tokens')
		.values({ device_id: 'k1', ...sealedToken(sourceKeys, TOKEN), created_at: at })
		.execute();
	await db
		.insertInto('device_snapshots')
		.values({
			device_id: 'k1',
			kind: 'identity',
			state: 'ok',
			body: '{"a":1}',
			error: null,
			fetched_at: at
		})
		.execute();
	await db
		.insertInto('sales')
		.values({
			id: 's1',
			device_id: 'k1',
			state: 'completed',
			body: '{"total":450}',
			order_number: 'K-001',
			created_at: at,
			updated_at: at,
			version: 3,
			deposit_code: 'CODE-1'
		})
		.execute();
	await db
		.insertInto('kiosk_order_status')
		.values({ sale_id: 's1', status: 'ready', updated_at: at })
		.execute();
	await db
		.insertInto('kiosk_order_history')
		.values({ sale_id: 's1', status: 'ready', at })
		.execute();
	await db
		.insertInto('order_id_checks')
		.values({ order_key: 'kiosk:s1', checked_at: at })
		.execute();
	await db
		.insertInto('screen_heartbeats')
		.values({ device_id: 'k1', seen_at: at, report: '{}', out_of_order: 1 })
		.execute();
	for (const reference of ['r1', 'r2', 'r3']) {
		await db
			.insertInto('journal')
			.values({
				device_id: 'k1',
				operation: 'finalize',
				reference,
				request: '{}',
				status: 'succeeded',
				error_code: null,
				result: null,
				created_at: at,
				updated_at: at
			})
			.execute();
	}
	await db.deleteFrom('journal').where('reference', '=', 'r2').execute();
	await db
		.insertInto('order_numbers')
		.values({ device_id: 'k1', day: '2026-11-23', last: 1 })
		.execute();
	await db.updateTable('order_feed').set({ sequence: 42 }).execute();
	await db
		.insertInto('product_images')
		.values({
			product_id: 'food_pretzel',
			content_type: 'image/webp',
			bytes: new Uint8Array([0, 1, 2, 254, 255]),
			hash: 'abc',
			updated_at: at
		})
		.execute();
}

/** Binary columns as plain Uint8Arrays: PostgreSQL reads them as Buffers, SQLite does not. */
function withPlainBytes(row: object): object {
	return Object.fromEntries(
		Object.entries(row).map(([column, value]) => [
			column,
			value instanceof Uint8Array ? new Uint8Array(value) : value
		])
	);
}

describe.runIf(runsOn('postgres'))('copying a store from SQLite to PostgreSQL', () => {
	let from: Store;
	let to: Store;
	beforeEach(async () => {
		[from, to] = await Promise.all([openTestStore('sqlite'), openTestStore('postgres')]);
	});
	afterEach(async () => {
		await Promise.all([from.close(), to.close()]);
	});

	it('names every table of the schema, parents first', async () => {
		const tables = await to.db.introspection.getTables();
		expect([...COPY_ORDER].sort()).toEqual(
			tables
				.map((table) => table.name)
				.filter((name) => name !== 'kiosk_schema')
				.sort()
		);
	});

	it('copies every row as it was, the keys and callback tokens sealed and hashed for the target, ids continuing', async () => {
		await seed(from);
		const copied = await copyStore({ from, to, keyrings });
		expect(copied).toMatchObject({
			devices: 1,
			sales: 1,
			journal: 2,
			order_feed: 1,
			kiosk_order_history: 1,
			order_id_checks: 1,
			screen_heartbeats: 1,
			product_images: 1
		});

		for (const table of COPY_ORDER) {
			if (table === 'devices' || table === 'order_callback_tokens') continue;
			const read = async (store: Store) =>
				(await store.db.selectFrom(table).selectAll().execute()).map(withPlainBytes);
			expect(await read(to), table).toEqual(await read(from));
		}
		const device = await to.db.selectFrom('devices').selectAll().executeTakeFirstOrThrow();
		expect(targetKeys.decrypt(device.api_key_ciphertext)).toBe('api-key-k1');
		expect(() => sourceKeys.decrypt(device.api_key_ciphertext)).toThrow();
		const devices = new DeviceRepository(to, targetKeys);
		expect(await devices.hasApiKey('api-key-k1')).toBe(true);
		// The callback address the platform knows keeps working on the target.
		const tokens = new CallbackTokens(to, targetKeys);
		expect(await tokens.deviceOf(TOKEN)).toBe('k1');
		expect(await tokens.tokenOf('k1')).toBe(TOKEN);

		const next = await to.db
			.insertInto('journal')
			.values({
				device_id: 'k1',
				operation: 'finalize',
				reference: 'r4',
				request: '{}',
				status: 'pending',
				error_code: null,
				result: null,
				created_at: at,
				updated_at: at
			})
			.returning('id')
			.executeTakeFirstOrThrow();
		expect(next.id).toBe(4);
	});

	it('refuses a target that already holds data, and changes nothing in it', async () => {
		await seed(from);
		await to.db.insertInto('settings').values({ key: 'venue', value: 'other' }).execute();
		await expect(copyStore({ from, to, keyrings })).rejects.toThrow(TargetNotEmptyError);
		expect(await to.db.selectFrom('devices').selectAll().execute()).toEqual([]);
		expect(await to.db.selectFrom('order_feed').selectAll().execute()).toEqual([
			{ id: 1, sequence: 0 }
		]);
	});
});
