import { describe, expect, it } from 'vitest';
import { decideLostCardRefund } from './lost-card-refund.ts';

describe('decideLostCardRefund', () => {
	it('the terminal total moved by the amount: refunded; did not move: not refunded', () => {
		expect(decideLostCardRefund(300, 800, 500)).toBe('refunded');
		expect(decideLostCardRefund(300, 300, 500)).toBe('not-refunded');
	});

	it('moved by another amount, or a terminal that keeps no total: staff', () => {
		expect(decideLostCardRefund(300, 500, 500)).toBe('staff');
		expect(decideLostCardRefund(null, 800, 500)).toBe('staff');
		expect(decideLostCardRefund(300, null, 500)).toBe('staff');
	});
});
