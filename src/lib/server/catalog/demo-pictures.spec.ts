import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../store/store.ts';
import { ENGINES, openTestStore } from '../store/testing/test-stores.ts';
import { CatalogRepository } from './catalog-repository.ts';
import demoMenu from './demo-menu.json' with { type: 'json' };
import { addDemoPictures, demoDrawings } from './demo-pictures.ts';
import { importJson } from './exchange.ts';
import { pictureHashOfUrl } from './picture-address.ts';
import { ProductImageRepository } from './product-image-repository.ts';
import { ProductPictures } from './product-pictures.ts';

describe('the demo drawings', () => {
	it('picture every demo product, and nothing else', () => {
		expect([...demoDrawings().keys()].sort()).toEqual(
			demoMenu.products.map((product) => product.id).sort()
		);
		for (const [id, svg] of demoDrawings())
			expect(svg, id).toMatch(/^<svg [^>]*viewBox="0 0 800 600"/);
	});
});

describe.each(ENGINES)('addDemoPictures on %s', (engine) => {
	let store: Store;
	let catalog: CatalogRepository;
	let images: ProductImageRepository;
	let pictures: ProductPictures;
	beforeEach(async () => {
		store = await openTestStore(engine);
		catalog = new CatalogRepository(store);
		images = new ProductImageRepository(store);
		pictures = new ProductPictures({ store, catalog, images });
		const menu = importJson(JSON.stringify(demoMenu));
		if (!menu.ok) throw new Error('demo menu invalid');
		await catalog.replaceAll(menu.products);
	});
	afterEach(() => store.close());

	it('gives each demo product without a picture its drawing, as a card picture, once', async () => {
		await catalog.setImage('food_pretzel', 'https://cdn.example/our-pretzel.webp');
		const added = await addDemoPictures(catalog, pictures);
		expect(added).toHaveLength(10);
		expect(added).not.toContain('food_pretzel');
		expect((await catalog.get('food_pretzel'))?.image).toBe('https://cdn.example/our-pretzel.webp');

		const pils = await images.byHash(pictureHashOfUrl((await catalog.get('drink_pils'))!.image)!);
		const meta = await sharp(pils!.bytes).metadata();
		expect([meta.format, meta.width, meta.height]).toEqual(['webp', 800, 600]);

		expect(await addDemoPictures(catalog, pictures)).toEqual([]);
	});
});
