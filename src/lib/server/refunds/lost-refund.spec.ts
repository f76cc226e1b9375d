import { describe, expect, it } from 'vitest';
import { CLOCK_MARGIN_MS, decideLostRefund, REFUND_WINDOW_MS } from './lost-refund.ts';

const finalizedAt = new Date('2026-11-23T10:00:00.000Z');
const after = (ms: number) => new Date(finalizedAt.getTime() + ms);
const HOUR = 60 * 60 * 1000;

describe('decideLostRefund', () => {
	it('a repeat that refunds: the credits are back (the first call never took effect)', () => {
		expect(decideLostRefund('refunded', finalizedAt, after(HOUR))).toBe('refunded');
	});

	it('a repeat refused well inside the window: the first call refunded', () => {
		expect(decideLostRefund('window-refused', finalizedAt, after(HOUR))).toBe('refunded');
		expect(
			decideLostRefund('window-refused', finalizedAt, after(REFUND_WINDOW_MS - CLOCK_MARGIN_MS))
		).toBe('refunded');
	});

	it('refused near or past the end of the window: it proves nothing, staff look', () => {
		expect(
			decideLostRefund('window-refused', finalizedAt, after(REFUND_WINDOW_MS - CLOCK_MARGIN_MS + 1))
		).toBe('staff');
		expect(decideLostRefund('window-refused', finalizedAt, after(REFUND_WINDOW_MS + HOUR))).toBe(
			'staff'
		);
	});

	it('no answer again: not settled yet; any other refusal: staff', () => {
		expect(decideLostRefund('no-answer', finalizedAt, after(HOUR))).toBe('not-settled');
		expect(decideLostRefund('other-error', finalizedAt, after(HOUR))).toBe('staff');
	});
});
