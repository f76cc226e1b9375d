import { describe, expect, it } from 'vitest';
import { ageConfirmed, basketAge, lineAge, NO_AGE, offeredAt } from './age-limits.ts';

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

	it('an unattended kiosk offers nothing age-restricted', () => {
		expect(offeredAt({ minAge: 16 }, true)).toBe(false);
		expect(offeredAt({}, true)).toBe(true);
		expect(offeredAt({ minAge: 16 }, false)).toBe(true);
	});
});
