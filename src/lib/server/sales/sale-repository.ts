/** Sales in the store, so a sale in progress survives a restart of the kiosk server. */
import type { Database } from '../store/database.ts';
import { transaction } from '../store/database.ts';
import { IN_PAYMENT_STATES, OPEN_STATES } from '#lib/sale-states.ts';
import type { Sale } from './sale.ts';

/** A save from a stale copy: another request (or the recovery) moved the sale on meanwhile. */
export class SaleConflictError extends Error {
	constructor(saleId: string) {
		super(`sale ${saleId} was changed meanwhile`);
	}
}

interface SaleRow {
	body: string;
	version: number;
}

const toSale = (row: SaleRow): Sale => ({
	...(JSON.parse(row.body) as Sale),
	version: row.version
});

export class SaleRepository {
	readonly #db: Database;
	readonly #now: () => Date;
	readonly #onSaved: (sale: Sale) => void;

	/** `onSaved` hears of every saved sale (the order board learns of paid ones). */
	constructor(
		db: Database,
		{
			now = () => new Date(),
			onSaved = () => {}
		}: { now?: () => Date; onSaved?: (sale: Sale) => void } = {}
	) {
		this.#db = db;
		this.#now = now;
		this.#onSaved = onSaved;
	}

	/** Stores a new sale (version 0). */
	create(sale: Omit<Sale, 'version' | 'updatedAt'>): Sale {
		const saved: Sale = { ...sale, version: 0, updatedAt: this.#now().toISOString() };
		this.#db
			.prepare(
				`INSERT INTO sales (id, device_id, state, body, order_number, deposit_code, created_at, updated_at, version)
				 VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0)`
			)
			.run(
				saved.id,
				saved.deviceId,
				saved.state,
				JSON.stringify(saved),
				saved.orderNumber,
				saved.deposit?.code ?? null,
				saved.createdAt,
				saved.updatedAt
			);
		this.#onSaved(saved);
		return saved;
	}

	/**
	 * Saves `sale` over the version it was read at (compare-and-set): throws SaleConflictError when
	 * the stored sale has moved on, so two requests can never both claim one sale for payment.
	 */
	save(sale: Sale): Sale {
		const saved: Sale = {
			...sale,
			version: sale.version + 1,
			updatedAt: this.#now().toISOString()
		};
		const { changes } = this.#db
			.prepare(
				`UPDATE sales SET state = ?, body = ?, order_number = ?, deposit_code = ?, updated_at = ?,
				 version = ? WHERE id = ? AND version = ?`
			)
			.run(
				saved.state,
				JSON.stringify(saved),
				saved.orderNumber,
				saved.deposit?.code ?? null,
				saved.updatedAt,
				saved.version,
				saved.id,
				sale.version
			);
		if (Number(changes) !== 1) throw new SaleConflictError(sale.id);
		this.#onSaved(saved);
		return saved;
	}

	get(id: string): Sale | undefined {
		const row = this.#db.prepare('SELECT body, version FROM sales WHERE id = ?').get(id) as
			SaleRow | undefined;
		return row ? toSale(row) : undefined;
	}

	/** The sale that issued deposit code `code`, if it was issued here. */
	byDepositCode(code: string): Sale | undefined {
		const row = this.#db
			.prepare(
				'SELECT body, version FROM sales WHERE deposit_code = ? ORDER BY created_at DESC LIMIT 1'
			)
			.get(code) as SaleRow | undefined;
		return row ? toSale(row) : undefined;
	}

	/** Sales that have not reached their end (open or in payment), oldest change first. */
	unfinished(): Sale[] {
		const states = [...OPEN_STATES, ...IN_PAYMENT_STATES];
		const rows = this.#db
			.prepare(
				`SELECT body, version FROM sales WHERE state IN (${states.map(() => '?').join(', ')})
				 ORDER BY updated_at`
			)
			.all(...states) as unknown as SaleRow[];
		return rows.map(toSale);
	}

	/**
	 * The orders the counter prepares: sales of these kiosks that have an order number (paid:
	 * `paid`, `completed`, or `needs-staff` after payment), started since `since`, oldest first.
	 */
	ordersOf(deviceIds: string[], since: Date): Sale[] {
		if (deviceIds.length === 0) return [];
		const rows = this.#db
			.prepare(
				`SELECT body, version FROM sales
				 WHERE order_number IS NOT NULL AND state IN ('paid', 'completed', 'needs-staff')
				   AND device_id IN (${deviceIds.map(() => '?').join(', ')}) AND created_at >= ?
				 ORDER BY created_at, order_number`
			)
			.all(...deviceIds, since.toISOString()) as unknown as SaleRow[];
		return rows.map(toSale);
	}

	/** Sales a person must settle, newest first. */
	needingStaff(limit = 200): Sale[] {
		const rows = this.#db
			.prepare(
				`SELECT body, version FROM sales WHERE state = 'needs-staff' ORDER BY updated_at DESC LIMIT ?`
			)
			.all(limit) as unknown as SaleRow[];
		return rows.map(toSale);
	}

	/** The next order number of a device for the day (`K-001`…), counted in the store. */
	nextOrderNumber(deviceId: string, prefix = 'K'): string {
		const day = this.#now().toISOString().slice(0, 10);
		const next = transaction(this.#db, () => {
			this.#db
				.prepare(
					`INSERT INTO order_numbers (device_id, day, last) VALUES (?, ?, 1)
					 ON CONFLICT (device_id, day) DO UPDATE SET last = order_numbers.last + 1`
				)
				.run(deviceId, day);
			return (
				this.#db
					.prepare('SELECT last FROM order_numbers WHERE device_id = ? AND day = ?')
					.get(deviceId, day) as { last: number }
			).last;
		});
		return `${prefix}-${String(next).padStart(3, '0')}`;
	}
}
