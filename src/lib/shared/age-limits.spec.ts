import { describe, expect, it } from 'vitest';
import { ageConfirmed, basketAge, isRestricted, lineAge, NO_AGE } from './age-limits.ts';

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
