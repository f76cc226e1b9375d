/**
 * The high-contrast guest theme (docs/accessibility.md, High contrast; EN 301 549 5.1.4 and WCAG
 * 2.2 1.4.6 / 1.4.11): light on black, in the colour tokens of src/lib/styles (global.css names
 * them; high-contrast.css sets these values under `[data-contrast='high']`, and a spec keeps the
 * two equal).
 *
 * The pairs below are the only ones the screens may combine: text on a background at ≥ 7:1
 * (1.4.6, Contrast (Enhanced)), borders and the focus ring against the backgrounds they sit on
 * at ≥ 3:1 (1.4.11, Non-text Contrast). The focus ring sits on the background, never on the
 * control: global.css offsets the outline by 2 px.
 */

/** CSS custom properties, named as in src/lib/styles/global.css. */
export type ColourToken =
	| '--ink'
	| '--paper'
	| '--canvas'
	| '--surface'
	| '--muted'
	| '--accent'
	| '--accent-ink'
	| '--error'
	| '--line'
	| '--field-line'
	| '--tint'
	| '--focus';

export const HIGH_CONTRAST_THEME: Readonly<Record<ColourToken, string>> = {
	/** Text. */
	'--ink': '#ffffff',
	/** Buttons' and fields' own background. */
	'--paper': '#000000',
	/** The page behind the cards. */
	'--canvas': '#000000',
	/** Cards and panels: a step lighter than the page, so a card still reads as one. */
	'--surface': '#141414',
	/** Hints and secondary text: lighter than usual themes allow, still clearly second to ink. */
	'--muted': '#c8c8c8',
	/** Primary buttons, links, chosen toggles: yellow, as links are in the common black theme. */
	'--accent': '#ffd60a',
	/** Text on the accent. */
	'--accent-ink': '#000000',
	/** Error text (always with words and an icon too: WCAG 1.4.1). */
	'--error': '#ff8a80',
	/** Borders of cards and secondary buttons. */
	'--line': '#bdbdbd',
	/** Borders of text fields. */
	'--field-line': '#e0e0e0',
	/** The background of a notice: a dark blue, still a background for every text colour. */
	'--tint': '#0d2137',
	/** The focus ring: cyan, a hue no other token uses, so the focused control stands out. */
	'--focus': '#00e5ff'
};

const BACKGROUNDS = ['--paper', '--canvas', '--surface', '--tint'] as const satisfies ColourToken[];

export type ColourPair = readonly [foreground: ColourToken, background: ColourToken];

/** Text and the background it is shown on: ≥ 7:1. */
export const TEXT_PAIRS: readonly ColourPair[] = [
	...BACKGROUNDS.flatMap((background) =>
		(['--ink', '--muted', '--accent', '--error'] as const).map((text): ColourPair => [
			text,
			background
		])
	),
	['--accent-ink', '--accent']
];

/** Boundaries a guest must see to find a control, and the focus ring: ≥ 3:1. */
export const NON_TEXT_PAIRS: readonly ColourPair[] = BACKGROUNDS.flatMap((background) =>
	(['--line', '--field-line', '--focus', '--accent'] as const).map((part): ColourPair => [
		part,
		background
	])
);

/** WCAG 1.4.6 (text) and 1.4.11 (non-text). */
export const MINIMUM_TEXT_CONTRAST = 7;
export const MINIMUM_NON_TEXT_CONTRAST = 3;
