/**
 * The checkout saga against the simulator: every rule of docs/manual.md, When something fails
 * during a sale, with the platform's own numbers (wallet balances, deposit transactions) checked
 * over the control API.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Journal } from '#lib/server/journal/journal.ts';
import { JournalOperation } from '#lib/server/journal/journal-operation.ts';
import { resolveOpenEntries } from '#lib/server/journal/resolver.ts';
import type { Checkout, CheckoutSettings } from '#lib/server/sales/checkout.ts';
import type { Sale } from '#lib/server/sales/sale.ts';
import { POSSIBLY_ISSUED } from '#lib/server/sales/deposit-issuing.ts';
import { SaleRecovery } from '#lib/server/sales/sale-recovery.ts';
import type { SimulatedTerminal } from '#lib/server/terminal/simulated-terminal.ts';
import { checkoutRig, type CheckoutRig } from './checkout-rig.ts';
import { caught, clientFor } from './client-support.ts';
import { useSimulator } from './harness.ts';

const sim = useSimulator();

let rig: CheckoutRig;
let checkout: Checkout;
let journal: Journal;
let terminal: SimulatedTerminal;
let settings: CheckoutSettings;
let deviceId: string;

beforeEach(async () => {
	rig = await checkoutRig({ url: sim.url, apiKey: sim.device('dev_kiosk_main').apiKey });
	({ checkout, journal, terminal, settings, deviceId } = rig);
});

const PILS_AND_PRETZEL = [
	{ productId: 'drink_pils', quantity: 2 },
	{ productId: 'food_pretzel', quantity: 1 }
];

async function newKey(walletId: string, leadingZeros = 0): Promise<string> {
	return (await sim.control('POST', '/_sim/transaction-keys', { walletId, leadingZeros })).body
		.transactionKey;
}
async function balance(walletId: string): Promise<number> {
	return (await sim.control('GET', `/_sim/wallets/${walletId}`)).body.balance;
}
const operations = async () =>
	(await journal.list()).reverse().map((entry) => `${entry.operation}:${entry.status}`);

function expectSummaryAddsUp(sale: Sale) {
	const credits = sale.credits!;
	for (const line of credits.lines) {
		expect(line.grossMinor - line.discountMinor).toBe(line.creditsMinor + line.outstandingMinor);
	}
	expect(credits.grossMinor - credits.discountMinor).toBe(
		credits.creditsMinor + credits.outstandingMinor
	);
}

describe('card only', () => {
	it('makes no credit calls, collects the whole sale, issues the cups and completes', async () => {
		const sale = await checkout.start(deviceId, PILS_AND_PRETZEL);
		expect(sale.quote).toMatchObject({ goodsMinor: 1400, depositMinor: 400, totalMinor: 1800 });
		const done = await checkout.pay(sale.id);
		expect(done).toMatchObject({
			state: 'completed',
			cardPaidMinor: 1800,
			orderNumber: 'K-001',
			problem: null
		});
		expect(done.deposit?.code).toHaveLength(40);
		expect(done.deposit?.categories).toEqual([
			{ categoryId: 'cat_cup', name: 'Reusable cup 0.4 l', count: 2, expiresAt: expect.any(String) }
		]);
		expect(await operations()).toEqual([
			`${JournalOperation.cardPayment}:succeeded`,
			`${JournalOperation.depositCreate}:succeeded`
		]);
		const issued = await sim.control('GET', `/_sim/deposit-transactions/${done.deposit!.code}`);
		expect(issued.body.items).toHaveLength(2);
	});

	it('a kiosk cannot pay another kiosk’s sale: not found, nothing claimed or charged', async () => {
		const sale = await checkout.start(deviceId, PILS_AND_PRETZEL);
		expect((await caught(checkout.pay(sale.id, 'another-kiosk'))).failure).toBe('sale-not-found');
		expect(await checkout.get(sale.id)).toMatchObject({ state: 'quoted', payment: null });
		expect(await journal.list()).toEqual([]);
		expect(await checkout.pay(sale.id, deviceId)).toMatchObject({ state: 'completed' });
	});

	it('a basket without containers issues nothing', async () => {
		const done = await checkout.pay(
			(await checkout.start(deviceId, [{ productId: 'food_bratwurst', quantity: 2 }])).id
		);
		expect(done).toMatchObject({ state: 'completed', deposit: null, cardPaidMinor: 1000 });
		expect(await operations()).toEqual([`${JournalOperation.cardPayment}:succeeded`]);
	});

	it('deposits only while the configuration answers 200: disabled → no deposit line, no create', async () => {
		await sim.control('PUT', '/_sim/deposit-configuration', { enabled: false });
		await rig.refreshView();
		const sale = await checkout.start(deviceId, PILS_AND_PRETZEL);
		expect(sale.quote).toMatchObject({ depositLines: [], depositItems: [], totalMinor: 1400 });
		const done = await checkout.pay(sale.id);
		expect(done).toMatchObject({ state: 'completed', deposit: null, cardPaidMinor: 1400 });
		expect(await operations()).toEqual([`${JournalOperation.cardPayment}:succeeded`]);
	});

	it('a declined card: nothing paid, the sale stays open', async () => {
		terminal.fixedOutcome = 'declined';
		const sale = await checkout.start(deviceId, PILS_AND_PRETZEL);
		expect((await caught(checkout.pay(sale.id))).failure).toBe('card-declined');
		expect(await checkout.get(sale.id)).toMatchObject({
			state: 'quoted',
			cardPaidMinor: 0,
			deposit: null
		});
		expect(await operations()).toEqual([`${JournalOperation.cardPayment}:failed`]);
		expect((await journal.list())[0]!.errorCode).toBe('card-declined');
	});

	it('an uncertain card outcome is for staff: nothing finalized, nothing issued, flagged in the journal', async () => {
		terminal.fixedOutcome = 'uncertain';
		const sale = await checkout.start(deviceId, PILS_AND_PRETZEL);
		expect((await caught(checkout.pay(sale.id))).failure).toBe('card-outcome-unknown');
		expect(await checkout.get(sale.id)).toMatchObject({
			state: 'needs-staff',
			problem: 'card-outcome-unknown',
			deposit: null,
			orderNumber: null
		});
		expect(await journal.list({ status: 'needs-staff' })).toMatchObject([
			{
				operation: JournalOperation.cardPayment,
				reference: sale.id,
				errorCode: 'card-outcome-unknown',
				request: { amountMinor: 1800, currencyCode: 'EUR' }
			}
		]);
		expect(await operations()).toEqual([`${JournalOperation.cardPayment}:needs-staff`]);
	});

	it('the fee and VAT rates are those of the start: a settings edit during the sale changes nothing', async () => {
		Object.assign(settings, { serviceFeeMinor: 50, depositVatBp: 700 });
		const sale = await checkout.start(deviceId, PILS_AND_PRETZEL);
		Object.assign(settings, { serviceFeeMinor: 80, depositVatBp: 1900 });
		expect(sale.quote).toMatchObject({ serviceFeeMinor: 50, serviceFeeVatBp: 1900 });
		expect(sale.quote.depositLines[0]!.vatBp).toBe(700);
		expect((await checkout.pay(sale.id)).cardPaidMinor).toBe(1850);
	});
});

describe('loyalty credits', () => {
	it('credits covering everything: no card, credits deducted once, deposits issued', async () => {
		terminal.fixedOutcome = 'declined'; // proves the terminal is not asked
		const sale = await checkout.start(deviceId, PILS_AND_PRETZEL);
		const previewed = await checkout.scanLoyaltyKey(sale.id, await newKey('wallet_plenty'));
		// Pils 2 × 5.50 with 10 % off = 9.90; pretzel 3.00; two cup deposits 4.00 (no discount).
		expect(previewed.credits).toMatchObject({
			grossMinor: 1800,
			discountMinor: 110,
			creditsMinor: 1690,
			outstandingMinor: 0
		});
		expectSummaryAddsUp(previewed);
		const done = await checkout.pay(sale.id);
		expect(done).toMatchObject({ state: 'completed', cardPaidMinor: 0, problem: null });
		expect(await balance('wallet_plenty')).toBe(483.1);
		expect(await operations()).toEqual([
			`${JournalOperation.creditPreview}:succeeded`,
			`${JournalOperation.creditFinalize}:succeeded`,
			`${JournalOperation.depositCreate}:succeeded`
		]);
	});

	it('only discount-eligible items carry a product id; deposits go without one (no discount)', async () => {
		const sale = await checkout.start(deviceId, PILS_AND_PRETZEL);
		const previewed = await checkout.scanLoyaltyKey(sale.id, await newKey('wallet_plenty'));
		expect(previewed.credits!.lines.map((l) => [l.productId, l.name, l.discountMinor])).toEqual([
			['drink_pils', 'Pilsner 0.4 l', 110],
			['food_pretzel', 'Pretzel', 0],
			[null, 'Deposit: Reusable cup 0.4 l', 0]
		]);
	});

	it('split: credits first, the rest on the card, then finalize', async () => {
		const sale = await checkout.start(deviceId, PILS_AND_PRETZEL);
		const previewed = await checkout.scanLoyaltyKey(sale.id, await newKey('wallet_few'));
		expect(previewed.credits).toMatchObject({
			paymentType: 'SPLIT_PAYMENT',
			creditsMinor: 350,
			outstandingMinor: 1340
		});
		expectSummaryAddsUp(previewed);
		const done = await checkout.pay(sale.id);
		expect(done).toMatchObject({ state: 'completed', cardPaidMinor: 1340 });
		expect(await balance('wallet_few')).toBe(0);
	});

	it('CREDIT mode, wallet short: INSUFFICIENT_CREDIT → EXTERNAL_PAYMENT, the whole (discounted) sale on the card', async () => {
		settings.creditPaymentType = 'CREDIT';
		const sale = await checkout.start(deviceId, PILS_AND_PRETZEL);
		const previewed = await checkout.scanLoyaltyKey(sale.id, await newKey('wallet_few'));
		expect(previewed.credits).toMatchObject({
			paymentType: 'EXTERNAL_PAYMENT',
			creditsMinor: 0,
			discountMinor: 110,
			outstandingMinor: 1690
		});
		const done = await checkout.pay(sale.id);
		expect(done.cardPaidMinor).toBe(1690);
		expect(await balance('wallet_few')).toBe(3.5);
		expect(await operations()).toEqual([
			`${JournalOperation.creditPreview}:failed`,
			`${JournalOperation.creditPreview}:succeeded`,
			`${JournalOperation.cardPayment}:succeeded`,
			`${JournalOperation.creditFinalize}:succeeded`,
			`${JournalOperation.depositCreate}:succeeded`
		]);
	});

	it('the service fee comes through update: no discount, all to pay by card', async () => {
		settings.serviceFeeMinor = 50;
		const sale = await checkout.start(deviceId, PILS_AND_PRETZEL);
		const previewed = await checkout.scanLoyaltyKey(sale.id, await newKey('wallet_empty'));
		const fee = previewed.credits!.lines.at(-1)!;
		expect(fee).toEqual({
			productId: null,
			name: 'Service fee',
			grossMinor: 50,
			discountMinor: 0,
			creditsMinor: 0,
			outstandingMinor: 50,
			vatBp: 1900
		});
		expect(previewed.credits!.outstandingMinor).toBe(1740);
		expectSummaryAddsUp(previewed);
	});

	it('a double scan makes no second transaction (and adds the fee once)', async () => {
		settings.serviceFeeMinor = 50;
		const key = await newKey('wallet_plenty');
		const sale = await checkout.start(deviceId, PILS_AND_PRETZEL);
		const first = await checkout.scanLoyaltyKey(sale.id, key);
		const second = await checkout.scanLoyaltyKey(sale.id, key.toUpperCase());
		expect(second.credits).toEqual(first.credits);
		expect(await operations()).toEqual([
			`${JournalOperation.creditPreview}:succeeded`,
			`${JournalOperation.creditUpdate}:succeeded`
		]);
	});

	it('a card reader key without its leading zeros is padded and works', async () => {
		const key = await newKey('wallet_plenty', 3);
		const sale = await checkout.start(deviceId, PILS_AND_PRETZEL);
		const previewed = await checkout.scanLoyaltyKey(sale.id, key.replace(/^0+/, ''));
		expect(previewed.state).toBe('credits-previewed');
	});

	it('card declined: the credit transaction is cancelled; the used QR cannot be shown again', async () => {
		terminal.fixedOutcome = 'declined';
		const key = await newKey('wallet_few');
		const sale = await checkout.start(deviceId, PILS_AND_PRETZEL);
		await checkout.scanLoyaltyKey(sale.id, key);
		expect((await caught(checkout.pay(sale.id))).failure).toBe('card-declined');
		expect(await checkout.get(sale.id)).toMatchObject({ state: 'quoted', credits: null });
		expect(await balance('wallet_few')).toBe(3.5);
		expect(await operations()).toContain(`${JournalOperation.creditCancel}:succeeded`);
		expect((await caught(checkout.scanLoyaltyKey(sale.id, key))).failure).toBe('key-used');
		const fresh = await checkout.scanLoyaltyKey(sale.id, await newKey('wallet_few'));
		expect(fresh.state).toBe('credits-previewed');
	});

	it.each([
		['not a key', 'key-format'],
		['g'.repeat(32), 'key-format']
	])('a malformed key (%s) fails before any platform call', async (raw, failure) => {
		const sale = await checkout.start(deviceId, PILS_AND_PRETZEL);
		expect((await caught(checkout.scanLoyaltyKey(sale.id, raw))).failure).toBe(failure);
		expect(await operations()).toEqual([]);
	});

	it('an expired key, a used key and another venue\u2019s key each get their own failure', async () => {
		const expired = await newKey('wallet_plenty');
		await sim.control('POST', '/_sim/clock', { advanceMinutes: 6 });
		const sale = await checkout.start(deviceId, PILS_AND_PRETZEL);
		expect((await caught(checkout.scanLoyaltyKey(sale.id, expired))).failure).toBe('key-expired');
		const used = await newKey('wallet_plenty');
		await sim.control('POST', `/_sim/transaction-keys/${used}/invalidate`);
		expect((await caught(checkout.scanLoyaltyKey(sale.id, used))).failure).toBe('key-used');
		const harbour = await newKey('wallet_harbour');
		expect((await caught(checkout.scanLoyaltyKey(sale.id, harbour))).failure).toBe(
			'key-other-venue'
		);
		expect((await checkout.get(sale.id)).state).toBe('quoted');
	});

	it('a lost finalize answer: no paid sale until a finalize succeeded; the recovery pass finishes it, credits taken once', async () => {
		const sale = await checkout.start(deviceId, PILS_AND_PRETZEL);
		const previewed = await checkout.scanLoyaltyKey(sale.id, await newKey('wallet_plenty'));
		await sim.control('POST', '/_sim/faults', {
			path: `/v3/integrations/credit-transactions/${previewed.credits!.transactionId}/finalize`,
			mode: 'drop',
			count: 4
		});
		const waiting = await checkout.pay(sale.id);
		expect(waiting).toMatchObject({ state: 'card-paid', orderNumber: null, deposit: null });
		expect(await rig.recovery.run()).toEqual({ recovered: 1, busy: 0, failed: 0 });
		const done = await checkout.get(sale.id);
		expect(done).toMatchObject({ state: 'completed', orderNumber: 'K-001', problem: null });
		expect(done.deposit?.code).toHaveLength(40);
		expect(await balance('wallet_plenty')).toBe(483.1);
		const platform = clientFor(sim, 'dev_kiosk_main');
		// The first finalize's entry stays uncertain until the resolver repeats it: safe (spec 3).
		expect(await resolveOpenEntries(journal, async () => platform)).toEqual({
			resolved: 1,
			flagged: 0,
			stillOpen: 0
		});
		expect(await balance('wallet_plenty')).toBe(483.1);
	});

	it('the preview expired before the guest confirmed (nothing on the card): released, unpaid, scan again', async () => {
		const sale = await checkout.start(deviceId, PILS_AND_PRETZEL);
		await checkout.scanLoyaltyKey(sale.id, await newKey('wallet_plenty'));
		await sim.control('POST', '/_sim/clock', { advanceMinutes: 16 });
		expect((await caught(checkout.pay(sale.id))).failure).toBe('preview-expired');
		expect(await checkout.get(sale.id)).toMatchObject({
			state: 'quoted',
			credits: null,
			orderNumber: null,
			deposit: null
		});
		expect(await balance('wallet_plenty')).toBe(500);
		expect(await operations()).toEqual([
			`${JournalOperation.creditPreview}:succeeded`,
			`${JournalOperation.creditFinalize}:failed`,
			`${JournalOperation.creditCancel}:succeeded`
		]);
		await checkout.scanLoyaltyKey(sale.id, await newKey('wallet_plenty'));
		expect(await checkout.pay(sale.id)).toMatchObject({ state: 'completed', orderNumber: 'K-001' });
		expect(await balance('wallet_plenty')).toBe(483.1);
	});

	it('finalize refused after the card part was paid: the card part is refunded, the credits released, nothing handed out', async () => {
		const sale = await checkout.start(deviceId, PILS_AND_PRETZEL);
		await checkout.scanLoyaltyKey(sale.id, await newKey('wallet_few'));
		await sim.control('POST', '/_sim/clock', { advanceMinutes: 16 });
		expect((await caught(checkout.pay(sale.id))).failure).toBe('preview-expired');
		const after = await checkout.get(sale.id);
		expect(after).toMatchObject({
			state: 'quoted',
			credits: null,
			cardPaidMinor: 0,
			orderNumber: null,
			deposit: null
		});
		expect(await balance('wallet_few')).toBe(3.5);
		const [card] = await journal.list({ operation: JournalOperation.cardPayment });
		expect(await terminal.refunded((card!.request as { reference: string }).reference)).toBe(true);
		expect(await operations()).toEqual([
			`${JournalOperation.creditPreview}:succeeded`,
			`${JournalOperation.cardPayment}:succeeded`,
			`${JournalOperation.creditFinalize}:failed`,
			`${JournalOperation.cardRefund}:succeeded`,
			`${JournalOperation.creditCancel}:succeeded`
		]);
	});

	it('finalize refused and the card refund fails: staff are told to refund the card part', async () => {
		const sale = await checkout.start(deviceId, PILS_AND_PRETZEL);
		await checkout.scanLoyaltyKey(sale.id, await newKey('wallet_few'));
		await sim.control('POST', '/_sim/clock', { advanceMinutes: 16 });
		terminal.refundsFail = true;
		const after = await checkout.pay(sale.id);
		expect(after).toMatchObject({
			state: 'needs-staff',
			problem: 'card-refund-failed',
			cardPaidMinor: 1340,
			orderNumber: null,
			deposit: null
		});
		expect(await balance('wallet_few')).toBe(3.5);
		expect((await journal.list({ status: 'needs-staff' })).map((entry) => entry.operation)).toEqual(
			[JournalOperation.cardRefund, JournalOperation.creditFinalize]
		);
	});

	it('abandoning after a scan cancels the credit transaction; nothing is deducted', async () => {
		const sale = await checkout.start(deviceId, PILS_AND_PRETZEL);
		await checkout.scanLoyaltyKey(sale.id, await newKey('wallet_plenty'));
		expect((await checkout.abandon(sale.id)).state).toBe('abandoned');
		expect(await balance('wallet_plenty')).toBe(500);
		expect(await operations()).toEqual([
			`${JournalOperation.creditPreview}:succeeded`,
			`${JournalOperation.creditCancel}:succeeded`
		]);
		expect((await caught(checkout.pay(sale.id))).failure).toBe('sale-closed');
	});
});

describe('a refused cancel', () => {
	it('is for staff: the transaction is no longer cancellable although the sale was not paid', async () => {
		const sale = await checkout.start(deviceId, PILS_AND_PRETZEL);
		await checkout.scanLoyaltyKey(sale.id, await newKey('wallet_plenty'));
		await sim.control('POST', '/_sim/faults', {
			path: '/v1/integrations/credit-transactions/*/cancel',
			mode: 'status',
			status: 400,
			errorCode: 'X_TRANSACTION_IS_NOT_IN_ACTIVE_STATUS'
		});
		expect((await checkout.abandon(sale.id)).state).toBe('abandoned');
		expect(await journal.list({ status: 'needs-staff' })).toMatchObject([
			{
				operation: JournalOperation.creditCancel,
				reference: sale.id,
				errorCode: 'X_TRANSACTION_IS_NOT_IN_ACTIVE_STATUS'
			}
		]);
	});
});

describe('deposits', () => {
	it('a lost create answer: created once more so the guest leaves with a code; the first is flagged', async () => {
		await sim.control('POST', '/_sim/faults', {
			method: 'POST',
			path: '/v1/integrations/hybrid-revo-token-transactions',
			mode: 'drop'
		});
		const done = await checkout.pay((await checkout.start(deviceId, PILS_AND_PRETZEL)).id);
		expect(done).toMatchObject({ state: 'completed', problem: null });
		expect(done.deposit?.sequenceNumber).toBe('000002');
		expect(await operations()).toEqual([
			`${JournalOperation.cardPayment}:succeeded`,
			`${JournalOperation.depositCreate}:needs-staff`,
			`${JournalOperation.depositCreate}:succeeded`
		]);
		expect((await journal.list({ status: 'needs-staff' }))[0]!.errorCode).toBe(POSSIBLY_ISSUED);
	});

	it('one 503 on create: the platform did not act, so it is sent again and the guest gets the code', async () => {
		await sim.control('POST', '/_sim/faults', {
			method: 'POST',
			path: '/v1/integrations/hybrid-revo-token-transactions',
			mode: 'status',
			status: 503
		});
		const done = await checkout.pay((await checkout.start(deviceId, PILS_AND_PRETZEL)).id);
		expect(done).toMatchObject({ state: 'completed', problem: null });
		expect(done.deposit?.sequenceNumber).toBe('000001');
		expect(await journal.list({ status: 'needs-staff' })).toEqual([]);
	});

	it('a refused create after payment is for staff, never a silent loss', async () => {
		await sim.control('POST', '/_sim/faults', {
			method: 'POST',
			path: '/v1/integrations/hybrid-revo-token-transactions',
			mode: 'status',
			status: 400
		});
		const done = await checkout.pay((await checkout.start(deviceId, PILS_AND_PRETZEL)).id);
		expect(done).toMatchObject({
			state: 'needs-staff',
			orderNumber: 'K-001',
			deposit: null,
			problem: 'deposits-not-issued'
		});
		expect(await journal.list({ status: 'needs-staff' })).toMatchObject([
			{
				operation: JournalOperation.depositCreate,
				reference: done.id,
				errorCode: 'SIMULATED_FAULT'
			}
		]);
	});
});

describe('deposits out of reach (platform-health.ts)', () => {
	it('no sale with containers is opened, so nothing is charged; one without is', async () => {
		rig.depositsUsable = false;
		const refused = await caught(checkout.start(deviceId, PILS_AND_PRETZEL));
		expect(refused).toMatchObject({ failure: 'deposits-unavailable' });
		expect(await rig.sales.unfinished()).toEqual([]);
		const pretzel = await checkout.pay(
			(await checkout.start(deviceId, [{ productId: 'food_pretzel', quantity: 1 }])).id
		);
		expect(pretzel).toMatchObject({ state: 'completed', deposit: null });
		expect(await operations()).toEqual([`${JournalOperation.cardPayment}:succeeded`]);
	});
});

describe('one payment per sale', () => {
	it('two pay calls at once (double tap, two tabs): the card is asked once, both get the outcome', async () => {
		terminal.fixedOutcome = null;
		const sale = await checkout.start(deviceId, PILS_AND_PRETZEL);
		const first = checkout.pay(sale.id);
		const second = checkout.pay(sale.id);
		await expect.poll(() => terminal.answer(sale.id, 'approved')).toBe(true);
		const [a, b] = await Promise.all([first, second]);
		expect(a).toEqual(b);
		expect(a).toMatchObject({ state: 'completed', orderNumber: 'K-001', cardPaidMinor: 1800 });
		const cardPayments = async () => journal.list({ operation: JournalOperation.cardPayment });
		expect(await cardPayments()).toHaveLength(1);
		// A retry after a lost answer: the sale as it ended, the card not asked again.
		expect(await checkout.pay(sale.id)).toMatchObject({ state: 'completed', version: a.version });
		expect(await cardPayments()).toHaveLength(1);
	});

	it('a sale claimed before a crash is looked up on the terminal, never asked again', async () => {
		terminal.fixedOutcome = null;
		const sale = await checkout.start(deviceId, PILS_AND_PRETZEL);
		const payment = checkout.pay(sale.id);
		await expect.poll(async () => (await checkout.get(sale.id)).state).toBe('card-pending');
		// The server dies here; the terminal, a device of its own, completes the payment.
		const { reference, amountMinor } = (await checkout.get(sale.id)).payment!;
		void payment.catch(() => undefined);
		const restarted = await checkoutRig(
			{ url: sim.url, apiKey: sim.device('dev_kiosk_main').apiKey },
			{ reuse: rig }
		);
		restarted.terminal.fixedOutcome = 'approved';
		await restarted.terminal.collect({
			deviceId: 'kiosk-1',
			reference,
			amountMinor,
			currencyCode: 'EUR'
		});
		// Asking the card again would now wait for a tap that never comes: the test would time out.
		restarted.terminal.fixedOutcome = null;
		const resumed = await restarted.checkout.pay(sale.id);
		expect(resumed).toMatchObject({ state: 'completed', cardPaidMinor: amountMinor });
		expect(restarted.terminal.isPending(reference)).toBe(false);
	});
});

describe('sales nobody attends', () => {
	it('an open sale untouched for the bound is released: credits cancelled, nothing deducted', async () => {
		const sale = await checkout.start(deviceId, PILS_AND_PRETZEL);
		await checkout.scanLoyaltyKey(sale.id, await newKey('wallet_plenty'));
		expect(await rig.recovery.run()).toEqual({ recovered: 0, busy: 0, failed: 0 });
		const impatient = new SaleRecovery({ checkout, sales: rig.sales, unattendedAfterMs: 0 });
		expect(await impatient.run()).toEqual({ recovered: 1, busy: 0, failed: 0 });
		expect(await checkout.get(sale.id)).toMatchObject({
			state: 'abandoned',
			problem: 'abandoned-unattended',
			credits: null
		});
		expect(await balance('wallet_plenty')).toBe(500);
		expect(await operations()).toEqual([
			`${JournalOperation.creditPreview}:succeeded`,
			`${JournalOperation.creditCancel}:succeeded`
		]);
	});

	it('"still there?" answered keeps the sale: its clock starts again', async () => {
		const sale = await checkout.start(deviceId, PILS_AND_PRETZEL);
		const kept = await checkout.keepAlive(sale.id);
		expect(kept.version).toBe(sale.version + 1);
		expect(kept.updatedAt >= sale.updatedAt).toBe(true);
		expect(kept.state).toBe('quoted');
	});
});

describe('bad baskets', () => {
	it.each([
		{ kind: 'empty', basket: [] },
		{ kind: 'zero quantity', basket: [{ productId: 'drink_pils', quantity: 0 }] },
		{ kind: 'unknown product', basket: [{ productId: 'nope', quantity: 1 }] },
		{ kind: 'malformed', basket: 'not a basket' }
	])('refuses a $kind basket', async ({ basket }) => {
		await expect(checkout.start(deviceId, basket)).rejects.toMatchObject({
			failure: 'basket-invalid'
		});
	});
});
