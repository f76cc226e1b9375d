/** The menu in the store. Import replaces the whole menu atomically. */
import { transaction, type Database } from '../store/database.ts';
import type { Translated } from '#lib/kiosk/types.ts';
import type { Product } from './product.ts';

interface ProductRow {
	id: string;
	category: string;
	names: string;
	descriptions: string;
	gross_minor: number;
	currency_code: string;
	vat_bp: number;
	image: string | null;
	available: number;
	position: number;
}

const toProduct = (row: ProductRow): Product => ({
	id: row.id,
	category: row.category,
	name: JSON.parse(row.names),
	description: JSON.parse(row.descriptions),
	grossMinor: row.gross_minor,
	currencyCode: row.currency_code,
	vatBp: row.vat_bp,
	image: row.image,
	available: row.available === 1,
	position: row.position
});

export interface ProductPage {
	products: Product[];
	total: number;
}

export class CatalogRepository {
	readonly #db: Database;

	constructor(db: Database) {
		this.#db = db;
	}

	list(options: { availableOnly?: boolean } = {}): Product[] {
		const where = options.availableOnly ? 'WHERE available = 1' : '';
		const rows = this.#db.prepare(`SELECT * FROM products ${where} ORDER BY position, id`).all();
		return (rows as unknown as ProductRow[]).map(toProduct);
	}

	page(offset: number, limit: number): ProductPage {
		const rows = this.#db
			.prepare('SELECT * FROM products ORDER BY position, id LIMIT ? OFFSET ?')
			.all(limit, offset);
		const { total } = this.#db.prepare('SELECT count(*) AS total FROM products').get() as {
			total: number;
		};
		return { products: (rows as unknown as ProductRow[]).map(toProduct), total };
	}

	get(id: string): Product | undefined {
		const row = this.#db.prepare('SELECT * FROM products WHERE id = ?').get(id);
		return row ? toProduct(row as unknown as ProductRow) : undefined;
	}

	/** Every product's name by id: one read for a screen that names many lines. */
	names(): Map<string, Translated> {
		const rows = this.#db.prepare('SELECT id, names FROM products').all() as {
			id: string;
			names: string;
		}[];
		return new Map(rows.map((row) => [row.id, JSON.parse(row.names) as Translated]));
	}

	isEmpty(): boolean {
		return this.#db.prepare('SELECT 1 FROM products LIMIT 1').get() === undefined;
	}

	upsert(product: Product): void {
		this.#db
			.prepare(
				`INSERT INTO products (id, category, names, descriptions, gross_minor, currency_code, vat_bp, image, available, position)
				 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
				 ON CONFLICT (id) DO UPDATE SET category = excluded.category, names = excluded.names,
				   descriptions = excluded.descriptions, gross_minor = excluded.gross_minor,
				   currency_code = excluded.currency_code, vat_bp = excluded.vat_bp, image = excluded.image,
				   available = excluded.available, position = excluded.position`
			)
			.run(
				product.id,
				product.category,
				JSON.stringify(product.name),
				JSON.stringify(product.description),
				product.grossMinor,
				product.currencyCode,
				product.vatBp,
				product.image,
				product.available ? 1 : 0,
				product.position
			);
	}

	setAvailable(id: string, available: boolean): boolean {
		return (
			this.#db.prepare('UPDATE products SET available = ? WHERE id = ?').run(available ? 1 : 0, id)
				.changes > 0
		);
	}

	remove(id: string): boolean {
		return this.#db.prepare('DELETE FROM products WHERE id = ?').run(id).changes > 0;
	}

	replaceAll(products: Product[]): void {
		transaction(this.#db, () => {
			this.#db.exec('DELETE FROM products');
			for (const product of products) this.upsert(product);
		});
	}
}
