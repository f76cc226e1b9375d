import { describe, expect, it } from 'vitest';
import { idleOverride } from './idle-override.ts';

describe('the demo idle override (?idle=N)', () => {
	it('applies only in demo mode, to whole seconds 5…3600', () => {
		expect(idleOverride('5', true)).toBe(5);
		expect(idleOverride('3600', true)).toBe(3600);
		expect(idleOverride('5', false)).toBeNull();
		expect(idleOverride(null, true)).toBeNull();
		for (const bad of ['4', '3601', '-5', '5.5', 'abc', '', '1e3', '00005x']) {
			expect(idleOverride(bad, true)).toBeNull();
		}
	});
});
