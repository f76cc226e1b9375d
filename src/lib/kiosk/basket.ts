/**
 * The guest's basket on the screen: what they chose, priced from the menu in integer minor units
 * the same way the server's quote does (a line per product and choice of its options — a large
 * coffee with oat milk is not a small one — each unit at the product's price plus the chosen
 * choices'; one derived deposit line per container category: quantity × deposit, per unit of the
 * product, never removable on its own). The server prices the sale again; this is what the guest
 * sees while choosing.
 */
import {
	chooseOptions,
	sortedOptionIds,
	unitPriceWith,
	type OptionChoice
} from '#lib/shared/product-options.ts';
import { sum } from '#lib/shared/sum.ts';
import type { StaffNames } from '#lib/shared/translated.ts';
import type { BasketLine, MenuProduct } from './types.ts';

/** The server's limit per line (quote.ts MAX_LINE_QUANTITY). */
export const MAX_QUANTITY = 20;
/** The server's limit of lines (quote.ts MAX_BASKET_LINES). */
export const MAX_LINES = 50;

/** What makes a line: the product and the chosen choices' ids (in any order). */
export interface LineChoice {
	productId: string;
	options?: readonly string[];
}

interface PricedLine {
	/** The line's identity (lineKey). */
	key: string;
	product: MenuProduct;
	/** The chosen choices, in menu order. */
	options: OptionChoice[];
	/** The ids as the basket line holds them (sorted). */
	optionIds: string[];
	quantity: number;
	unitMinor: number;
	lineMinor: number;
}

interface DerivedDepositLine {
	categoryId: string;
	name: string;
	names?: StaffNames;
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

/** A line's identity: its product and sorted choice ids. */
export function lineKey({ productId, options = [] }: LineChoice): string {
	return JSON.stringify([productId, sortedOptionIds(options)]);
}

/** How many of a product the basket holds, whatever its options (0 when absent). */
export function quantityOf(basket: readonly BasketLine[], productId: string): number {
	return sum(basket.filter((line) => line.productId === productId).map((line) => line.quantity));
}

/** The quantity of one line (0 when absent). */
export function lineQuantity(basket: readonly BasketLine[], choice: LineChoice): number {
	const key = lineKey(choice);
	return basket.find((line) => lineKey(line) === key)?.quantity ?? 0;
}

/**
 * The basket with the line of `choice` at `quantity` (clamped to 0…MAX_QUANTITY; 0 removes the
 * line). A new line goes at the end; no more than MAX_LINES lines.
 */
export function withQuantity(
	basket: readonly BasketLine[],
	choice: LineChoice,
	quantity: number
): BasketLine[] {
	const clamped = Math.max(0, Math.min(MAX_QUANTITY, Math.trunc(quantity)));
	const key = lineKey(choice);
	const index = basket.findIndex((line) => lineKey(line) === key);
	const line = (count: number): BasketLine => ({
		productId: choice.productId,
		options: sortedOptionIds(choice.options ?? []),
		quantity: count
	});
	if (index === -1) {
		if (clamped === 0 || basket.length >= MAX_LINES) return [...basket];
		return [...basket, line(clamped)];
	}
	if (clamped === 0) return basket.filter((_, i) => i !== index);
	return basket.map((existing, i) => (i === index ? line(clamped) : existing));
}

/** Adds `count` of a line (within the limits). */
export function add(basket: readonly BasketLine[], choice: LineChoice, count = 1): BasketLine[] {
	return withQuantity(basket, choice, lineQuantity(basket, choice) + count);
}

/**
 * Drops lines whose product is no longer on the menu, or whose options it no longer offers (the
 * menu was refreshed): the server would refuse them.
 */
export function prune(
	basket: readonly BasketLine[],
	products: readonly MenuProduct[]
): BasketLine[] {
	const byId = new Map(products.map((product) => [product.id, product]));
	return basket.filter((line) => {
		const product = byId.get(line.productId);
		return product !== undefined && chooseOptions(product.options, line.options).ok;
	});
}

/** A stable text of the basket's content: the same basket gives the same key. */
export function basketKey(basket: readonly BasketLine[]): string {
	return basket
		.map((line) => `${lineKey(line)}×${line.quantity}`)
		.sort()
		.join(',');
}

/**
 * Prices the basket from the menu. Lines of products no longer on the menu, or with options it
 * no longer offers, are left out (prune them); the service fee is added to the total when there is anything to pay for.
 */
export function summarize(
	basket: readonly BasketLine[],
	products: readonly MenuProduct[],
	serviceFeeMinor: number
): BasketSummary {
	const byId = new Map(products.map((product) => [product.id, product]));
	const lines: PricedLine[] = [];
	const deposits = new Map<string, DerivedDepositLine>();
	for (const line of basket) {
		const { productId, quantity } = line;
		const product = byId.get(productId);
		const choice = product && chooseOptions(product.options, line.options);
		if (!product || !choice?.ok || quantity <= 0) continue;
		const unitMinor = unitPriceWith(product.grossMinor, choice.chosen);
		lines.push({
			key: lineKey(line),
			product,
			options: choice.chosen,
			optionIds: sortedOptionIds(line.options),
			quantity,
			unitMinor,
			lineMinor: unitMinor * quantity
		});
		const deposit = product.deposit;
		if (!deposit) continue;
		const previous = deposits.get(deposit.categoryId);
		const count = (previous?.quantity ?? 0) + quantity;
		deposits.set(deposit.categoryId, {
			categoryId: deposit.categoryId,
			name: deposit.name,
			names: deposit.names,
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
