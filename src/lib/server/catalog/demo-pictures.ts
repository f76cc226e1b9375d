/**
 * The demo menu's pictures: flat drawings made for this project (demo-pictures/<product id>.svg,
 * under the project's licence), rendered like an upload into the store for each demo product
 * that shows no picture yet — so a fresh demo shows them, and so does a demo store from before
 * they existed. A picture staff set (or an image address from an import) is left alone.
 */
import { renderCardPicture } from './card-picture.ts';
import type { CatalogRepository } from './catalog-repository.ts';
import type { ProductPictures } from './product-pictures.ts';

/** Bundled with the server: the drawings travel in the build, not beside it. */
const DRAWINGS = import.meta.glob<string>('./demo-pictures/*.svg', {
	query: '?raw',
	import: 'default',
	eager: true
});

/** Each drawing's SVG source by the product id its file is named after. */
export function demoDrawings(): Map<string, string> {
	return new Map(
		Object.entries(DRAWINGS).map(([path, svg]) => [path.replace(/^.*\/|\.svg$/g, ''), svg])
	);
}

/** Answers the ids of the products that got their picture. */
export async function addDemoPictures(
	catalog: CatalogRepository,
	pictures: ProductPictures
): Promise<string[]> {
	const drawings = demoDrawings();
	const added: string[] = [];
	for (const product of await catalog.list()) {
		const drawing = drawings.get(product.id);
		if (drawing === undefined || product.image !== null) continue;
		const picture = await renderCardPicture(new TextEncoder().encode(drawing));
		if (await pictures.attach(product.id, picture)) added.push(product.id);
	}
	return added;
}
