/**
 * Moves a venue's store from one engine to the other — in practice from the SQLite file of a
 * single server to the PostgreSQL database of several (scripts/copy-store.ts). Every table is
 * copied row for row in one transaction of the target, parents before children (foreign keys);
 * the identity columns continue after the highest copied id; the platform API keys are sealed
 * again with the target's secret (KIOSK_SECRET must be the same on every server of the target).
 * The target must be freshly migrated and empty: a copy never merges two venues' data.
 */
import { sql, type Kysely } from 'kysely';
import type { Store } from './store.ts';

/** Every table, parents before the tables that refer to them. */
export const COPY_ORDER = [
	'devices',
	'device_snapshots',
	'staff_credentials',
	'manager_credentials',
	'sessions',
	'journal',
	'products',
	'product_images',
	'settings',
	'sales',
	'order_numbers',
	'kiosk_order_status',
	'simulated_terminal_payments',
	'simulated_terminal_waits',
	'zvt_attempts',
	'zvt_terminals',
	'order_callback_tokens',
	'order_inbox',
	'app_orders',
	'order_outbox',
	'kiosk_order_history',
	'order_feed',
	'attempt_counts',
	'job_leases',
	'audit_log'
] as const;

/** Tables whose `id` the database assigns (AUTOINCREMENT / identity). */
const IDENTITY_TABLES = ['journal', 'order_outbox', 'kiosk_order_history', 'audit_log'] as const;

/** Rows written per INSERT: far below PostgreSQL's 65 535 parameters for the widest table. */
const BATCH = 200;

type AnyRow = Record<string, unknown>;
type LooseDb = Kysely<Record<string, AnyRow>>;

export interface StoreCopy {
	from: Store;
	to: Store;
	/** Seals a device's API key again for the target (decrypt with the source's secret, encrypt
	 *  with the target's). */
	reseal: (ciphertext: string) => string;
}

export class TargetNotEmptyError extends Error {
	readonly table: string;

	constructor(table: string) {
		super(`the target store already holds data (table ${table}): copy only into an empty one`);
		this.table = table;
	}
}

/** Copies everything; answers the rows copied per table. */
export async function copyStore({ from, to, reseal }: StoreCopy): Promise<Record<string, number>> {
	const source = from.db as unknown as LooseDb;
	const copied: Record<string, number> = {};
	await (to.db as unknown as LooseDb).transaction().execute(async (target) => {
		for (const table of COPY_ORDER) {
			// The order feed's single row is part of every new schema; its sequence is copied over it.
			if (table === 'order_feed') {
				await target.deleteFrom(table).execute();
				continue;
			}
			const present = await target
				.selectFrom(table)
				.select(sql`1`.as('one'))
				.limit(1)
				.execute();
			if (present.length > 0) throw new TargetNotEmptyError(table);
		}
		for (const table of COPY_ORDER) {
			const rows = await source.selectFrom(table).selectAll().execute();
			const values = table === 'devices' ? rows.map((row) => resealed(row, reseal)) : rows;
			for (let start = 0; start < values.length; start += BATCH) {
				await target
					.insertInto(table)
					.values(values.slice(start, start + BATCH))
					.execute();
			}
			copied[table] = rows.length;
		}
		if (to.engine === 'postgres') {
			for (const table of IDENTITY_TABLES) {
				// The next id the database gives continues after the copied ones.
				await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'),
					(SELECT coalesce(max(id), 0) + 1 FROM ${sql.table(table)}), false)`.execute(target);
			}
		}
	});
	return copied;
}

function resealed(row: AnyRow, reseal: StoreCopy['reseal']): AnyRow {
	return { ...row, api_key_ciphertext: reseal(String(row.api_key_ciphertext)) };
}
