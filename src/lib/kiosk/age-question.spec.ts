/**
 * The age question on the ordering kiosk (#lib/shared/age-limits.ts): asked at "Go to payment"
 * when the basket needs an age, once per sale, and the confirmed age sent with the sale.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EVERY_GUEST_LANGUAGE } from '#lib/shared/guest-languages.ts';
import { quotedSale } from '#lib/shared/testing/sale-views.ts';
import { KioskApi } from './kiosk-api.ts';
import { KioskSession } from './kiosk-session.svelte.ts';
import { PILS, PRETZEL } from './spec-fixtures.ts';
import { FakeKioskServer, reply } from './testing/kiosk-server.ts';
import type { KioskView, MenuProduct } from './types.ts';

const BEER: MenuProduct = { ...PILS, minAge: 16 };
const RUM_LEMONADE: MenuProduct = {
	...PRETZEL,
	id: 'drink_lemonade',
	options: [
		{
			id: 'extra',
			name: { en: 'Extra' },
			min: 0,
			max: 1,
			choices: [{ id: 'rum', name: { en: 'Rum' }, priceMinor: 200, minAge: 18 }]
		}
	]
};

let server: FakeKioskServer;
beforeEach(() => {
	server = new FakeKioskServer();
});
afterEach(() => expect(server.unexpected).toEqual([]));

function guestAtMenu() {
	const view: KioskView = {
		identity: null,
		features: { deposits: true, loyalty: true },
		products: [BEER, PRETZEL, RUM_LEMONADE],
		settings: {
			idleSeconds: 60,
			creditPaymentType: 'SPLIT_PAYMENT',
			serviceFeeMinor: 0,
			cardTerminal: 'on-screen'
		},
		languages: EVERY_GUEST_LANGUAGE
	};
	const session = new KioskSession(
		() => view,
		async () => {},
		new KioskApi(server.fetch)
	);
	session.begin();
	session.chooseLanguage('en');
	return session;
}

describe('the age question', () => {
	it('is not asked for a basket without age-restricted goods', () => {
		const session = guestAtMenu();
		session.add({ productId: PRETZEL.id });
		session.toPayment();
		expect([session.step, session.askingAge]).toEqual(['payment', null]);
	});

	it('is asked once per sale: confirmed, back to the menu and on again, not asked again; the age goes with the sale', async () => {
		const session = guestAtMenu();
		session.add({ productId: BEER.id });
		session.toPayment();
		expect([session.step, session.askingAge]).toEqual(['menu', 16]);
		session.confirmAge();
		expect([session.step, session.askingAge]).toEqual(['payment', null]);
		session.backToMenu();
		session.toPayment();
		expect([session.step, session.askingAge]).toEqual(['payment', null]);

		server.answer('start', reply.ok(quotedSale()));
		await session.payWithCredits();
		expect(session.step).toBe('scan');
		expect(server.calls[0]).toMatchObject({ call: 'start', body: { confirmedAge: 16 } });
	});

	it('asks again when a choice raises the age; the next guest is asked afresh', () => {
		const session = guestAtMenu();
		session.add({ productId: BEER.id });
		session.toPayment();
		session.confirmAge();
		session.backToMenu();
		session.add({ productId: RUM_LEMONADE.id, options: ['rum'] });
		session.toPayment();
		expect([session.step, session.askingAge]).toEqual(['menu', 18]);
		session.startOver();
		session.begin();
		session.chooseLanguage('en');
		session.add({ productId: BEER.id });
		session.toPayment();
		expect(session.askingAge).toBe(16);
	});

	it('"Remove these" takes out only what needs more than was confirmed; the guest stays at the menu', () => {
		const session = guestAtMenu();
		session.add({ productId: BEER.id }, 2);
		session.add({ productId: PRETZEL.id });
		session.toPayment();
		session.removeRestricted();
		expect(session.basket.map((line) => line.productId)).toEqual([PRETZEL.id]);
		expect([session.step, session.askingAge]).toEqual(['menu', null]);
		session.toPayment();
		expect(session.step).toBe('payment');
	});

	it('closed unanswered (Escape, back): stays at the menu, asked at the next "Go to payment"', () => {
		const session = guestAtMenu();
		session.add({ productId: BEER.id });
		session.toPayment();
		session.back();
		expect([session.step, session.askingAge]).toEqual(['menu', null]);
		session.toPayment();
		expect(session.askingAge).toBe(16);
	});
});
