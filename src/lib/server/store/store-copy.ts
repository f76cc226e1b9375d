/**
 * Moves a venue's store from one engine to the other — in practice from the SQLite file of a
 * single server to the PostgreSQL database of several (scripts/copy-store.ts). Every table is
 * copied row for row in one transaction of the target, parents before children (foreign keys);
 * the identity columns continue after the highest copied id; what is sealed with the source's
 * secret — the platform API keys, the order callback tokens — is sealed again with the target's
 * (KIOSK_SECRET must be the same on every server of the target), and their keyed hashes made
 * anew, so a key is still found once and every callback address keeps working.
 * The target must be freshly migrated and empty: a copy never merges two venues' data.
 */
import { sql, type Kysely } from 'kysely';
import { sealedToken } from '../counter-orders/callback-tokens.ts';
import { sealedKey } from '../devices/device-repository.ts';
import type { Keyring } from './keyring.ts';
import type { Store } from './store.ts';

/** Every table, parents before the tables that refer to them. */
export const COPY_ORDER = [
	'devices',
	'device_snapshots',
	'screen_heartbeats',
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
	'unsealed_callback_tokens',
	'order_inbox',
	'app_orders',
	'order_outbox',
	'kiosk_order_history',
	'order_id_checks',
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
	/** The source's secret, to open what it sealed, and the target's, to seal it again. */
	keyrings: { from: Keyring; to: Keyring };
}

export class TargetNotEmptyError extends Error {
	readonly table: string;

	constructor(table: string) {
		super(`the target store already holds data (table ${table}): copy only into an empty one`);
		this.table = table;
	}
}

/** Copies everything; answers the rows copied per table. */
export async function copyStore({
	from,
	to,
	keyrings
}: StoreCopy): Promise<Record<string, number>> {
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
			const values = rows.map((row) => sealedAgain(table, row, keyrings));
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

/** A row as the target's secret seals it (the rows of other tables as they are). */
function sealedAgain(table: string, row: AnyRow, keyrings: StoreCopy['keyrings']): AnyRow {
	if (table === 'devices') {
		const apiKey = keyrings.from.decrypt(String(row.api_key_ciphertext));
		return { ...row, ...sealedKey(keyrings.to, apiKey) };
	}
	if (table === 'order_callback_tokens') {
		const token = keyrings.from.decrypt(String(row.token_sealed));
		return { ...row, ...sealedToken(keyrings.to, token) };
	}
	return row;
}
