/**
 * Colour contrast as WCAG 2.2 defines it (§ "relative luminance" and "contrast ratio"): the
 * luminance of an sRGB colour, and the ratio (L1 + 0.05) / (L2 + 0.05) of the lighter to the
 * darker, from 1:1 to 21:1. WCAG 1.4.6 asks 7:1 for text (the high-contrast theme), 1.4.11 3:1
 * for the parts of controls and focus rings a guest must see.
 */

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The colour's channels as 0..1; `#rgb` or `#rrggbb` (the stylesheets' only notations). */
function channelsOf(hex: string): [number, number, number] {
	if (!HEX_COLOUR.test(hex)) throw new TypeError(`not a hex colour: ${hex}`);
	const digits =
		hex.length === 4
			? [...hex.slice(1)].map((digit) => digit + digit)
			: [hex.slice(1, 3), hex.slice(3, 5), hex.slice(5, 7)];
	const [red, green, blue] = digits.map((pair) => Number.parseInt(pair, 16) / 255);
	return [red!, green!, blue!];
}

/** Undoes the sRGB transfer curve (WCAG 2.2 uses the sRGB standard's 0.04045 threshold). */
function linear(channel: number): number {
	return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
}

/** 0 for black, 1 for white. */
export function relativeLuminance(hex: string): number {
	const [red, green, blue] = channelsOf(hex).map(linear);
	return 0.2126 * red! + 0.7152 * green! + 0.0722 * blue!;
}

/** The same whichever colour is given first. */
export function contrastRatio(first: string, second: string): number {
	const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort(
		(a, b) => b - a
	);
	return (lighter! + 0.05) / (darker! + 0.05);
}
