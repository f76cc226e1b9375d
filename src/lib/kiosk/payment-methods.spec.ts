import { describe, expect, it } from 'vitest';
import { paymentMethods } from './payment-methods.ts';

describe('the ways to pay at a kiosk', () => {
	it('by card only with a card terminal: a ZVT one, or demo mode’s on-screen one', () => {
		for (const cardTerminal of ['zvt', 'on-screen'] as const)
			expect(paymentMethods({ cardTerminal, serviceFeeMinor: 50 }, true)).toEqual({
				card: true,
				credits: true
			});
		// None, or a snapshot kept by a version that did not say: card payments are off.
		for (const cardTerminal of [null, undefined])
			expect(paymentMethods({ cardTerminal, serviceFeeMinor: 0 }, true)).toEqual({
				card: false,
				credits: true
			});
	});

	it('without a card, credits only where they can pay everything: no service fee, loyalty usable', () => {
		expect(paymentMethods({ cardTerminal: null, serviceFeeMinor: 50 }, true)).toEqual({
			card: false,
			credits: false
		});
		expect(paymentMethods({ cardTerminal: null, serviceFeeMinor: 0 }, false)).toEqual({
			card: false,
			credits: false
		});
		expect(paymentMethods({ cardTerminal: 'zvt', serviceFeeMinor: 0 }, false)).toEqual({
			card: true,
			credits: false
		});
	});
});
