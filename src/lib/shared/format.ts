/**
 * Display helpers of the screens and the printed receipt: names in the reader's language, rates,
 * amounts taken off, and dates.
 */
import { scaledIntegerToDecimal } from '@venue-kiosk/vocabulary/money.ts';
import type { StaffNames, Translated } from './translated.ts';

/**
 * The one rule for a venue's name on a screen or a receipt: the name in `locale`, else the English
 * one, else `fallback` — the platform's name of a container, the built-in heading of a menu
 * category. A product and an option always have their English name.
 */
export function nameIn(name: StaffNames | undefined, locale: string, fallback: string): string;
export function nameIn(name: Translated, locale: string): string;
export function nameIn(name: StaffNames | undefined, locale: string, fallback = ''): string {
	const names: Record<string, string | undefined> = name ?? {};
	return names[locale] || names.en || fallback;
}

/**
 * A container category's name in `locale`: the one staff gave (`names`, setup's menu page), else
 * the platform's (`name`).
 */
export function containerName(
	container: { name: string; names?: StaffNames },
	locale: string
): string {
	return nameIn(container.names, locale, container.name);
}

/** A line's chosen options in `locale`, in the order given: "Large 0.3 l, Oat milk". */
export function optionNames(options: readonly { name: Translated }[], locale: string): string {
	return options.map((option) => nameIn(option.name, locale)).join(', ');
}

/** A product's name with its options, where one name must say both: "Coffee (Large, Oat milk)". */
export function nameWithOptions(
	name: Translated,
	options: readonly { name: Translated }[],
	locale: string
): string {
	const product = nameIn(name, locale);
	return options.length > 0 ? `${product} (${optionNames(options, locale)})` : product;
}

/** A VAT rate in basis points as a percentage: 1900 → "19 %", 770 → "7.7 %" ("7,7 %" in German). */
export function formatRate(bp: number, locale: string): string {
	const percent = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(
		scaledIntegerToDecimal(bp, 2)
	);
	return `${percent} %`;
}

/**
 * A figure worth a line of its own on a receipt, a sale or a report: one that is not zero. A
 * sale paid by credits alone has no "by card €0.00", a day without discounts no "−€0.00".
 */
export const worthALine = (minor: number): boolean => minor !== 0;

/** An amount taken off, "−€1.10"; nothing taken off is "€0.00", never "−€0.00". */
export function deduction(minor: number, money: (minor: number) => string): string {
	return minor > 0 ? `−${money(minor)}` : money(minor);
}

/**
 * A point in time, e.g. "24 Nov 2026, 14:05": in the screen's local time zone, or in `timeZone`
 * (the back office shows the venue's clock, the same on the server and in the browser).
 */
export function formatDateTime(iso: string, locale: string, timeZone?: string): string {
	const date = new Date(iso);
	if (Number.isNaN(date.getTime())) return iso;
	return new Intl.DateTimeFormat(locale, {
		dateStyle: 'medium',
		timeStyle: 'short',
		timeZone
	}).format(date);
}

/** A category id of the menu ("soft-drinks") as a heading when no translation is known. */
export function prettifyCategory(category: string): string {
	const words = category.replace(/[-_]+/g, ' ').trim();
	return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Gives an SVG from our server (the deposit QR code) an image role and an accessible name,
 * escaping the name for an attribute.
 */
export function labelSvg(svg: string, label: string): string {
	const escaped = label
		.replaceAll('&', '&amp;')
		.replaceAll('"', '&quot;')
		.replaceAll('<', '&lt;')
		.replaceAll('>', '&gt;');
	return svg.replace(/<svg\b/, `<svg role="img" aria-label="${escaped}" focusable="false"`);
}
