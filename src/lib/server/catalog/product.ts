/**
 * A menu product as the kiosk sells it: translated names, a gross price in minor units, a VAT
 * rate in basis points (one of the platform's supported rates), an image and availability.
 */
import { z } from 'zod';
import { decimalToScaledInteger, fromMinor, scaledIntegerToDecimal, toMinor } from '#lib/money.ts';
import { isSupportedVatRate } from '#lib/vat.ts';

export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export type Translated = { en: string } & Partial<Record<Exclude<Language, 'en'>, string>>;

export interface Product {
	/** The platform's productId (spec 1 deposit mapping, spec 3 discounts): 1 to 255 characters. */
	id: string;
	category: string;
	name: Translated;
	description: Partial<Record<Language, string>>;
	grossMinor: number;
	currencyCode: string;
	vatBp: number;
	image: string | null;
	available: boolean;
	position: number;
}

const translatedName = z.union([
	z
		.string()
		.trim()
		.min(1)
		.max(1000)
		.transform((en) => ({ en })),
	z.object({
		en: z.string().trim().min(1).max(1000),
		de: z.string().trim().min(1).max(1000).optional()
	})
]);

/**
 * The exchange form (JSON import/export, CSV rows): major-unit price and the VAT rate as the
 * platform writes them. Parsing converts to the stored form.
 */
export const productInputSchema = z
	.object({
		id: z.string().trim().min(1).max(255),
		category: z.string().trim().min(1).max(100),
		name: translatedName,
		description: z
			.object({ en: z.string().max(2000).optional(), de: z.string().max(2000).optional() })
			.default({}),
		grossPrice: z.number().min(0).max(100_000),
		currencyCode: z.string().regex(/^[A-Z]{3}$/),
		vat: z.number().refine(isSupportedVatRate, 'not a VAT rate the platform supports'),
		image: z
			.string()
			.max(500)
			.regex(/^(\/|https:\/\/)/, 'an absolute path or an https URL')
			.nullable()
			.default(null),
		available: z.boolean().default(true),
		position: z.int().min(0).max(100_000).default(0)
	})
	.transform((input, context): Product => {
		try {
			return {
				id: input.id,
				category: input.category,
				name: input.name,
				description: input.description,
				grossMinor: toMinor(input.grossPrice, input.currencyCode),
				currencyCode: input.currencyCode,
				vatBp: decimalToScaledInteger(input.vat, 2),
				image: input.image,
				available: input.available,
				position: input.position
			};
		} catch {
			context.addIssue({
				code: 'custom',
				path: ['grossPrice'],
				message: 'too many decimal places'
			});
			return z.NEVER;
		}
	});
export type ProductInput = z.input<typeof productInputSchema>;

/** The exchange form of a product (the inverse of `productInputSchema`). */
export function toExchangeForm(product: Product) {
	return {
		id: product.id,
		category: product.category,
		name: product.name,
		description: product.description,
		grossPrice: fromMinor(product.grossMinor, product.currencyCode),
		currencyCode: product.currencyCode,
		vat: scaledIntegerToDecimal(product.vatBp, 2),
		image: product.image,
		available: product.available,
		position: product.position
	};
}
