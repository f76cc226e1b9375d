/**
 * Age-restricted products (docs/age-checks.md): a product, and an option choice of it, may be
 * sold only from an age (Germany's JuSchG § 9: beer and wine from 16, drinks with spirits from
 * 18). A line needs the highest age of its product and its chosen choices, a basket the highest
 * of its lines. The one rule: a sale that needs an age is sold only when the guest confirmed at
 * least that age for it, and staff check the ID at handover; a kiosk left unattended sells none
 * of it. Shared: the server validates, stores and enforces it, the screens ask and show it with
 * the same rule.
 */
import type { Locale } from '#lib/paraglide/runtime.js';
import type { StaffNames } from './translated.ts';

/** No age needed. */
export const NO_AGE = 0;

/**
 * One age the venue sells from, with what it covers in words ("beer, wine") per guest language:
 * the venue's text, else Germany's default for that age (none for an age Germany has no rule for).
 */
export interface AgeLimit {
	age: number;
	covers: StaffNames;
}

/** A row of the setup page's age limits form as staff typed it (shown again with a refusal). */
export interface TypedAgeLimit {
	age: string;
	covers: StaffNames;
}

/** Germany's (JuSchG § 9): the venue's list, and each age's texts, unless its setting says otherwise. */
export const DEFAULT_AGE_LIMITS: AgeLimit[] = [
	{
		age: 16,
		covers: {
			en: 'beer, wine, sparkling wine',
			de: 'Bier, Wein, Sekt',
			fr: 'bière, vin, vin mousseux',
			es: 'cerveza, vino, vino espumoso',
			it: 'birra, vino, spumante',
			nl: 'bier, wijn, mousserende wijn'
		}
	},
	{
		age: 18,
		covers: {
			en: 'spirits and drinks containing them',
			de: 'Spirituosen und Getränke mit Spirituosen',
			fr: 'spiritueux et boissons qui en contiennent',
			es: 'bebidas espirituosas y bebidas que las contienen',
			it: 'superalcolici e bevande che li contengono',
			nl: 'sterke drank en dranken met sterke drank'
		}
	}
];

/** Germany's texts for `age`, none for an age it has no rule for. */
export const defaultCovers = (age: number): StaffNames =>
	DEFAULT_AGE_LIMITS.find((limit) => limit.age === age)?.covers ?? {};

/**
 * What `age` covers in `locale`: the limit's text in it, else its English one; undefined when the
 * limit has neither (an age the venue added without texts), and then the screens name the age alone.
 */
export const coversIn = (
	limits: readonly AgeLimit[],
	age: number,
	locale: Locale
): string | undefined => {
	const covers = limits.find((limit) => limit.age === age)?.covers ?? {};
	return covers[locale] || covers.en || undefined;
};

/** The lowest and highest age a venue may set (below 12 no German rule applies, above 21 none). */
export const AGE_RANGE = { min: 12, max: 21 } as const;

/** What a line's product or choice carries: its minimum age, absent or 0 for none. */
interface Restricted {
	minAge?: number;
}

/** The age a line needs: the highest of its product's and its chosen choices'. */
export const lineAge = (product: Restricted, chosen: readonly Restricted[]): number =>
	Math.max(product.minAge ?? NO_AGE, ...chosen.map((choice) => choice.minAge ?? NO_AGE));

/** The age a basket (or a sale) needs: the highest of its lines'. */
export const basketAge = (lineAges: Iterable<number>): number => Math.max(NO_AGE, ...lineAges);

/** The guest's confirmation covers what the sale needs (nothing needed, or at least that age). */
export const ageConfirmed = (needed: number, confirmed: number): boolean =>
	needed === NO_AGE || confirmed >= needed;

/**
 * Sold only from an age: a kiosk left unattended (a device setting) does not offer it, for nobody
 * is there to check an ID.
 */
export const isRestricted = (item: Restricted): boolean => (item.minAge ?? NO_AGE) !== NO_AGE;
