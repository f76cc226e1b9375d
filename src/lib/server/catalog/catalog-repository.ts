/**
 * The menu in the store. Import replaces the whole menu atomically.
 *
 * Every sale reads the whole menu, so its products are kept in memory (`StoreReadCache`, topic
 * `products`; on PostgreSQL for at most a second) until a write of this repository has committed
 * (its own statement, or the caller's `transact` through `afterCommit`). Every reader shares the
 * kept products, so they are frozen to their last option and name: a reader that wants another
 * product makes a copy. Each `list` is an array of its own.
 */
import { NO_FACTS, type FoodFacts } from '#lib/shared/food-facts.ts';
import type { Translated } from '#lib/shared/translated.ts';
import { afterCommit, transact } from '../store/after-commit.ts';
import { StoreReadCache } from '../store/read-cache.ts';
import { touchedOne, type Store, type StoreDb } from '../store/store.ts';
import type { Row } from '../store/tables.ts';
import { isImageAddress } from './image-address.ts';
import type { Product } from './product.ts';

const toProduct = (row: Row<'products'>): Product =>
	frozenDeep({
		id: row.id,
		category: row.category,
		name: JSON.parse(row.names),
		description: JSON.parse(row.descriptions),
		grossMinor: row.gross_minor,
		currencyCode: row.currency_code,
		vatBp: row.vat_bp,
		// An address stored before the rule (image-address.ts) that breaks it: no picture.
		image: row.image !== null && isImageAddress(row.image) ? row.image : null,
		available: row.available === 1,
		position: row.position,
		options: JSON.parse(row.options),
		facts: { ...NO_FACTS, ...(JSON.parse(row.food_facts) as Partial<FoodFacts>) },
		minAge: row.min_age
	});

/** `value` frozen, with every object and array in it. */
function frozenDeep<T>(value: T): T {
	if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
		for (const inner of Object.values(value)) frozenDeep(inner);
		Object.freeze(value);
	}
	return value;
}

/** The cache's one key: the whole menu is read and changed as one. */
const MENU = 'menu';

export class CatalogRepository {
	readonly #store: Store;
	readonly #products: StoreReadCache<Product[]>;

	constructor(store: Store) {
		this.#store = store;
		this.#products = new StoreReadCache(store, 'products', { keptOnSharedStore: true });
	}

	async list(options: { availableOnly?: boolean } = {}): Promise<Product[]> {
		const products = await this.#products.read(MENU, async () =>
			(
				await this.#store.db
					.selectFrom('products')
					.selectAll()
					.orderBy('position')
					.orderBy('id')
					.execute()
			).map(toProduct)
		);
		return options.availableOnly ? products.filter((product) => product.available) : [...products];
	}

	/** The menu was written in `db`: read it again once that has committed. */
	#changed<T>(db: StoreDb, result: T): T {
		afterCommit(db, () => void this.#products.changed(MENU));
		return result;
	}

	async get(id: string): Promise<Product | undefined> {
		const row = await this.#store.db
			.selectFrom('products')
			.selectAll()
			.where('id', '=', id)
			.executeTakeFirst();
		return row ? toProduct(row) : undefined;
	}

	/** Every product's name by id: one read for a screen that names many lines. */
	async names(): Promise<Map<string, Translated>> {
		const rows = await this.#store.db.selectFrom('products').select(['id', 'names']).execute();
		return new Map(rows.map((row) => [row.id, JSON.parse(row.names) as Translated]));
	}

	/**
	 * The menu's currency: what the venue sells in, and so what staff type amounts in. A venue
	 * sells in one currency, so any product's stands for the menu; EUR for an empty menu.
	 */
	async currencyCode(): Promise<string> {
		const row = await this.#store.db
			.selectFrom('products')
			.select('currency_code')
			.limit(1)
			.executeTakeFirst();
		return row?.currency_code ?? 'EUR';
	}

	async isEmpty(): Promise<boolean> {
		const row = await this.#store.db
			.selectFrom('products')
			.select('id')
			.limit(1)
			.executeTakeFirst();
		return row === undefined;
	}

	async upsert(product: Product, db: StoreDb = this.#store.db): Promise<void> {
		const row = {
			category: product.category,
			names: JSON.stringify(product.name),
			descriptions: JSON.stringify(product.description),
			gross_minor: product.grossMinor,
			currency_code: product.currencyCode,
			vat_bp: product.vatBp,
			image: product.image,
			available: product.available ? 1 : 0,
			position: product.position,
			options: JSON.stringify(product.options),
			food_facts: JSON.stringify(product.facts),
			min_age: product.minAge
		};
		await db
			.insertInto('products')
			.values({ id: product.id, ...row })
			.onConflict((conflict) => conflict.column('id').doUpdateSet(row))
			.execute();
		this.#changed(db, undefined);
	}

	async setAvailable(id: string, available: boolean): Promise<boolean> {
		return this.#changed(
			this.#store.db,
			touchedOne(
				await this.#store.db
					.updateTable('products')
					.set({ available: available ? 1 : 0 })
					.where('id', '=', id)
					.executeTakeFirst()
			)
		);
	}

	/** Points the product at a picture (an absolute path or https URL), or at none. */
	async setImage(id: string, image: string | null, db: StoreDb = this.#store.db): Promise<boolean> {
		return this.#changed(
			db,
			touchedOne(
				await db.updateTable('products').set({ image }).where('id', '=', id).executeTakeFirst()
			)
		);
	}

	/** Product `id`'s food facts as given (checked by the caller); false for an unknown product. */
	async setFacts(id: string, facts: FoodFacts): Promise<boolean> {
		return this.#changed(
			this.#store.db,
			touchedOne(
				await this.#store.db
					.updateTable('products')
					.set({ food_facts: JSON.stringify(facts) })
					.where('id', '=', id)
					.executeTakeFirst()
			)
		);
	}

	/** Product `id`'s minimum age (checked by the caller); false for an unknown product. */
	async setMinAge(id: string, minAge: number): Promise<boolean> {
		return this.#changed(
			this.#store.db,
			touchedOne(
				await this.#store.db
					.updateTable('products')
					.set({ min_age: minAge })
					.where('id', '=', id)
					.executeTakeFirst()
			)
		);
	}

	async remove(id: string): Promise<boolean> {
		return this.#changed(
			this.#store.db,
			touchedOne(
				await this.#store.db.deleteFrom('products').where('id', '=', id).executeTakeFirst()
			)
		);
	}

	/** The whole menu replaced by `products`: in a transaction of its own, or in the caller's `db`. */
	async replaceAll(products: Product[], db: StoreDb = this.#store.db): Promise<void> {
		if (!db.isTransaction) return transact(db, (trx) => this.replaceAll(products, trx));
		await db.deleteFrom('products').execute();
		for (const product of products) await this.upsert(product, db);
		this.#changed(db, undefined);
	}
}
