import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { migrate } from './database.ts';
import { migrations } from './sqlite-migrations.ts';

/** A store as migrations 1 to `upTo` left it. */
function storeAt(upTo: number): DatabaseSync {
	const db = new DatabaseSync(':memory:');
	db.exec('PRAGMA foreign_keys = ON');
	for (let index = 0; index < upTo; index += 1) db.exec(migrations[index]!);
	db.exec(`PRAGMA user_version = ${upTo}`);
	return db;
}

const count = (db: DatabaseSync, table: string) =>
	(db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

describe('migrations', () => {
	it('rebuilding the devices table for the pickup mode keeps devices and everything that refers to them', () => {
		const db = storeAt(5);
		db.prepare(
			`INSERT INTO devices (id, name, environment, base_url, mode, api_key_ciphertext, api_key_fingerprint, created_at)
			 VALUES ('dev1', 'Board', 'simulator', 'http://sim', 'board', 'sealed', 'fp1', '2026-11-22T10:00:00Z')`
		).run();
		db.prepare(
			`INSERT INTO device_snapshots (device_id, kind, state, body, fetched_at)
			 VALUES ('dev1', 'identity', 'ok', '{}', '2026-11-22T10:00:00Z')`
		).run();
		db.prepare(
			`INSERT INTO sessions (token_hash, kind, device_id, created_at, expires_at)
			 VALUES ('h', 'screen', 'dev1', '2026-11-22T10:00:00Z', '2027-11-22T10:00:00Z')`
		).run();
		db.prepare(
			`INSERT INTO order_callback_tokens (device_id, token, created_at) VALUES ('dev1', 't', 'x')`
		).run();

		migrate(db);

		expect(db.prepare('PRAGMA user_version').get()).toEqual({ user_version: migrations.length });
		expect(count(db, 'devices')).toBe(1);
		expect(count(db, 'device_snapshots')).toBe(1);
		expect(count(db, 'sessions')).toBe(1);
		// Stored in clear then: it waits to be sealed at the server's start (migration 18).
		expect(count(db, 'unsealed_callback_tokens')).toBe(1);
		// The new mode is accepted, a made-up one is not, and the references still cascade.
		db.prepare(
			`INSERT INTO devices (id, name, environment, base_url, mode, api_key_ciphertext, api_key_fingerprint, created_at)
			 VALUES ('dev2', 'Pickup', 'simulator', 'http://sim', 'pickup', 'sealed', 'fp2', 'x')`
		).run();
		expect(() =>
			db
				.prepare(
					`INSERT INTO devices (id, name, environment, base_url, mode, api_key_ciphertext, api_key_fingerprint, created_at)
					 VALUES ('dev3', 'Other', 'simulator', 'http://sim', 'menu', 'sealed', 'fp3', 'x')`
				)
				.run()
		).toThrow(/CHECK/);
		expect(db.prepare('PRAGMA foreign_keys').get()).toEqual({ foreign_keys: 1 });
		db.prepare("DELETE FROM devices WHERE id = 'dev1'").run();
		expect(count(db, 'device_snapshots')).toBe(0);
		expect(count(db, 'sessions')).toBe(0);
		expect(count(db, 'unsealed_callback_tokens')).toBe(0);
	});

	it('the deposit code column is filled in for the sales issued before it existed', () => {
		const db = storeAt(6);
		const insert = db.prepare(
			`INSERT INTO sales (id, device_id, state, body, created_at, updated_at, version)
			 VALUES (?, 'kiosk-1', 'completed', ?, '2026-11-22T10:00:00Z', '2026-11-22T10:00:00Z', 1)`
		);
		insert.run('with-code', JSON.stringify({ deposit: { code: 'CODE1', categories: [] } }));
		insert.run('without-code', JSON.stringify({ deposit: null }));

		migrate(db);

		expect(db.prepare('SELECT id, deposit_code FROM sales ORDER BY id').all()).toEqual([
			{ id: 'with-code', deposit_code: 'CODE1' },
			{ id: 'without-code', deposit_code: null }
		]);
	});

	it('the simulated terminal keeps how much of a payment was refunded: full refunds before partial ones existed count in full', () => {
		const partial = migrations.findIndex((migration) => migration.includes('refunded_minor'));
		const db = storeAt(partial);
		const insert = db.prepare(
			`INSERT INTO simulated_terminal_payments (reference, amount_minor, currency_code, outcome, refunded, at)
			 VALUES (?, ?, 'EUR', 'approved', ?, '2026-11-22T10:00:00Z')`
		);
		insert.run('refunded.1', 1850, 1);
		insert.run('kept.1', 900, 0);

		migrate(db);

		expect(
			db.prepare('SELECT * FROM simulated_terminal_payments ORDER BY reference').all()
		).toEqual([
			expect.objectContaining({ reference: 'kept.1', amount_minor: 900, refunded_minor: 0 }),
			expect.objectContaining({ reference: 'refunded.1', amount_minor: 1850, refunded_minor: 1850 })
		]);
		expect(db.prepare('SELECT * FROM simulated_terminal_payments').get()).not.toHaveProperty(
			'refunded'
		);
	});

	it('a migration that fails is rolled back, and foreign keys are on again', () => {
		const db = storeAt(migrations.length);
		db.exec('PRAGMA user_version = 0');
		// Replaying every migration on a store that has them fails at once, and nothing changes.
		expect(() => migrate(db)).toThrow();
		expect(db.prepare('PRAGMA user_version').get()).toEqual({ user_version: 0 });
		expect(db.prepare('PRAGMA foreign_keys').get()).toEqual({ foreign_keys: 1 });
	});
});
