import { NO_FACTS } from '#lib/shared/food-facts.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../store/store.ts';
import { ENGINES, openTestStore } from '../store/testing/test-stores.ts';
import type { CardPicture } from './card-picture.ts';
import { CatalogRepository } from './catalog-repository.ts';
import { exportJson, importJson } from './exchange.ts';
import { pictureHashOfUrl, pictureUrl } from './picture-address.ts';
import { ProductImageRepository } from './product-image-repository.ts';
import { ProductPictures } from './product-pictures.ts';
import type { Product } from './product.ts';

const at = new Date('2026-11-23T10:00:00.000Z');

function product(id: string, image: string | null = null): Product {
	return {
		id,
		category: 'food',
		name: { en: id },
		description: {},
		grossMinor: 300,
		currencyCode: 'EUR',
		vatBp: 700,
		image,
		available: true,
		position: 0,
		options: [],
		facts: NO_FACTS,
		minAge: 0
	};
}

/** Bytes of every value 0–255, so nothing binary is lost on the way through either engine. */
function picture(hash: string, seed = 0): CardPicture {
	return {
		contentType: 'image/webp',
		bytes: Uint8Array.from({ length: 256 }, (_, index) => (index + seed) % 256),
		hash
	};
}

describe.each(ENGINES)('product pictures on %s', (engine) => {
	let store: Store;
	let catalog: CatalogRepository;
	let images: ProductImageRepository;
	let pictures: ProductPictures;
	beforeEach(async () => {
		store = await openTestStore(engine);
		catalog = new CatalogRepository(store);
		images = new ProductImageRepository(store);
		pictures = new ProductPictures({ store, catalog, images, now: () => at });
		await catalog.replaceAll([product('food_pretzel'), product('drink_pils')]);
	});
	afterEach(() => store.close());

	it('stores a picture with its bytes exactly and points the product at its address', async () => {
		expect(await pictures.attach('food_pretzel', picture('a'.repeat(24)))).toBe(true);
		expect((await catalog.get('food_pretzel'))?.image).toBe(pictureUrl('a'.repeat(24)));
		const stored = await images.byHash('a'.repeat(24));
		expect(stored?.contentType).toBe('image/webp');
		expect([...(stored?.bytes ?? [])]).toEqual([...picture('a').bytes]);
		expect(await images.byHash('b'.repeat(24))).toBeUndefined();
	});

	it('replaces the picture: the old address answers nothing any more', async () => {
		await pictures.attach('food_pretzel', picture('a'.repeat(24)));
		await pictures.attach('food_pretzel', picture('b'.repeat(24), 7));
		expect(await images.byHash('a'.repeat(24))).toBeUndefined();
		expect([...(await images.byHash('b'.repeat(24)))!.bytes][0]).toBe(7);
		expect(await images.keys()).toEqual([{ productId: 'food_pretzel', hash: 'b'.repeat(24) }]);
	});

	it('stores nothing for a product that is not on the menu', async () => {
		expect(await pictures.attach('food_gone', picture('a'.repeat(24)))).toBe(false);
		expect(await images.keys()).toEqual([]);
		expect(await pictures.detach('food_gone')).toBe(false);
	});

	it('removes a picture, also an address an import gave', async () => {
		await pictures.attach('food_pretzel', picture('a'.repeat(24)));
		await catalog.setImage('drink_pils', 'https://cdn.example/pils.webp');
		expect(await pictures.detach('food_pretzel')).toBe(true);
		expect(await pictures.detach('drink_pils')).toBe(true);
		expect((await catalog.list()).map((entry) => entry.image)).toEqual([null, null]);
		expect(await images.keys()).toEqual([]);
	});

	it('keeps the pictures through an export and import, and drops those of products gone', async () => {
		await pictures.attach('food_pretzel', picture('a'.repeat(24)));
		await pictures.attach('drink_pils', picture('b'.repeat(24)));
		const exported = importJson(exportJson(await catalog.list()));
		if (!exported.ok) throw new Error(exported.problems.join('\n'));
		expect(exported.products.map((entry) => entry.image)).toEqual([
			pictureUrl('b'.repeat(24)),
			pictureUrl('a'.repeat(24))
		]);

		await catalog.replaceAll(exported.products);
		expect(await pictures.pruneOrphans()).toBe(0);
		expect(await images.byHash('a'.repeat(24))).toBeDefined();

		// The pils leaves the menu; the pretzel shows a picture from elsewhere for a while.
		await catalog.replaceAll([product('food_pretzel', 'https://cdn.example/pretzel.webp')]);
		expect(await pictures.pruneOrphans()).toBe(1);
		expect(await images.keys()).toEqual([{ productId: 'food_pretzel', hash: 'a'.repeat(24) }]);
		// Importing the earlier export again brings the pretzel's picture back.
		await catalog.replaceAll(exported.products);
		expect(await pictures.pruneOrphans()).toBe(0);
		expect(
			await images.byHash(pictureHashOfUrl((await catalog.get('food_pretzel'))!.image)!)
		).toBeDefined();
	});

	it('prunes only the picture it saw: one stored meanwhile stays', async () => {
		await pictures.attach('food_pretzel', picture('a'.repeat(24)));
		// As if another server stored a new picture between the prune's reads and its delete.
		await images.put('food_pretzel', picture('b'.repeat(24)), at);
		expect(await images.remove('food_pretzel', 'a'.repeat(24))).toBe(false);
		expect(await images.keys()).toEqual([{ productId: 'food_pretzel', hash: 'b'.repeat(24) }]);
	});
});
