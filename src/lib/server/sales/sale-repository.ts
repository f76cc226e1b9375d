/** Sales in the store, so a sale in progress survives a restart of the kiosk server. */
import type { Database } from '../store/database.ts';
import { transaction } from '../store/database.ts';
import type { Sale } from './sale.ts';

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

	save(sale: Sale): Sale {
		const saved = { ...sale, updatedAt: this.#now().toISOString() };
		this.#db
			.prepare(
				`INSERT INTO sales (id, device_id, state, body, order_number, created_at, updated_at)
				 VALUES (?, ?, ?, ?, ?, ?, ?)
				 ON CONFLICT (id) DO UPDATE SET state = excluded.state, body = excluded.body,
				   order_number = excluded.order_number, updated_at = excluded.updated_at`
			)
			.run(
				saved.id,
				saved.deviceId,
				saved.state,
				JSON.stringify(saved),
				saved.orderNumber,
				saved.createdAt,
				saved.updatedAt
			);
		this.#onSaved(saved);
		return saved;
	}

	get(id: string): Sale | undefined {
		const row = this.#db.prepare('SELECT body FROM sales WHERE id = ?').get(id) as
			{ body: string } | undefined;
		return row ? (JSON.parse(row.body) as Sale) : undefined;
	}

	/** The next order number of a device for the day (`A-001`…), counted in the store. */
	nextOrderNumber(deviceId: string, prefix = 'K'): string {
		const day = this.#now().toISOString().slice(0, 10);
		const next = transaction(this.#db, () => {
			this.#db
				.prepare(
					`INSERT INTO order_numbers (device_id, day, last) VALUES (?, ?, 1)
					 ON CONFLICT (device_id, day) DO UPDATE SET last = last + 1`
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
