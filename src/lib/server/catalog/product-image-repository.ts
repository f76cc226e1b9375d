/**
 * The menu's stored pictures (table `product_images`): at most one per product, its bytes as the
 * guest screens get them, found by the hash their address carries (picture-address.ts). In the
 * store, so every kiosk server sharing it serves the same pictures. Only this class reads or
 * writes the table; which product shows which picture is the catalog's `image` field.
 */
import { touchedOne, type Store, type StoreDb } from '../store/store.ts';
import type { CardPicture } from './card-picture.ts';

export interface StoredPicture {
	contentType: string;
	bytes: Uint8Array;
	hash: string;
}

/** Which product's upload a stored picture is, without its bytes. */
export interface PictureKey {
	productId: string;
	hash: string;
}

export class ProductImageRepository {
	readonly #store: Store;

	constructor(store: Store) {
		this.#store = store;
	}

	/** The picture with this hash (two products may share one: the same bytes either way). */
	async byHash(hash: string): Promise<StoredPicture | undefined> {
		const row = await this.#store.db
			.selectFrom('product_images')
			.select(['content_type', 'bytes', 'hash'])
			.where('hash', '=', hash)
			.limit(1)
			.executeTakeFirst();
		return row && { contentType: row.content_type, bytes: row.bytes, hash: row.hash };
	}

	/** Stores `picture` as the product's, replacing the one it had. */
	async put(
		productId: string,
		picture: CardPicture,
		at: Date,
		db: StoreDb = this.#store.db
	): Promise<void> {
		const row = {
			content_type: picture.contentType,
			bytes: picture.bytes,
			hash: picture.hash,
			updated_at: at.toISOString()
		};
		await db
			.insertInto('product_images')
			.values({ product_id: productId, ...row })
			.onConflict((conflict) => conflict.column('product_id').doUpdateSet(row))
			.execute();
	}

	async keys(): Promise<PictureKey[]> {
		const rows = await this.#store.db
			.selectFrom('product_images')
			.select(['product_id', 'hash'])
			.orderBy('product_id')
			.execute();
		return rows.map((row) => ({ productId: row.product_id, hash: row.hash }));
	}

	/**
	 * Removes the product's picture; with `hash`, only while it is still that picture (not one
	 * uploaded meanwhile, perhaps through another server).
	 */
	async remove(productId: string, hash?: string, db: StoreDb = this.#store.db): Promise<boolean> {
		let query = db.deleteFrom('product_images').where('product_id', '=', productId);
		if (hash !== undefined) query = query.where('hash', '=', hash);
		return touchedOne(await query.executeTakeFirst());
	}
}
