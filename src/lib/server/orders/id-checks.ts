/**
 * The ID checks staff recorded on the order board (JuSchG § 2 Abs. 2: whoever sells
 * age-restricted goods checks the buyer's age when in doubt; the kiosk asks it for every such
 * order, docs/age-checks.md). One row per order, under its board key (`kiosk:<saleId>`,
 * `app:<orderId>`), written once: a second tap changes nothing. Who tapped is in the audit log
 * (`order.id-checked`, board-actions.ts).
 */
import { basketAge, NO_AGE } from '#lib/shared/age-limits.ts';
import type { OrderItem } from '../platform/counter-orders.ts';
import type { Store } from '../store/store.ts';

/**
 * The age an app order needs: the platform sends none, so its products are matched with the
 * menu by id, as the board names them (`ages`: the menu's ages by product id). 0: none known.
 */
export const appOrderAge = (
	items: readonly Pick<OrderItem, 'productId'>[],
	ages: ReadonlyMap<string, number>
): number => basketAge(items.map((item) => ages.get(item.productId) ?? NO_AGE));

export class IdChecks {
	readonly #store: Store;
	readonly #now: () => Date;

	constructor(store: Store, now: () => Date = () => new Date()) {
		this.#store = store;
		this.#now = now;
	}

	/** Which of the orders `keys` staff checked. */
	async checked(keys: readonly string[]): Promise<Set<string>> {
		if (keys.length === 0) return new Set();
		const rows = await this.#store.db
			.selectFrom('order_id_checks')
			.select('order_key')
			.where('order_key', 'in', keys)
			.execute();
		return new Set(rows.map((row) => row.order_key));
	}

	/** Records the check of order `key`; false when it was recorded before. */
	async record(key: string): Promise<boolean> {
		const result = await this.#store.db
			.insertInto('order_id_checks')
			.values({ order_key: key, checked_at: this.#now().toISOString() })
			.onConflict((conflict) => conflict.column('order_key').doNothing())
			.executeTakeFirst();
		return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
	}
}
