/**
 * The POS product query endpoint spec 3 requires ("each product exposes name, product id, gross
 * price and VAT rate"; its shape is the POS's choice): `GET /api/products?page=1&pageSize=100`.
 */
import { z } from 'zod';
import { fromMinor, scaledIntegerToDecimal } from '#lib/money.ts';
import type { CatalogRepository } from './catalog-repository.ts';

export const productQuerySchema = z.object({
	page: z.coerce.number().int().min(1).max(100_000).default(1),
	pageSize: z.coerce.number().int().min(1).max(500).default(100)
});

export async function queryProducts(
	catalog: CatalogRepository,
	query: z.output<typeof productQuerySchema>
) {
	const { products, total } = await catalog.page((query.page - 1) * query.pageSize, query.pageSize);
	return {
		products: products.map((product) => ({
			productId: product.id,
			name: product.name.en,
			names: product.name,
			grossPrice: fromMinor(product.grossMinor, product.currencyCode),
			currencyCode: product.currencyCode,
			vatRate: scaledIntegerToDecimal(product.vatBp, 2),
			available: product.available
		})),
		page: query.page,
		pageSize: query.pageSize,
		total,
		totalPages: Math.ceil(total / query.pageSize)
	};
}
