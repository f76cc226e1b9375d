/**
 * Headings of the menu's categories: the name staff gave (setup's menu page), else the built-in
 * translation of a known category, else the id as written — by the one naming rule
 * (#lib/shared/format.ts nameIn).
 */
import { nameIn, prettifyCategory } from '#lib/shared/format.ts';
import { m } from '#lib/paraglide/messages.js';
import { getLocale } from '#lib/paraglide/runtime.js';
import type { StaffNames } from '#lib/shared/translated.ts';

const KNOWN: Record<string, () => string> = {
	beer: m.kiosk_category_beer,
	drinks: m.kiosk_category_drinks,
	'soft-drinks': m.kiosk_category_soft_drinks,
	food: m.kiosk_category_food
};

export function categoryLabel(category: string, names?: StaffNames): string {
	return nameIn(names, getLocale(), KNOWN[category]?.() ?? prettifyCategory(category));
}
