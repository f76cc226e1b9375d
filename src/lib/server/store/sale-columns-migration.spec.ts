/**
 * The migrations that gave sales their search columns (SQLite 12, PostgreSQL 6) and the last
 * deadline of their deposits (SQLite 16, PostgreSQL 10) fill them in for the sales stored before
 * exactly as SaleRepository writes them for a sale saved now: one reading of a sale's money
 * (sales/sale-amounts.ts) whether a sale is older than the columns or not. The stand-in for a paid sale's time of payment, which older sales did not keep, is its
 * last change.
 */
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { testSchema, type TestSchema } from '../../../../tests/postgres/schema.ts';
import { SaleRepository } from '../sales/sale-repository.ts';
import type { Sale } from '../sales/sale.ts';
import { creditsFactory, quoteFactory, saleFactory } from '../sales/testing/factories.ts';
import { migrate } from './database.ts';
import { postgresMigrations } from './postgres-migrations.ts';
import { migrations } from './sqlite-migrations.ts';
import { openTestStore, runsOn } from './testing/test-stores.ts';

const quote = quoteFactory({ goodsMinor: 1000, totalMinor: 1000, serviceFeeMinor: 50 });
const paid = { state: 'completed' as const, quote, updatedAt: '2026-11-22T10:09:00.000Z' };
const SALES: Sale[] = [
	saleFactory({ ...paid, id: 'card', orderNumber: 'K-001' }),
	saleFactory({
		...paid,
		id: 'split',
		orderNumber: 'K-002',
		credits: creditsFactory({ grossMinor: 1050, discountMinor: 100, creditsMinor: 300 }),
		// The platform's instants as it may write them: with an offset, without milliseconds.
		deposit: {
			code: 'CODE-1',
			sequenceNumber: '4711',
			categories: [
				{ categoryId: 'cup', name: 'Cup', count: 2, expiresAt: '2026-11-23T11:09:00+01:00' },
				{ categoryId: 'plate', name: 'Plate', count: 1, expiresAt: '2026-11-23T10:30:00Z' }
			]
		}
	}),
	saleFactory({
		...paid,
		id: 'credits',
		orderNumber: 'K-003',
		credits: creditsFactory({ grossMinor: 1050, discountMinor: 0, creditsMinor: 1050 })
	}),
	saleFactory({ id: 'unpaid', state: 'abandoned', quote })
];

/** A sale's body as stored before the time of payment was kept. */
const olderBody = (sale: Sale) => {
	const body: Partial<Sale> = { ...sale };
	delete body.paidAt;
	return JSON.stringify(body);
};

const COLUMNS = [
	'id',
	'paid_at',
	'total_minor',
	'credits_minor',
	'card_minor',
	'payment_kind',
	'deposit_sequence',
	'loyalty_key_tail',
	'deposit_expires_at'
] as const;

/** The columns as the repository writes them today, paid sales stamped with their last change. */
async function columnsWrittenNow() {
	const store = await openTestStore('sqlite');
	try {
		const sales = new SaleRepository(store);
		for (const sale of SALES)
			await sales.create({ ...sale, paidAt: sale.orderNumber ? sale.updatedAt : null });
		return await store.db.selectFrom('sales').select(COLUMNS).orderBy('id').execute();
	} finally {
		await store.close();
	}
}

const INSERT = `INSERT INTO sales (id, device_id, state, body, order_number, created_at, updated_at)
	VALUES ($1, $2, $3, $4, $5, $6, $7)`;
const valuesOf = (sale: Sale) => [
	sale.id,
	sale.deviceId,
	sale.state,
	olderBody(sale),
	sale.orderNumber,
	sale.createdAt,
	sale.updatedAt
];

describe('the sales search columns migration', () => {
	let schema: TestSchema | undefined;
	afterEach(async () => {
		await schema?.drop();
		schema = undefined;
	});

	it.runIf(runsOn('sqlite'))('on SQLite, fills them in as the repository writes them', async () => {
		const db = new DatabaseSync(':memory:');
		for (const migration of migrations.slice(0, 11)) db.exec(migration);
		db.exec('PRAGMA user_version = 11');
		const insert = db.prepare(INSERT.replaceAll(/\$\d/g, '?'));
		for (const sale of SALES) insert.run(...valuesOf(sale));

		migrate(db);

		const rows = db.prepare(`SELECT ${COLUMNS.join(', ')} FROM sales ORDER BY id`).all();
		expect(rows.map((row) => ({ ...row }))).toEqual(await columnsWrittenNow());
	});

	it.runIf(runsOn('postgres'))(
		'on PostgreSQL, fills them in as the repository writes them',
		async () => {
			schema = await testSchema();
			for (const migration of postgresMigrations.slice(0, 5)) await schema.pool.query(migration);
			for (const sale of SALES) await schema.pool.query(INSERT, valuesOf(sale));

			for (const migration of postgresMigrations.slice(5)) await schema.pool.query(migration);

			const { rows } = await schema.pool.query(
				`SELECT ${COLUMNS.join(', ')} FROM sales ORDER BY id`
			);
			expect(rows).toEqual(await columnsWrittenNow());
		}
	);
});
