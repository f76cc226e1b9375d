/**
 * The POS product query endpoint spec 3 requires ("each product exposes name, product id, gross
 * price and VAT rate"; its shape is the POS's choice): `GET /api/products?page=1&pageSize=100`.
 * Each priced option follows its product as a product of its own (`<productId>~<choiceId>`, its
 * price, the product's VAT rate, `optionOf` naming the product), since the credit preview sends
 * it as one (docs/platform-assumptions.md, "Product options"); free options are not products.
 */
import { z } from 'zod';
import { fromMinor, scaledIntegerToDecimal } from '@venue-kiosk/vocabulary/money.ts';
import { isPriced, optionProductId } from '#lib/shared/product-options.ts';
import type { Translated } from '#lib/shared/translated.ts';
import type { CatalogRepository } from './catalog-repository.ts';
import type { Product } from './product.ts';

export const productQuerySchema = z.object({
	page: z.coerce.number().int().min(1).max(100_000).default(1),
	pageSize: z.coerce.number().int().min(1).max(500).default(100)
});

export async function queryProducts(
	catalog: CatalogRepository,
	query: z.output<typeof productQuerySchema>
) {
	// The whole menu is at most 2 000 products (exchange.ts), so paging the list is cheap.
	const all = (await catalog.list()).flatMap(entriesOf);
	const start = (query.page - 1) * query.pageSize;
	return {
		products: all.slice(start, start + query.pageSize),
		page: query.page,
		pageSize: query.pageSize,
		total: all.length,
		totalPages: Math.ceil(all.length / query.pageSize)
	};
}

function entriesOf(product: Product) {
	const entry = (productId: string, names: Translated, grossMinor: number) => ({
		productId,
		name: names.en,
		names,
		grossPrice: fromMinor(grossMinor, product.currencyCode),
		currencyCode: product.currencyCode,
		vatRate: scaledIntegerToDecimal(product.vatBp, 2),
		available: product.available
	});
	const options = product.options.flatMap((group) =>
		group.choices.filter(isPriced).map((choice) => ({
			...entry(
				optionProductId(product.id, choice.id),
				optionNames(product.name, choice.name),
				choice.priceMinor
			),
			optionOf: product.id
		}))
	);
	return [entry(product.id, product.name, product.grossMinor), ...options];
}

/** "Filter coffee: Oat milk", per language (English where a name has no translation). */
function optionNames(product: Translated, choice: Translated): Translated {
	const names: Translated = { en: `${product.en}: ${choice.en}` };
	if (product.de || choice.de) names.de = `${product.de ?? product.en}: ${choice.de ?? choice.en}`;
	return names;
}
