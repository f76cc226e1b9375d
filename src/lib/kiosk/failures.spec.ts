import { describe, expect, it } from 'vitest';
import { m } from '#lib/paraglide/messages.js';
import type { CheckoutFailure } from '#lib/shared/checkout-failure.ts';
import { API_FAILURES, planFor, type ApiFailure } from './failures.ts';

/** Every failure code of the checkout (a missing one does not compile). */
const CHECKOUT_FAILURES: Record<CheckoutFailure, true> = {
	'sale-not-found': true,
	'sale-closed': true,
	'basket-invalid': true,
	'sold-out': true,
	'age-unconfirmed': true,
	'age-unattended': true,
	'key-format': true,
	'key-expired': true,
	'key-used': true,
	'key-other-venue': true,
	'insufficient-credit': true,
	'preview-expired': true,
	'menu-vat': true,
	'card-declined': true,
	'card-unavailable': true,
	'card-outcome-unknown': true,
	'platform-unavailable': true,
	'deposits-unavailable': true,
	'platform-refused': true,
	'out-of-order': true
};

const stages = ['start', 'scan', 'pay'] as const;

describe('every failure ends in a message and a next step', () => {
	it('knows every failure code of the checkout', () => {
		for (const failure of Object.keys(CHECKOUT_FAILURES)) {
			expect(API_FAILURES).toContain(failure);
		}
	});

	it.each(API_FAILURES)('%s: a translated message and a defined next step', (failure) => {
		for (const stage of stages) {
			for (const [withCredits, cards] of [
				[false, true],
				[true, true],
				[false, false],
				[true, false]
			] as const) {
				const plan = planFor(failure, { stage, withCredits, cards });
				expect(typeof m[plan.message]).toBe('function');
				expect(plan.message.startsWith('kiosk_failure_')).toBe(true);
				expect(['menu', 'payment', 'scan', 'staff', 'reload']).toContain(plan.next);
			}
		}
	});

	it('a rejected key: its own message, and the guest scans again (the scan screen stays)', () => {
		const messages = new Set<string>();
		for (const failure of ['key-format', 'key-expired', 'key-used', 'key-other-venue'] as const) {
			const plan = planFor(failure, { stage: 'scan', withCredits: false, cards: true });
			expect(plan.next).toBe('scan');
			messages.add(plan.message);
		}
		expect(messages.size).toBe(4);
	});

	it('a declined card after credits: the QR code is used up, back to the payment choice', () => {
		expect(
			planFor('card-declined', { stage: 'pay', withCredits: true, cards: true })
		).toMatchObject({
			message: 'kiosk_failure_card_declined_credits',
			next: 'payment'
		});
		expect(
			planFor('card-declined', { stage: 'pay', withCredits: false, cards: true })
		).toMatchObject({
			message: 'kiosk_failure_card_declined',
			next: 'payment'
		});
	});

	it('an unknown card outcome is for staff; an unavailable item refreshes the menu', () => {
		expect(
			planFor('card-outcome-unknown', { stage: 'pay', withCredits: false, cards: true })
		).toMatchObject({
			next: 'staff',
			actions: ['start-over']
		});
		expect(
			planFor('basket-invalid', { stage: 'start', withCredits: false, cards: true })
		).toMatchObject({
			next: 'menu',
			refreshMenu: true,
			clearSale: true
		});
	});

	it('the loyalty service down: scan again (or pay by card there); refused: choose again', () => {
		expect(
			planFor('platform-unavailable', { stage: 'scan', withCredits: false, cards: true }).next
		).toBe('scan');
		for (const failure of ['menu-vat', 'platform-refused'] as const) {
			expect(planFor(failure, { stage: 'scan', withCredits: true, cards: true }).next).toBe(
				'payment'
			);
		}
	});

	it('the kiosk server out of reach: back to the menu, nothing cleared, "order at the counter"', () => {
		for (const stage of stages)
			expect(planFor('offline', { stage, withCredits: false, cards: true })).toEqual({
				message: 'kiosk_failure_offline',
				next: 'menu',
				actions: [],
				clearSale: false,
				refreshMenu: false
			});
	});

	it('a part of the platform out of reach: card only, or cups out of the basket; nothing cleared', () => {
		for (const stage of stages) {
			expect(planFor('loyalty-offline', { stage, withCredits: false, cards: true })).toMatchObject({
				message: 'kiosk_failure_loyalty_offline',
				next: 'payment',
				clearSale: false
			});
			expect(planFor('deposits-offline', { stage, withCredits: false, cards: true })).toMatchObject(
				{
					message: 'kiosk_failure_deposits_offline',
					next: 'menu',
					clearSale: false
				}
			);
		}
	});

	it('a closed sale is forgotten; a new one starts with the next payment choice', () => {
		for (const failure of ['sale-closed', 'sale-not-found'] satisfies ApiFailure[]) {
			expect(planFor(failure, { stage: 'pay', withCredits: false, cards: true })).toMatchObject({
				next: 'payment',
				clearSale: true
			});
		}
	});

	it('a kiosk that takes no cards never sends the guest to the card: the counter instead', () => {
		const failures = [
			'key-other-venue',
			'insufficient-credit',
			'menu-vat',
			'platform-unavailable',
			'platform-refused',
			'loyalty-offline'
		] as const;
		for (const failure of failures) {
			for (const stage of stages) {
				const withCard = planFor(failure, { stage, withCredits: true, cards: true });
				const withoutCard = planFor(failure, { stage, withCredits: true, cards: false });
				expect(withoutCard.message).toBe(`${withCard.message}_no_card`);
				expect(withoutCard.next).toBe(withCard.next);
				expect(m[withoutCard.message]({}, { locale: 'en' })).toMatch(/order at the counter/);
				expect(m[withoutCard.message]({}, { locale: 'en' })).not.toMatch(/pay by card/);
			}
		}
		expect(
			planFor('card-unavailable', { stage: 'pay', withCredits: true, cards: false })
		).toMatchObject({
			message: 'kiosk_failure_card_unavailable',
			next: 'payment',
			clearSale: false
		});
	});
});
