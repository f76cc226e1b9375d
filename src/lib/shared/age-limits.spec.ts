import { describe, expect, it } from 'vitest';
import {
	ageConfirmed,
	basketAge,
	coversIn,
	DEFAULT_AGE_LIMITS,
	isRestricted,
	lineAge,
	NO_AGE
} from './age-limits.ts';

describe('the age a basket needs', () => {
	it('is the highest of a line’s product and chosen choices', () => {
		expect(lineAge({}, [])).toBe(NO_AGE);
		expect(lineAge({ minAge: 16 }, [])).toBe(16);
		// A spritz with a shot of rum: the choice raises it.
		expect(lineAge({ minAge: 16 }, [{ minAge: 18 }, {}])).toBe(18);
		expect(lineAge({ minAge: 18 }, [{ minAge: 16 }])).toBe(18);
		expect(lineAge({ minAge: 0 }, [{}])).toBe(NO_AGE);
	});

	it('is the highest of its lines, none for an unrestricted basket', () => {
		expect(basketAge([])).toBe(NO_AGE);
		expect(basketAge([0, 0])).toBe(NO_AGE);
		expect(basketAge([0, 16, 18, 16])).toBe(18);
	});
});

describe('the rule', () => {
	it('sells when nothing is needed or at least that age was confirmed', () => {
		expect(ageConfirmed(NO_AGE, NO_AGE)).toBe(true);
		expect(ageConfirmed(16, NO_AGE)).toBe(false);
		expect(ageConfirmed(18, 16)).toBe(false);
		expect(ageConfirmed(16, 18)).toBe(true);
		expect(ageConfirmed(18, 18)).toBe(true);
	});

	it('a product or choice with an age is restricted (an unattended kiosk does not offer it)', () => {
		expect(isRestricted({ minAge: 16 })).toBe(true);
		expect(isRestricted({ minAge: 0 })).toBe(false);
		expect(isRestricted({})).toBe(false);
	});
});

describe('what an age covers, in words', () => {
	it('is Germany’s in each of the six languages by default', () => {
		expect(coversIn(DEFAULT_AGE_LIMITS, 16, 'fr')).toBe('bière, vin, vin mousseux');
		for (const locale of ['en', 'de', 'fr', 'es', 'it', 'nl'] as const)
			for (const { covers } of DEFAULT_AGE_LIMITS) expect(covers[locale]).toBeTruthy();
	});

	it('falls back to English, and is none for an age without texts', () => {
		const limits = [
			{ age: 18, covers: { en: 'spirits' } },
			{ age: 21, covers: {} }
		];
		expect(coversIn(limits, 18, 'nl')).toBe('spirits');
		expect(coversIn(limits, 21, 'en')).toBeUndefined();
		expect(coversIn(limits, 16, 'en')).toBeUndefined();
	});
});
