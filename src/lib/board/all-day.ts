/**
 * "All day" for the kitchen: how many of each product the orders to approve and in preparation
 * still need, e.g. "12 × Burger — 3 × extra cheese, 2 × no onion; 4 to take away" (pure).
 * Names stay translatable objects: the screen shows them in its own language.
 */
import { nameIn } from '#lib/shared/format.ts';
import type { BoardOrder, BoardStage } from '#lib/shared/order-board.ts';
import type { Translated } from '#lib/shared/translated.ts';

interface AllDayModifier {
	productId: string;
	/** null when the menu does not know the id: the screen shows the id. */
	name: Translated | null;
	/** Units of the product that carry this modifier. */
	quantity: number;
}

export interface AllDayProduct {
	productId: string;
	name: Translated | null;
	quantity: number;
	/** Of `quantity`, the units to take away. */
	takeaway: number;
	/** Most frequent first. */
	modifiers: AllDayModifier[];
}

/** The stages whose orders the kitchen still has to make. */
const TO_MAKE: ReadonlySet<BoardStage> = new Set(['approve', 'preparing']);

/** Most needed first, then by name in `locale` (the order the screen lists them in). */
export function allDayTotals(orders: readonly BoardOrder[], locale: string): AllDayProduct[] {
	const products = new Map<string, Tally>();
	for (const order of orders) {
		if (!TO_MAKE.has(order.stage)) continue;
		for (const line of order.lines) {
			const product = tally(products, line, () => ({
				productId: line.productId,
				name: line.name,
				quantity: 0,
				takeaway: 0,
				modifiers: new Map()
			}));
			product.quantity += line.quantity;
			if (line.takeaway) product.takeaway += line.quantity;
			// Every unit of the line carries each of its modifiers; one listed twice is a double.
			for (const modifier of line.modifiers) {
				const counted = tally(product.modifiers, modifier, () => ({
					productId: modifier.productId,
					name: modifier.name,
					quantity: 0
				}));
				counted.quantity += line.quantity;
			}
		}
	}
	const byNeed = mostNeededFirst(locale);
	return [...products.values()]
		.map((product) => ({ ...product, modifiers: [...product.modifiers.values()].sort(byNeed) }))
		.sort(byNeed);
}

/** A product's running total while the orders are counted. */
type Tally = Omit<AllDayProduct, 'modifiers'> & { modifiers: Map<string, AllDayModifier> };

/**
 * The running total of `item`'s product, started by `start` if there is none yet. It keeps the
 * first name known: a line whose menu did not know the product must not hide another's name.
 */
function tally<T extends AllDayModifier>(
	totals: Map<string, T>,
	item: { productId: string; name: Translated | null },
	start: () => T
): T {
	let total = totals.get(item.productId);
	if (!total) {
		total = start();
		totals.set(item.productId, total);
	}
	total.name ??= item.name;
	return total;
}

function mostNeededFirst(locale: string) {
	const label = (item: AllDayModifier) => (item.name ? nameIn(item.name, locale) : item.productId);
	return (a: AllDayModifier, b: AllDayModifier) =>
		b.quantity - a.quantity ||
		label(a).localeCompare(label(b), locale) ||
		(a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0);
}
