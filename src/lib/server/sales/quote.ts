/**
 * Pricing a guest's basket on the server (prices come from the menu, never from the browser):
 * product lines — a product with the options chosen for it, each unit at the product's gross plus
 * the chosen choices' prices (checked against the menu: #lib/shared/product-options.ts) — and one
 * derived, non-removable deposit line per container category for the products the cached deposit
 * configuration maps (the basket's refundable cup deposit lines, docs/manual.md, The screens):
 * quantity × depositGross; and the venue's service fee. All amounts integer minor units. A quote
 * keeps every price and VAT rate it was made with, so a menu or settings edit during the sale
 * changes neither what the guest pays nor their receipt.
 */
import { basketAge, lineAge } from '#lib/shared/age-limits.ts';
import { factsWith, type FoodFacts } from '#lib/shared/food-facts.ts';
import { z } from 'zod';
import {
	chooseOptions,
	sortedOptionIds,
	unitPriceWith,
	type OptionProblem
} from '#lib/shared/product-options.ts';
import type { DepositLine, SaleLine } from '#lib/shared/sale-view.ts';
import { sum } from '#lib/shared/sum.ts';
import type { Translated } from '#lib/shared/translated.ts';
import { DEFAULT_ADDITIVES, type Additive } from '../catalog/additives.ts';
import type { Product } from '../catalog/product.ts';
import type { DepositConfiguration } from '../platform/deposits.ts';

const MAX_BASKET_LINES = 50;
const MAX_LINE_QUANTITY = 20;

export const basketSchema = z
	.array(
		z.object({
			productId: z.string().min(1).max(255),
			/** The chosen choices' ids (any order); none when absent. */
			options: z.array(z.string().min(1).max(40)).max(50).default([]),
			quantity: z.int().min(1).max(MAX_LINE_QUANTITY)
		})
	)
	.min(1)
	.max(MAX_BASKET_LINES);
/** A basket as given (options may be left out: none chosen). */
export type Basket = z.input<typeof basketSchema>;

interface ProductLine extends SaleLine {
	/** The product's own gross per unit; `unitMinor` adds the options' prices. */
	baseMinor: number;
}

export interface SaleQuote {
	currencyCode: string;
	lines: ProductLine[];
	depositLines: DepositLine[];
	goodsMinor: number;
	depositMinor: number;
	/** Goods and deposits; the service fee comes on top (card only) or through update (credits). */
	totalMinor: number;
	serviceFeeMinor: number;
	serviceFeeVatBp: number;
	/** What to issue after payment: `[{productId, quantity}]` of mapped lines (spec 1 create body). */
	depositItems: { productId: string; quantity: number }[];
	/**
	 * The age the sale is sold from (#lib/shared/age-limits.ts): the highest of its products' and
	 * chosen choices'; absent for none (and in sales quoted before ages existed).
	 */
	minAge?: number;
}

export type QuoteProblem =
	| { kind: 'unknown-product'; productId: string }
	| { kind: 'unavailable'; productId: string }
	| { kind: 'quantity'; productId: string }
	| ({ productId: string } & OptionProblem)
	| { kind: 'mixed-currencies' };

export type QuoteResult = { ok: true; quote: SaleQuote } | { ok: false; problem: QuoteProblem };

export interface QuoteInput {
	basket: Basket;
	products: Product[];
	/** The venue's additive list, to name each line's additives as the sale is quoted. */
	additives?: readonly Additive[];
	/** The cached configuration when it answered 200; null when deposits are off or unknown. */
	depositConfiguration: DepositConfiguration | null;
	/** Venue setting: VAT on deposits (default 0). */
	depositVatBp: number;
	/** Venue setting: the service fee per sale (0: none) and its VAT rate. */
	serviceFee: { minor: number; vatBp: number };
}

/**
 * What a line's receipt names: its allergens, and its additives as the venue's list names them
 * now (one the list no longer has by its id), kept with the sale like its name.
 */
function factsOfLine({ allergens, additives }: FoodFacts, list: readonly Additive[]) {
	return {
		allergens,
		...(additives.length > 0
			? {
					additives: additives.map(
						(id): Translated => list.find((additive) => additive.id === id)?.name ?? { en: id }
					)
				}
			: {})
	};
}

export function quoteSale({
	basket,
	products,
	additives = DEFAULT_ADDITIVES,
	depositConfiguration,
	depositVatBp,
	serviceFee
}: QuoteInput): QuoteResult {
	const byId = new Map(products.map((product) => [product.id, product]));
	// One line per product and choice of options, however the browser split them.
	const merged = new Map<string, { productId: string; options: string[]; quantity: number }>();
	for (const { productId, options = [], quantity } of basket) {
		const sorted = sortedOptionIds(options);
		const key = JSON.stringify([productId, sorted]);
		const line = merged.get(key) ?? { productId, options: sorted, quantity: 0 };
		line.quantity += quantity;
		merged.set(key, line);
	}
	const lines: ProductLine[] = [];
	const ages: number[] = [];
	for (const { productId, options, quantity } of merged.values()) {
		const product = byId.get(productId);
		if (!product) return { ok: false, problem: { kind: 'unknown-product', productId } };
		if (!product.available) return { ok: false, problem: { kind: 'unavailable', productId } };
		if (quantity > MAX_LINE_QUANTITY)
			return { ok: false, problem: { kind: 'quantity', productId } };
		const choice = chooseOptions(product.options, options);
		if (!choice.ok) return { ok: false, problem: { productId, ...choice.problem } };
		const unitMinor = unitPriceWith(product.grossMinor, choice.chosen);
		ages.push(lineAge(product, choice.chosen));
		lines.push({
			productId,
			name: product.name,
			options: choice.chosen.map(({ id, name, priceMinor }) => ({ id, name, priceMinor })),
			quantity,
			baseMinor: product.grossMinor,
			unitMinor,
			// An option is part of its product: sold at the product's rate.
			vatBp: product.vatBp,
			lineMinor: unitMinor * quantity,
			...factsOfLine(factsWith(product.facts, choice.chosen), additives)
		});
	}
	const currencyCode = byId.get(lines[0]!.productId)!.currencyCode;
	if (lines.some((line) => byId.get(line.productId)!.currencyCode !== currencyCode)) {
		return { ok: false, problem: { kind: 'mixed-currencies' } };
	}
	const { depositLines, depositItems } = depositsFor(
		lines,
		depositConfiguration,
		currencyCode,
		depositVatBp
	);
	const goodsMinor = sum(lines.map((line) => line.lineMinor));
	const depositMinor = sum(depositLines.map((line) => line.lineMinor));
	const minAge = basketAge(ages);
	return {
		ok: true,
		quote: {
			currencyCode,
			lines,
			depositLines,
			goodsMinor,
			depositMinor,
			totalMinor: goodsMinor + depositMinor,
			serviceFeeMinor: serviceFee.minor,
			serviceFeeVatBp: serviceFee.vatBp,
			depositItems,
			...(minAge > 0 ? { minAge } : {})
		}
	};
}

/**
 * One deposit line per category of the mapped products, per unit of the product whatever its
 * options (a large fries comes on the same plate); nothing when the configuration is off
 * (spec 1: "When the configuration fetch returns 400 … or 404, the POS skips issuing"), or when a
 * category is in another currency than the sale (it cannot be charged on this receipt).
 */
function depositsFor(
	lines: ProductLine[],
	configuration: DepositConfiguration | null,
	currencyCode: string,
	depositVatBp: number
) {
	const depositLines = new Map<string, DepositLine>();
	const depositItems = new Map<string, number>();
	if (!configuration) return { depositLines: [], depositItems: [] };
	for (const line of lines) {
		const mapping = configuration.hybridRevoTokenProducts.find(
			(m) => m.productId === line.productId
		);
		if (!mapping || mapping.hybridCategory.currencyCode !== currencyCode) continue;
		const category = mapping.hybridCategory;
		depositItems.set(line.productId, (depositItems.get(line.productId) ?? 0) + line.quantity);
		const existing = depositLines.get(category.id);
		const quantity = (existing?.quantity ?? 0) + line.quantity;
		depositLines.set(category.id, {
			categoryId: category.id,
			name: category.revoTokenCategory?.name ?? category.id,
			quantity,
			unitMinor: category.depositGrossMinor,
			vatBp: depositVatBp,
			lineMinor: quantity * category.depositGrossMinor,
			expirationHours: category.expirationHours
		});
	}
	return {
		depositLines: [...depositLines.values()],
		depositItems: [...depositItems].map(([productId, quantity]) => ({ productId, quantity }))
	};
}
