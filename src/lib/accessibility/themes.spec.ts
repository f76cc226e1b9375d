import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from './contrast.ts';
import {
	HIGH_CONTRAST_THEME,
	MINIMUM_NON_TEXT_CONTRAST,
	MINIMUM_TEXT_CONTRAST,
	NON_TEXT_PAIRS,
	TEXT_PAIRS,
	type ColourPair
} from './themes.ts';

const styles = (file: string) =>
	readFileSync(new URL(`../styles/${file}`, import.meta.url), 'utf8').replace(
		/\/\*[\s\S]*?\*\//g,
		''
	);

/** The custom properties and their values declared in the rules whose selector has `marker`. */
function declarations(css: string, marker: string): Map<string, string> {
	const found = new Map<string, string>();
	for (const [, selector, body] of css.matchAll(/([^{}]+)\{([^}]*)\}/g)) {
		if (!selector!.includes(marker)) continue;
		for (const [, name, value] of body!.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)) {
			found.set(name!, value!.trim());
		}
	}
	return found;
}

const ratio = ([foreground, background]: ColourPair) =>
	contrastRatio(HIGH_CONTRAST_THEME[foreground], HIGH_CONTRAST_THEME[background]);

describe('the high-contrast guest theme', () => {
	it.each(TEXT_PAIRS)('%s on %s is at least 7:1 (WCAG 1.4.6)', (...pair) => {
		expect(ratio(pair)).toBeGreaterThanOrEqual(MINIMUM_TEXT_CONTRAST);
	});

	it.each(NON_TEXT_PAIRS)('%s against %s is at least 3:1 (WCAG 1.4.11)', (...pair) => {
		expect(ratio(pair)).toBeGreaterThanOrEqual(MINIMUM_NON_TEXT_CONTRAST);
	});

	it('pairs every text colour and every background', () => {
		const used = new Set([...TEXT_PAIRS, ...NON_TEXT_PAIRS].flat());
		expect([...used].sort()).toEqual(Object.keys(HIGH_CONTRAST_THEME).sort());
	});

	it('is what high-contrast.css sets, and that file has no other colour', () => {
		const css = styles('high-contrast.css');
		const colours = new Map(
			[...declarations(css, "[data-contrast='high']")].filter(([, value]) => value.startsWith('#'))
		);
		expect(Object.fromEntries(colours)).toEqual(HIGH_CONTRAST_THEME);
		expect(css.match(/#[0-9a-f]{3,8}\b/gi)).toHaveLength(colours.size);
	});
});

describe('large text', () => {
	it("doubles global.css's root font size", () => {
		const root = /:root\s*\{[^}]*?font-size:\s*(\d+)px/.exec(styles('global.css'))?.[1];
		const large = /:root\[data-text='large'\]\s*\{[^}]*?font-size:\s*(\d+)px/.exec(
			styles('large-text.css')
		)?.[1];
		expect(Number(large)).toBe(2 * Number(root));
	});
});
