/** Headings of the menu's categories: the known ones translated, others as written. */
import { prettifyCategory } from '#lib/shared/format.ts';
import { m } from '#lib/paraglide/messages.js';

const KNOWN: Record<string, () => string> = {
	beer: m.kiosk_category_beer,
	drinks: m.kiosk_category_drinks,
	'soft-drinks': m.kiosk_category_soft_drinks,
	food: m.kiosk_category_food
};

export function categoryLabel(category: string): string {
	return KNOWN[category]?.() ?? prettifyCategory(category);
}
