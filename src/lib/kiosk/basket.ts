/**
 * The guest's basket on the screen: what they chose, priced from the menu in integer minor units
 * the same way the server's quote does (lines per product, one derived deposit line per container
 * category: quantity × deposit, never removable on its own). The server prices the sale again;
 * this is what the guest sees while choosing.
 */
import type { BasketLine, MenuProduct } from './types.ts';

/** The server's limit per line (quote.ts MAX_LINE_QUANTITY). */
export const MAX_QUANTITY = 20;
/** The server's limit of lines (quote.ts MAX_BASKET_LINES). */
export const MAX_LINES = 50;

export interface PricedLine {
	product: MenuProduct;
	quantity: number;
	lineMinor: number;
}

export interface DerivedDepositLine {
	categoryId: string;
	name: string;
	quantity: number;
	unitMinor: number;
	lineMinor: number;
	expirationHours: number;
}

export interface BasketSummary {
	currencyCode: string;
	lines: PricedLine[];
	depositLines: DerivedDepositLine[];
	/** Number of items (not of lines). */
	itemCount: number;
	goodsMinor: number;
	depositMinor: number;
	serviceFeeMinor: number;
	totalMinor: number;
}

/** The quantity of a product in the basket (0 when absent). */
export function quantityOf(basket: readonly BasketLine[], productId: string): number {
	return basket.find((line) => line.productId === productId)?.quantity ?? 0;
}

/**
 * The basket with `productId` at `quantity` (clamped to 0…MAX_QUANTITY; 0 removes the line).
 * A new line goes at the end; no more than MAX_LINES lines.
 */
export function withQuantity(
	basket: readonly BasketLine[],
	productId: string,
	quantity: number
): BasketLine[] {
	const clamped = Math.max(0, Math.min(MAX_QUANTITY, Math.trunc(quantity)));
	const index = basket.findIndex((line) => line.productId === productId);
	if (index === -1) {
		if (clamped === 0 || basket.length >= MAX_LINES) return [...basket];
		return [...basket, { productId, quantity: clamped }];
	}
	if (clamped === 0) return basket.filter((line) => line.productId !== productId);
	return basket.map((line, i) => (i === index ? { productId, quantity: clamped } : line));
}

/** Adds `count` of a product (within the limits). */
export function add(basket: readonly BasketLine[], productId: string, count = 1): BasketLine[] {
	return withQuantity(basket, productId, quantityOf(basket, productId) + count);
}

/** Drops lines whose product is no longer on the menu (the menu was refreshed). */
export function prune(
	basket: readonly BasketLine[],
	products: readonly MenuProduct[]
): BasketLine[] {
	const ids = new Set(products.map((product) => product.id));
	return basket.filter((line) => ids.has(line.productId));
}

/** A stable text of the basket's content: the same basket gives the same key. */
export function basketKey(basket: readonly BasketLine[]): string {
	return [...basket]
		.sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0))
		.map((line) => `${line.productId}×${line.quantity}`)
		.join(',');
}

/**
 * Prices the basket from the menu. Lines of products no longer on the menu are left out (prune
 * them); the service fee is added to the total when there is anything to pay for.
 */
export function summarize(
	basket: readonly BasketLine[],
	products: readonly MenuProduct[],
	serviceFeeMinor: number
): BasketSummary {
	const byId = new Map(products.map((product) => [product.id, product]));
	const lines: PricedLine[] = [];
	const deposits = new Map<string, DerivedDepositLine>();
	for (const { productId, quantity } of basket) {
		const product = byId.get(productId);
		if (!product || quantity <= 0) continue;
		lines.push({ product, quantity, lineMinor: product.grossMinor * quantity });
		const deposit = product.deposit;
		if (!deposit) continue;
		const previous = deposits.get(deposit.categoryId);
		const count = (previous?.quantity ?? 0) + quantity;
		deposits.set(deposit.categoryId, {
			categoryId: deposit.categoryId,
			name: deposit.name,
			quantity: count,
			unitMinor: deposit.unitMinor,
			lineMinor: count * deposit.unitMinor,
			expirationHours: deposit.expirationHours
		});
	}
	const depositLines = [...deposits.values()];
	const goodsMinor = sum(lines.map((line) => line.lineMinor));
	const depositMinor = sum(depositLines.map((line) => line.lineMinor));
	const fee = lines.length > 0 ? serviceFeeMinor : 0;
	return {
		currencyCode: lines[0]?.product.currencyCode ?? products[0]?.currencyCode ?? 'EUR',
		lines,
		depositLines,
		itemCount: sum(lines.map((line) => line.quantity)),
		goodsMinor,
		depositMinor,
		serviceFeeMinor: fee,
		totalMinor: goodsMinor + depositMinor + fee
	};
}

export const sum = (values: readonly number[]): number =>
	values.reduce((total, value) => total + value, 0);
