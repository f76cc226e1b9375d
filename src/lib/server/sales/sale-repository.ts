/**
 * Sales in the store, so a sale in progress survives a restart of the kiosk server, and every kiosk
 * server on the same database sees the same sale (docs/server.md, Several kiosk servers on one
 * PostgreSQL).
 */
import { sql } from 'kysely';
import { IN_PAYMENT_STATES, OPEN_STATES } from '#lib/shared/sale-states.ts';
import { touchedOne, type Store, type StoreDb } from '../store/store.ts';
import { afterCommit } from '../store/after-commit.ts';
import type { NewRow } from '../store/tables.ts';
import { reportColumnsOf, type StoredProduct } from '../reports/report-columns.ts';
import { amountsOf } from './sale-amounts.ts';
import type { Sale } from './sale.ts';
import type { SaleCursor, SalePage, SaleSearch } from './sale-search.ts';

/** A save from a stale copy: another request (or server, or the recovery) moved the sale on. */
export class SaleConflictError extends Error {
	constructor(saleId: string) {
		super(`sale ${saleId} was changed meanwhile`);
	}
}

interface SaleRow {
	body: string;
	version: number;
	paid_at: string | null;
}

const SALE_ROW = ['body', 'version', 'paid_at'] as const;

const toSale = (row: SaleRow): Sale => {
	const body = JSON.parse(row.body) as Sale;
	// Sales saved before claims were written have none; before product options, lines had none;
	// before staff refunds, none had refunds.
	const lines = body.quote.lines.map((line) => ({
		...line,
		options: line.options ?? [],
		baseMinor: line.baseMinor ?? line.unitMinor
	}));
	return {
		...body,
		quote: { ...body.quote, lines },
		claim: body.claim ?? null,
		// Sales paid before the time of payment was kept: the column's stand-in (migration 12).
		paidAt: body.paidAt ?? row.paid_at,
		refunds: body.refunds ?? [],
		version: row.version
	};
};

/** The columns a sale's body is indexed by. */
const columnsOf = (sale: Sale) => {
	const amounts = amountsOf(sale);
	return {
		state: sale.state,
		body: JSON.stringify(sale),
		order_number: sale.orderNumber,
		deposit_code: sale.deposit?.code ?? null,
		updated_at: sale.updatedAt,
		paid_at: sale.paidAt,
		total_minor: amounts.totalMinor,
		credits_minor: amounts.creditsMinor,
		card_minor: amounts.cardMinor,
		payment_kind: amounts.paymentKind,
		deposit_sequence: sale.deposit?.sequenceNumber ?? null,
		loyalty_key_tail: sale.credits?.keyHint.toUpperCase() ?? null,
		last_refund_at: sale.refunds.reduce<string | null>(
			(latest, refund) => (latest === null || refund.at > latest ? refund.at : latest),
			null
		),
		deposit_expires_at: depositExpiresAt(sale),
		...reportColumnsOf(sale)
	};
};

/** When the last of the sale's containers expire, in UTC (the platform may answer with an offset). */
const depositExpiresAt = (sale: Sale): string | null => {
	const deadlines = (sale.deposit?.categories ?? []).map((c) => Date.parse(c.expiresAt));
	return deadlines.length === 0 ? null : new Date(Math.max(...deadlines)).toISOString();
};

/** The row of a new sale (version 0); benches seed stores with these in batches. */
export const newSaleRow = (sale: Sale): NewRow<'sales'> => ({
	...columnsOf(sale),
	id: sale.id,
	device_id: sale.deviceId,
	created_at: sale.createdAt,
	version: 0
});

export class SaleRepository {
	readonly #store: Store;
	readonly #now: () => Date;
	readonly #onSaved: (sale: Sale) => void;

	/**
	 * `onSaved` hears of every saved sale (the order board learns of paid ones), once it is
	 * committed: a save in a transaction is told after its commit (store/after-commit.ts).
	 */
	constructor(
		store: Store,
		{
			now = () => new Date(),
			onSaved = () => {}
		}: { now?: () => Date; onSaved?: (sale: Sale) => void } = {}
	) {
		this.#store = store;
		this.#now = now;
		this.#onSaved = onSaved;
	}

	/**
	 * Stores a new sale (version 0), written lazily (Store `writeLazily`): a new sale is only
	 * priced, and one lost in a power cut costs nothing — its guest is asked to start again. Its
	 * claim for payment, the first step that touches money, is a durable commit, which puts this
	 * one on disk with it.
	 */
	async create(sale: Omit<Sale, 'version' | 'updatedAt'>): Promise<Sale> {
		const saved: Sale = { ...sale, version: 0, updatedAt: this.#now().toISOString() };
		await this.#store.writeLazily((db) => db.insertInto('sales').values(newSaleRow(saved)));
		this.#onSaved(saved);
		return saved;
	}

	/**
	 * Saves `sale` over the version it was read at (compare-and-set): throws SaleConflictError when
	 * the stored sale has moved on, so two requests — on one server or on two — can never both
	 * claim one sale for payment. `db`: a transaction of the caller's, when the sale must commit
	 * together with something else (a refund's intent and its journal entries).
	 */
	async save(sale: Sale, db: StoreDb = this.#store.db): Promise<Sale> {
		const saved: Sale = {
			...sale,
			version: sale.version + 1,
			updatedAt: this.#now().toISOString()
		};
		const result = await db
			.updateTable('sales')
			.set({ ...columnsOf(saved), version: saved.version })
			.where('id', '=', saved.id)
			.where('version', '=', sale.version)
			.executeTakeFirst();
		if (!touchedOne(result)) throw new SaleConflictError(sale.id);
		afterCommit(db, () => this.#onSaved(saved));
		return saved;
	}

	async get(id: string): Promise<Sale | undefined> {
		const row = await this.#store.db
			.selectFrom('sales')
			.select(SALE_ROW)
			.where('id', '=', id)
			.executeTakeFirst();
		return row ? toSale(row) : undefined;
	}

	/** The sale that issued deposit code `code`, if it was issued here. */
	async byDepositCode(code: string): Promise<Sale | undefined> {
		const row = await this.#store.db
			.selectFrom('sales')
			.select(SALE_ROW)
			.where('deposit_code', '=', code)
			.orderBy('created_at', 'desc')
			.limit(1)
			.executeTakeFirst();
		return row ? toSale(row) : undefined;
	}

	/** Sales that have not reached their end (open or in payment), oldest change first. */
	async unfinished(): Promise<Sale[]> {
		const rows = await this.#store.db
			.selectFrom('sales')
			.select(SALE_ROW)
			.where('state', 'in', [...OPEN_STATES, ...IN_PAYMENT_STATES])
			.orderBy('updated_at')
			.orderBy('id')
			.execute();
		return rows.map(toSale);
	}

	/**
	 * The orders the counter prepares: sales of these kiosks that have an order number (paid:
	 * `paid`, `completed`, or `needs-staff` after payment), started since `since`, oldest first.
	 */
	async ordersOf(deviceIds: string[], since: Date): Promise<Sale[]> {
		if (deviceIds.length === 0) return [];
		const rows = await this.#store.db
			.selectFrom('sales')
			.select(SALE_ROW)
			.where('order_number', 'is not', null)
			.where('state', 'in', ['paid', 'completed', 'needs-staff'])
			.where('device_id', 'in', deviceIds)
			.where('created_at', '>=', since.toISOString())
			.orderBy('created_at')
			.orderBy('order_number')
			.execute();
		return rows.map(toSale);
	}

	/**
	 * The sales `search` finds, newest first, a page of `limit` after `after` (keyset pagination on
	 * the start time and id: a page stays right while new sales come in).
	 */
	async search(
		search: SaleSearch,
		{ after, limit }: { after?: SaleCursor; limit: number }
	): Promise<SalePage> {
		let query = this.#store.db.selectFrom('sales').select([...SALE_ROW, 'created_at', 'id']);
		if (search.from !== undefined) query = query.where('created_at', '>=', search.from);
		if (search.to !== undefined) query = query.where('created_at', '<', search.to);
		if (search.deviceId !== undefined) query = query.where('device_id', '=', search.deviceId);
		const orderNumber = search.orderNumber;
		if (orderNumber !== undefined)
			query =
				'exact' in orderNumber
					? query.where('order_number', '=', orderNumber.exact)
					: query.where('order_number', 'like', `%${orderNumber.suffix}`);
		switch (search.status) {
			case 'paid':
				query = query.where('order_number', 'is not', null);
				break;
			case 'needs-staff':
			case 'abandoned':
				query = query.where('state', '=', search.status);
				break;
			case 'unpaid':
				query = query
					.where('order_number', 'is', null)
					.where('state', 'not in', ['needs-staff', 'abandoned']);
				break;
		}
		if (search.paymentKind !== undefined)
			query = query.where('payment_kind', '=', search.paymentKind);
		if (search.minMinor !== undefined) query = query.where('total_minor', '>=', search.minMinor);
		if (search.maxMinor !== undefined) query = query.where('total_minor', '<=', search.maxMinor);
		if (search.depositSequence !== undefined)
			query = query.where('deposit_sequence', '=', search.depositSequence);
		if (search.keyTail !== undefined) query = query.where('loyalty_key_tail', '=', search.keyTail);
		if (after !== undefined)
			query = query.where((eb) =>
				eb.or([
					eb('created_at', '<', after.createdAt),
					eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)])
				])
			);
		const rows = await query
			.orderBy('created_at', 'desc')
			.orderBy('id', 'desc')
			.limit(limit + 1)
			.execute();
		const shown = rows.slice(0, limit);
		const last = shown.at(-1);
		return {
			sales: shown.map(toSale),
			next: rows.length > limit && last ? { createdAt: last.created_at, id: last.id } : null
		};
	}

	/**
	 * The sales with a staff refund confirmed at or after `from` (the day report's refunds, which
	 * may be of sales paid on an earlier day): by their latest refund, so each refund of the
	 * period is among them; the caller picks the period's.
	 */
	async refundedSince(from: string): Promise<Sale[]> {
		const rows = await this.#store.db
			.selectFrom('sales')
			.select(SALE_ROW)
			.where('last_refund_at', '>=', from)
			.orderBy('last_refund_at')
			.orderBy('id')
			.execute();
		return rows.map(toSale);
	}

	/**
	 * Fills in what the day report sums of the paid sales saved before it was kept
	 * (reports/report-columns.ts), a page at a time; on the server's start. A sale saved meanwhile
	 * has them already: the update is over the version read.
	 */
	async keepReportColumns(pageSize = 500): Promise<void> {
		for (let after = ''; ;) {
			const rows = await this.#store.db
				.selectFrom('sales')
				.select(['id', ...SALE_ROW])
				.where('paid_at', 'is not', null)
				.where('report_vat', 'is', null)
				.where('id', '>', after)
				.orderBy('id')
				.limit(pageSize)
				.execute();
			await this.#store.db.transaction().execute(async (db) => {
				for (const row of rows)
					await db
						.updateTable('sales')
						.set(reportColumnsOf(toSale(row)))
						.where('id', '=', row.id)
						.where('version', '=', row.version)
						.execute();
			});
			if (rows.length < pageSize) return;
			after = rows.at(-1)!.id;
		}
	}

	/**
	 * The first paid sale (by id) paid at `paidAt` with a product line of `productId`: the day
	 * report names a product as it was sold first in the day (reports/report-columns.ts).
	 */
	async firstPaidWithProduct(productId: string, paidAt: string): Promise<Sale | undefined> {
		const rows = await this.#store.db
			.selectFrom('sales')
			.select([...SALE_ROW, 'report_products'])
			.where('report_vat', 'is not', null)
			.where('paid_at', '=', paidAt)
			.orderBy('id')
			.execute();
		const row = rows.find((candidate) =>
			(JSON.parse(candidate.report_products ?? '[]') as StoredProduct[]).some(
				([id]) => id === productId
			)
		);
		return row ? toSale(row) : undefined;
	}

	/**
	 * When the earliest of the sales whose deposits are still out after `instant` was paid, or
	 * null: the day report's deposit ledger of a day reads the returns of its containers from
	 * there on (store/retention.ts keeps them).
	 */
	async firstPaidWithDepositsOutAfter(instant: string): Promise<string | null> {
		const row = await this.#store.db
			.selectFrom('sales')
			.select((eb) => eb.fn.min<string | null>('paid_at').as('first'))
			.where('deposit_expires_at', '>', instant)
			.executeTakeFirst();
		return row?.first ?? null;
	}

	/** Sales a person must settle, newest first. */
	async needingStaff(limit = 200): Promise<Sale[]> {
		const rows = await this.#store.db
			.selectFrom('sales')
			.select(SALE_ROW)
			.where('state', '=', 'needs-staff')
			.orderBy('updated_at', 'desc')
			.orderBy('id')
			.limit(limit)
			.execute();
		return rows.map(toSale);
	}

	/**
	 * The next order number of a device for the day (`K-001`…): one atomic upsert, so two servers
	 * counting at once never hand out the same number. `db`: a transaction of the caller's, so the
	 * number commits with the paid sale that carries it.
	 */
	async nextOrderNumber(deviceId: string, db: StoreDb = this.#store.db): Promise<string> {
		const day = this.#now().toISOString().slice(0, 10);
		const { last } = await db
			.insertInto('order_numbers')
			.values({ device_id: deviceId, day, last: 1 })
			.onConflict((conflict) =>
				conflict
					.columns(['device_id', 'day'])
					.doUpdateSet({ last: sql<number>`order_numbers.last + 1` })
			)
			.returning('last')
			.executeTakeFirstOrThrow();
		return `K-${String(last).padStart(3, '0')}`;
	}
}
