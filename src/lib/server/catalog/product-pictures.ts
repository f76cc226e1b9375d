/**
 * A product's stored picture and the catalog's `image` field kept in step: storing a picture
 * points the product at its address, removing it clears the field, and the pictures of products
 * a menu import took off the menu are dropped. Storing and removing are one transaction each, so
 * neither leaves a product pointing at a picture that is not stored.
 */
import { transact } from '../store/after-commit.ts';
import type { Store } from '../store/store.ts';
import type { CardPicture } from './card-picture.ts';
import type { CatalogRepository } from './catalog-repository.ts';
import { pictureUrl } from './picture-address.ts';
import type { ProductImageRepository } from './product-image-repository.ts';

export interface ProductPicturesOptions {
	store: Store;
	catalog: CatalogRepository;
	images: ProductImageRepository;
	now?: () => Date;
}

export class ProductPictures {
	readonly #store: Store;
	readonly #catalog: CatalogRepository;
	readonly #images: ProductImageRepository;
	readonly #now: () => Date;

	constructor(options: ProductPicturesOptions) {
		this.#store = options.store;
		this.#catalog = options.catalog;
		this.#images = options.images;
		this.#now = options.now ?? (() => new Date());
	}

	/** Makes `picture` the product's; false (nothing stored) when there is no such product. */
	async attach(productId: string, picture: CardPicture): Promise<boolean> {
		return transact(this.#store.db, async (trx) => {
			if (!(await this.#catalog.setImage(productId, pictureUrl(picture.hash), trx))) return false;
			await this.#images.put(productId, picture, this.#now(), trx);
			return true;
		});
	}

	/**
	 * Leaves the product without a picture: its stored one, or an address an import gave it.
	 * False when there is no such product.
	 */
	async detach(productId: string): Promise<boolean> {
		return transact(this.#store.db, async (trx) => {
			if (!(await this.#catalog.setImage(productId, null, trx))) return false;
			await this.#images.remove(productId, undefined, trx);
			return true;
		});
	}

	/**
	 * Drops the stored pictures of products no longer on the menu (after an import); answers how
	 * many. A product still on it keeps its picture even when the import gave it another image,
	 * so importing an earlier export brings the picture back.
	 */
	async pruneOrphans(): Promise<number> {
		const onMenu = new Set((await this.#catalog.list()).map((product) => product.id));
		let removed = 0;
		for (const { productId, hash } of await this.#images.keys()) {
			if (!onMenu.has(productId) && (await this.#images.remove(productId, hash))) removed += 1;
		}
		return removed;
	}
}
