/**
 * One guest's sale on the ordering kiosk, as the screen shows it: the step, the basket and its
 * total, the sale, the message and what pauses — with the kiosk server faked at the fetch
 * boundary (testing/kiosk-server.ts), so every request the screen sends is checked too.
 */
import { EVERY_GUEST_LANGUAGE, type GuestLanguages } from '#lib/shared/guest-languages.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KioskSession } from './kiosk-session.svelte.ts';
import { KioskApi } from './kiosk-api.ts';
import {
	FEW_CREDITS,
	NO_CREDITS,
	PLENTY_CREDITS,
	quotedSale
} from '#lib/shared/testing/sale-views.ts';
import { MENU, PILS, PRETZEL } from './spec-fixtures.ts';
import { FakeKioskServer, reply } from './testing/kiosk-server.ts';
import type { KioskSettingsView } from '#lib/shared/screen-snapshot.ts';
import type { SaleView } from '#lib/shared/sale-view.ts';
import type { KioskView } from './types.ts';

const KEY = 'c0ffee00c0ffee00c0ffee00c0ffc6d7';

/** 2 Pilsner and a pretzel: 14.00 and 4.00 for two cups (quotedSale). */
const ORDER = [PILS, PILS, PRETZEL];

const paid = (overrides: Partial<SaleView> = {}) =>
	quotedSale({ state: 'completed', orderNumber: 'K-042', ...overrides });

/** What the server says of reaching it and the platform's parts (ServerReachability). */
function reachability() {
	return {
		reachable: true,
		platform: { loyalty: true, deposits: true },
		reported: 0,
		checks: 0,
		unreachable() {
			this.reachable = false;
			this.reported += 1;
		},
		check() {
			this.checks += 1;
		}
	};
}

let server: FakeKioskServer;
beforeEach(() => {
	server = new FakeKioskServer();
});
afterEach(() => {
	vi.useRealTimers();
	expect(server.unexpected).toEqual([]);
});

/** A kiosk with the demo menu that takes cards on the screen and credits; a guest at the menu. */
function kiosk(
	settings: Partial<KioskSettingsView> = {},
	products = MENU,
	languages: GuestLanguages = EVERY_GUEST_LANGUAGE
) {
	const view: KioskView = {
		identity: null,
		features: { deposits: true, loyalty: true },
		products,
		settings: {
			idleSeconds: 60,
			creditPaymentType: 'SPLIT_PAYMENT',
			serviceFeeMinor: 0,
			cardTerminal: 'on-screen',
			...settings
		},
		languages
	};
	const refreshed = vi.fn(async () => {});
	const session = new KioskSession(() => view, refreshed, new KioskApi(server.fetch));
	const reach = reachability();
	session.watch(reach);
	return { session, view, reach, refreshed };
}

/** The guest taps the screen, keeps English and orders `products`. */
function ordered(session: KioskSession, products = ORDER) {
	session.begin();
	session.chooseLanguage('en');
	for (const product of products) session.add({ productId: product.id });
	session.toPayment();
}

describe('a guest at the ordering kiosk', () => {
	it('starts at the attract screen, chooses a language, fills and empties the basket', () => {
		const { session } = kiosk();
		expect(session.step).toBe('attract');
		expect(session.idle).toBe(true);
		session.begin();
		expect(session.step).toBe('language');
		session.chooseLanguage('en');
		expect(session.step).toBe('menu');
		for (const product of ORDER) session.add({ productId: product.id });
		expect(session.summary).toMatchObject({ itemCount: 3, depositMinor: 400, totalMinor: 1800 });
		session.setQuantity({ productId: PILS.id }, 0);
		expect(session.summary).toMatchObject({ itemCount: 1, depositMinor: 0, totalMinor: 300 });
		session.setQuantity({ productId: PRETZEL.id }, 0);
		// Nothing to pay for: the guest stays at the menu.
		session.toPayment();
		expect(session.step).toBe('menu');
		session.back();
		expect(session.step).toBe('language');
		session.back();
		expect([session.step, session.guestsEnded]).toEqual(['attract', 1]);
		expect(server.calls).toEqual([]);
	});

	it('pays by card: the terminal waits for the tap, the receipt comes with the completed sale', async () => {
		const { session } = kiosk();
		ordered(session);
		expect(session.step).toBe('payment');
		server.answer('start', reply.ok(quotedSale()));
		const terminal = server.hold('pay');
		const asked = server.arrival('pay');
		const paying = session.payByCard();
		await asked;
		expect([session.step, session.paying]).toEqual(['card', true]);
		expect(session.sale).toMatchObject({ id: 'sale-1', totalMinor: 1800 });
		expect(server.calls[0]).toMatchObject({
			call: 'start',
			body: {
				basket: [
					{ productId: PILS.id, options: [], quantity: 2 },
					{ productId: PRETZEL.id, options: [], quantity: 1 }
				]
			}
		});

		server.answer('terminal', reply.ok({ answered: 'approved' }));
		await session.answerTerminal('approved');
		expect(session.step).toBe('issuing');
		terminal.give(reply.ok(paid()));
		await paying;
		expect(session.step).toBe('receipt');
		expect(session.sale).toMatchObject({ state: 'completed', orderNumber: 'K-042' });
		expect(session.problem).toBeNull();

		server.answer('print', reply.ok({ outcome: 'printed' }));
		await session.printReceipt();
		expect(session.receiptPrint).toBe('printed');
		// Done: a paid sale is not given up, the next guest starts afresh.
		session.startOver();
		expect([session.step, session.sale, session.basket]).toEqual(['attract', null, []]);
		expect(server.count('abandon')).toBe(0);
	});

	it('a declined card: back to the choice with the message; the same sale is paid again', async () => {
		const { session } = kiosk();
		ordered(session);
		server.answer('start', reply.ok(quotedSale()));
		server.answer('pay', reply.failure('card-declined'), reply.ok(paid()));
		// Where the sale stands after the failure: still open.
		server.answer('get', reply.ok(quotedSale()));
		await session.payByCard();
		expect(session.step).toBe('payment');
		expect(session.problem?.message).toBe('kiosk_failure_card_declined');
		expect(session.sale?.state).toBe('quoted');

		await session.payByCard();
		expect(session.step).toBe('receipt');
		expect([server.count('start'), server.count('pay')]).toEqual([1, 2]);
	});

	it('pays with credits: a bad scan is refused on the screen, the summary confirmed, nothing left for the card', async () => {
		const { session } = kiosk();
		ordered(session);
		server.answer('start', reply.ok(quotedSale()));
		await session.payWithCredits();
		expect(session.step).toBe('scan');

		await session.scan('not a key');
		expect(session.problem?.message).toBe('kiosk_failure_key_format');
		expect(server.count('loyalty')).toBe(0);

		const previewed = quotedSale({ state: 'credits-previewed', credits: PLENTY_CREDITS });
		server.answer('loyalty', reply.ok(previewed));
		await session.scan(`${KEY}\n`);
		expect(server.calls.at(-1)).toMatchObject({ call: 'loyalty', body: { key: KEY } });
		expect([session.step, session.problem]).toEqual(['credits', null]);
		expect(session.sale?.credits?.outstandingMinor).toBe(0);

		server.answer('pay', reply.ok(paid({ credits: PLENTY_CREDITS })));
		await session.confirmCredits();
		expect(session.step).toBe('receipt');
	});

	it('credits that do not cover it all: the rest by card; cancelled, the credits are released', async () => {
		const { session } = kiosk();
		ordered(session);
		server.answer('start', reply.ok(quotedSale()));
		await session.payWithCredits();
		const previewed = quotedSale({ state: 'credits-previewed', credits: FEW_CREDITS });
		server.answer('loyalty', reply.ok(previewed));
		await session.scan(KEY);
		expect(session.sale?.credits?.outstandingMinor).toBe(1340);

		server.answer('abandon', reply.ok({ ...previewed, state: 'abandoned' }));
		await session.cancelCredits();
		expect([session.step, session.sale]).toEqual(['payment', null]);
		expect(server.calls.at(-1)).toMatchObject({ call: 'abandon', saleId: 'sale-1' });
	});

	it.each([
		['an account without credits', NO_CREDITS, true],
		['a wallet short of some', FEW_CREDITS, false],
		[
			'a wallet short of the whole order (EXTERNAL_PAYMENT)',
			{ ...NO_CREDITS, paymentType: 'EXTERNAL_PAYMENT' as const },
			false
		]
	])('%s: the summary says there are no credits: %s', async (_, credits, noCredits) => {
		const { session } = kiosk();
		ordered(session);
		server.answer('start', reply.ok(quotedSale()));
		await session.payWithCredits();
		server.answer('loyalty', reply.ok(quotedSale({ state: 'credits-previewed', credits })));
		await session.scan(KEY);
		expect([session.step, session.noCredits]).toEqual(['credits', noCredits]);

		server.answer('pay', reply.ok(paid({ credits, cardPaidMinor: credits.outstandingMinor })));
		await session.confirmCredits();
		expect([server.calls.at(-1)?.call, session.step]).toEqual(['pay', 'receipt']);
	});

	describe('the answer of a payment is lost', () => {
		beforeEach(() => {
			vi.useFakeTimers();
		});

		it('"finishing your order" while the sale is read again, until it is paid; no second payment', async () => {
			const { session, reach } = kiosk();
			ordered(session);
			server.answer('start', reply.ok(quotedSale()));
			await session.payWithCredits();
			server.answer(
				'loyalty',
				reply.ok(quotedSale({ state: 'credits-previewed', credits: PLENTY_CREDITS }))
			);
			await session.scan(KEY);

			server.answer('pay', reply.lost);
			server.answer('get', reply.ok(quotedSale({ state: 'card-paid', credits: PLENTY_CREDITS })));
			server.answer('get', reply.ok(paid({ credits: PLENTY_CREDITS })));
			const paying = session.confirmCredits();
			await vi.advanceTimersByTimeAsync(0);
			expect([session.step, session.paying, session.problem]).toEqual(['issuing', false, null]);
			expect(reach.reported).toBe(1);
			await vi.advanceTimersByTimeAsync(1_000);
			expect(session.step).toBe('issuing');
			await vi.advanceTimersByTimeAsync(1_000);
			await paying;
			expect(session.step).toBe('receipt');
			expect([server.count('pay'), server.count('get')]).toEqual([1, 2]);
		});

		it('a payment that never began: the guest is told and may pay again', async () => {
			const { session, reach } = kiosk();
			ordered(session);
			server.answer('start', reply.ok(quotedSale()));
			server.answer('pay', reply.lost, reply.ok(paid()));
			// Read back twice: by the watch of the lost payment, then by its failure.
			server.answer('get', reply.ok(quotedSale()), reply.ok(quotedSale()));
			const paying = session.payByCard();
			await vi.advanceTimersByTimeAsync(1_000);
			await paying;
			expect(session.step).toBe('payment');
			expect(session.problem?.message).toBe('kiosk_failure_network');

			// The server answers its health check again: the guest pays once more, the same sale.
			reach.reachable = true;
			await session.payByCard();
			expect(session.step).toBe('receipt');
			expect(server.count('start')).toBe(1);
		});

		it('still being completed after 45 s: the guest is sent to staff, and still gets the receipt', async () => {
			const { session } = kiosk();
			ordered(session);
			server.answer('start', reply.ok(quotedSale()));
			server.answer('pay', reply.ok(quotedSale({ state: 'paid', orderNumber: 'K-042' })));
			const stillPaying = Array.from({ length: 46 }, () =>
				reply.ok(quotedSale({ state: 'paid', orderNumber: 'K-042' }))
			);
			server.answer('get', ...stillPaying, reply.ok(paid()));
			await session.payByCard();
			expect(session.step).toBe('issuing');
			await vi.advanceTimersByTimeAsync(46_000);
			expect(session.step).toBe('staff');
			expect(session.problem).toEqual({
				message: 'kiosk_failure_payment_pending',
				actions: ['start-over']
			});
			await vi.advanceTimersByTimeAsync(1_000);
			expect(session.step).toBe('receipt');
		});
	});

	it('idle: the timer runs on the guest’s steps; “still there” keeps the sale; no answer releases it', async () => {
		const { session } = kiosk();
		expect(session.idleEnabled).toBe(false);
		ordered(session);
		expect(session.idleEnabled).toBe(true);
		server.answer('start', reply.ok(quotedSale()));
		await session.payWithCredits();
		expect([session.step, session.idleEnabled]).toEqual(['scan', true]);

		server.answer('keepalive', reply.ok(quotedSale()));
		session.keepAlive();
		expect(server.calls.at(-1)).toMatchObject({ call: 'keepalive', saleId: 'sale-1' });

		server.answer('abandon', reply.ok(quotedSale({ state: 'abandoned' })));
		await session.timeout();
		expect(server.calls.at(-1)).toMatchObject({ call: 'abandon', saleId: 'sale-1' });
		expect([session.step, session.sale, session.basket, session.guestsEnded]).toEqual([
			'attract',
			null,
			[],
			1
		]);
	});

	it('no idle timer while the card is paid; a late answer for a guest who left is dropped', async () => {
		const { session } = kiosk();
		ordered(session);
		server.answer('start', reply.ok(quotedSale()));
		const terminal = server.hold('pay');
		const asked = server.arrival('pay');
		const paying = session.payByCard();
		await asked;
		expect(session.idleEnabled).toBe(false);

		// Staff start over (the screen's exit) while the terminal still waits: the server keeps
		// the sale being paid.
		server.answer('abandon', reply.failure('sale-closed'));
		session.startOver();
		terminal.give(reply.ok(paid()));
		await paying;
		expect([session.step, session.sale]).toEqual(['attract', null]);
	});

	it('the guest’s language follows them to the receipt; the next guest starts in the house language', async () => {
		const { session } = kiosk();
		session.begin();
		session.chooseLanguage('de');
		expect(session.language.current).toBe('de');
		for (const product of ORDER) session.add({ productId: product.id });
		session.toPayment();
		server.answer('start', reply.ok(quotedSale()));
		server.answer('pay', reply.ok(paid()));
		await session.payByCard();
		server.answer('print', reply.ok({ outcome: 'printed' }));
		await session.printReceipt();
		expect(server.calls.at(-1)).toMatchObject({ call: 'print', body: { locale: 'de' } });

		session.startOver();
		expect(session.language.current).toBe('en');
	});

	it('offers the venue’s languages only, and starts each guest in its house language', () => {
		const { session } = kiosk({}, MENU, { offered: ['de', 'fr', 'nl'], house: 'nl' });
		expect(session.language.current).toBe('nl');
		session.begin();
		expect(session.step).toBe('language');
		session.chooseLanguage('it');
		expect(session.language.current).toBe('nl');
		session.language.switch('fr');
		expect(session.language.current).toBe('fr');
		session.startOver();
		expect(session.language.current).toBe('nl');
	});

	it('goes straight to the menu, and back to the start, where the venue offers one language', () => {
		const { session } = kiosk({}, MENU, { offered: ['de'], house: 'de' });
		session.begin();
		expect([session.step, session.language.current]).toEqual(['menu', 'de']);
		session.back();
		expect(session.step).toBe('attract');
	});

	describe('fleet health', () => {
		it('out of order: the attract screen starts nothing; back in service it does', () => {
			const { session } = kiosk();
			session.outOfOrder = { text: {} };
			session.begin();
			expect(session.step).toBe('attract');
			session.outOfOrder = null;
			session.begin();
			expect(session.step).toBe('language');
		});

		it('a sale refused as out of order tells the guest to go to the counter', async () => {
			const { session } = kiosk();
			ordered(session);
			server.answer('start', reply.failure('out-of-order'));
			await session.payByCard();
			expect([session.step, session.problem?.message, session.sale]).toEqual([
				'menu',
				'kiosk_failure_offline',
				null
			]);
		});

		it('keeps the last receipt’s outcome and card payment’s answer across guests', async () => {
			const { session } = kiosk();
			expect([session.lastPrint, session.lastCardPayment]).toEqual([null, null]);
			ordered(session);
			session.toPayment();
			server.answer('start', reply.ok(quotedSale()));
			server.answer('pay', reply.ok(paid()));
			await session.payByCard();
			server.answer('print', reply.ok({ outcome: 'paper-out' }));
			await session.printReceipt();
			expect([session.lastPrint, session.lastCardPayment]).toEqual(['paper-out', 'paid']);
			session.startOver();
			expect([session.lastPrint, session.lastCardPayment]).toEqual(['paper-out', 'paid']);
		});
	});

	describe('out of reach', () => {
		it('of its server: ordering pauses before anything is sent; the menu stays', () => {
			const { session, reach } = kiosk();
			reach.reachable = false;
			expect(session.orderingPaused).toBe(true);
			ordered(session);
			expect([session.step, session.problem?.message]).toEqual(['menu', 'kiosk_failure_offline']);
			expect(session.summary.itemCount).toBe(3);

			reach.reachable = true;
			session.toPayment();
			expect([session.step, session.problem]).toEqual(['payment', null]);
			expect(server.calls).toEqual([]);
		});

		it('a lost answer pauses ordering at once', async () => {
			const { session, reach } = kiosk();
			ordered(session);
			server.answer('start', reply.lost);
			await session.payByCard();
			expect(reach.reported).toBe(1);
			expect(session.orderingPaused).toBe(true);
			expect([session.step, session.problem?.message]).toEqual([
				'payment',
				'kiosk_failure_network'
			]);
		});

		it('of the platform’s credits: paying with credits pauses, the card still works', async () => {
			const { session, reach } = kiosk();
			reach.platform = { loyalty: false, deposits: true };
			ordered(session);
			expect([session.loyaltyPaused, session.methods]).toEqual([
				true,
				{ card: true, credits: false }
			]);
			await session.payWithCredits();
			expect(session.problem?.message).toBe('kiosk_failure_loyalty_offline');
			expect(server.calls).toEqual([]);
		});

		it('of the platform’s deposits: a basket with cups waits, one without is sold', () => {
			const { session, reach } = kiosk();
			reach.platform = { loyalty: true, deposits: false };
			ordered(session);
			expect([session.step, session.problem?.message]).toEqual([
				'menu',
				'kiosk_failure_deposits_offline'
			]);
			session.setQuantity({ productId: PILS.id }, 0);
			session.toPayment();
			expect(session.step).toBe('payment');
		});
	});

	it('a product gone meanwhile: the menu is read again and the basket keeps what is left', async () => {
		const { session, view, refreshed } = kiosk();
		ordered(session);
		server.answer('start', reply.failure('basket-invalid', 400));
		refreshed.mockImplementation(async () => {
			view.products = MENU.filter((product) => product.id !== PRETZEL.id);
		});
		await session.payByCard();
		expect(refreshed).toHaveBeenCalledOnce();
		expect([session.step, session.problem?.message]).toEqual([
			'menu',
			'kiosk_failure_basket_invalid'
		]);
		expect(session.basket).toEqual([{ productId: PILS.id, options: [], quantity: 2 }]);
	});
});
