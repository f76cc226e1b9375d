/**
 * Staff refunds (docs/back-office.md, Refunds) against the simulator over HTTP: spec 3's refund of
 * the credits — "only within 24 hours of finalization", no idempotency key, no read-back — and the
 * card part on the simulated terminal. The guest's wallet is read through the control API: every
 * test checks what came back to it, and that nothing came back twice.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { JournalOperation } from '#lib/server/journal/journal-operation.ts';
import { resolveOpenEntries } from '#lib/server/journal/resolver.ts';
import { RefundError, SaleRefunds, type RefundRequest } from '#lib/server/refunds/sale-refunds.ts';
import type { Sale } from '#lib/server/sales/sale.ts';
import { transact } from '#lib/server/store/after-commit.ts';
import { checkoutRig, type CheckoutRig } from './checkout-rig.ts';
import { caught } from './client-support.ts';
import { useSimulator } from './harness.ts';

const sim = useSimulator();

const PILS_AND_PRETZEL = [
	{ productId: 'drink_pils', quantity: 2 },
	{ productId: 'food_pretzel', quantity: 1 }
];
const HOUR_MS = 3_600_000;

let rig: CheckoutRig;
let refunds: SaleRefunds;
/** How far the kiosk server's clock is ahead of the wall clock (the simulator's is moved apart). */
let kioskAheadMs: number;

beforeEach(async () => {
	rig = await checkoutRig({ url: sim.url, apiKey: sim.device('dev_kiosk_main').apiKey });
	kioskAheadMs = 0;
	refunds = new SaleRefunds({
		sales: rig.sales,
		journal: rig.journal,
		platformFor: async () => rig.platform,
		terminal: rig.terminal,
		inTransaction: (work) => transact(rig.store.db, work),
		now: () => new Date(Date.now() + kioskAheadMs)
	});
});

async function balance(walletId: string): Promise<number> {
	return (await sim.control('GET', `/_sim/wallets/${walletId}`)).body.balance;
}
async function newKey(walletId: string): Promise<string> {
	return (await sim.control('POST', '/_sim/transaction-keys', { walletId })).body.transactionKey;
}
async function advanceSimulator(minutes: number): Promise<void> {
	expect((await sim.control('POST', '/_sim/clock', { advanceMinutes: minutes })).status).toBe(200);
}
/** The refund calls the simulator received. */
async function refundCalls(): Promise<{ status: number }[]> {
	const logged = (await sim.control('GET', '/_sim/requests')).body as {
		path: string;
		status: number;
	}[];
	return logged.filter((entry) => entry.path.endsWith('/refund'));
}
async function failureOf(promise: Promise<unknown>): Promise<string> {
	const error = await caught(promise);
	expect(error).toBeInstanceOf(RefundError);
	return (error as RefundError).failure;
}

/** A completed sale paid with the wallet's credits and (split) the rest on the card. */
async function creditSale(walletId: string): Promise<Sale> {
	const sale = await rig.checkout.start(rig.deviceId, PILS_AND_PRETZEL);
	await rig.checkout.scanLoyaltyKey(sale.id, await newKey(walletId));
	const paid = await rig.checkout.pay(sale.id);
	expect(paid.state).toBe('completed');
	return paid;
}

let requests = 0;
const confirm = (overrides: Partial<RefundRequest> = {}): RefundRequest => ({
	requestId: `confirm-${String((requests += 1)).padStart(6, '0')}`,
	credits: true,
	cardMinor: 0,
	...overrides
});

describe('credit refunds (spec 3 refundCreditTransactionByIntegration)', () => {
	it('inside 24 h: the credits go back to the wallet and the card part back on the terminal', async () => {
		const before = await balance('wallet_few');
		const sale = await creditSale('wallet_few');
		expect(sale.credits!.creditsMinor).toBe(350);
		expect(await balance('wallet_few')).toBe(before - 3.5);
		const offer = await refunds.offer(sale);
		expect(offer.credits).toMatchObject({ refundable: true, amountMinor: 350 });
		expect(offer.credits.timeLeftMs).toBeGreaterThan(23.9 * HOUR_MS);
		expect(offer.card).toMatchObject({ remainingMinor: sale.cardPaidMinor, refundable: true });

		const result = await refunds.refund(
			sale.id,
			confirm({ cardMinor: sale.cardPaidMinor, comment: 'Guest changed their mind' }),
			'manager'
		);
		expect(result.card).toMatchObject({ outcome: 'refunded', amountMinor: sale.cardPaidMinor });
		expect(result.credits).toMatchObject({ outcome: 'refunded', amountMinor: 350 });
		expect(await balance('wallet_few')).toBe(before);
		expect(await rig.terminal.refunded(sale.payment!.reference)).toBe(true);
		expect((await refundCalls()).map((call) => call.status)).toEqual([200]);
		expect((await rig.journal.list({ operation: JournalOperation.creditRefund }))[0]).toMatchObject(
			{
				status: 'succeeded',
				request: { transactionId: sale.credits!.transactionId, comment: 'Guest changed their mind' }
			}
		);
	});

	it('past 24 h on the simulator’s clock: refused, the sale unchanged, window-passed', async () => {
		const sale = await creditSale('wallet_plenty');
		const after = await balance('wallet_plenty');
		await advanceSimulator(24 * 60 + 5);
		kioskAheadMs = 24 * HOUR_MS + 5 * 60_000;
		expect((await refunds.offer(sale)).credits).toMatchObject({
			refundable: false,
			reason: 'window-passed'
		});
		expect(await failureOf(refunds.refund(sale.id, confirm(), 'manager'))).toBe('window-passed');
		expect(await rig.sales.get(sale.id)).toEqual(sale);
		expect(await refundCalls()).toEqual([]);

		// Our clock 10 minutes behind the platform's: we still see 5 minutes left; the platform
		// refuses, and nothing comes back to the wallet.
		kioskAheadMs = 24 * HOUR_MS - 5 * 60_000;
		const refused = await refunds.refund(sale.id, confirm(), 'manager');
		expect(refused.credits).toMatchObject({ outcome: 'failed', errorCode: 'no-longer-refundable' });
		expect(refused.sale).toMatchObject({ state: 'completed', credits: sale.credits });
		expect(await balance('wallet_plenty')).toBe(after);

		// Our clock a day behind: well inside the window by it. The refusal is not read as "already
		// refunded" — nothing was — but as what the platform says: it no longer refunds them.
		kioskAheadMs = HOUR_MS;
		const behind = await refunds.refund(sale.id, confirm(), 'manager');
		expect(behind.credits).toMatchObject({ outcome: 'failed', errorCode: 'no-longer-refundable' });
		expect(behind.sale.refunds.map((refund) => refund.outcome)).toEqual(['failed', 'failed']);
		expect(await balance('wallet_plenty')).toBe(after);
	});

	it('already refunded: not offered again; refunded in the platform’s console meanwhile: no longer refundable', async () => {
		const before = await balance('wallet_plenty');
		const sale = await creditSale('wallet_plenty');
		await refunds.refund(sale.id, confirm(), 'manager');
		expect(await balance('wallet_plenty')).toBe(before);
		expect(await failureOf(refunds.refund(sale.id, confirm(), 'manager'))).toBe('already-refunded');

		const other = await creditSale('wallet_plenty');
		await rig.platform.credits.refund(other.credits!.transactionId);
		const result = await refunds.refund(other.id, confirm(), 'manager');
		expect(result.credits).toMatchObject({ outcome: 'failed', errorCode: 'no-longer-refundable' });
		expect(await balance('wallet_plenty')).toBe(before);
	});

	it('a sale whose credits were never finalized: nothing to refund, nothing sent', async () => {
		const before = await balance('wallet_plenty');
		const sale = await rig.checkout.start(rig.deviceId, PILS_AND_PRETZEL);
		const previewed = await rig.checkout.scanLoyaltyKey(sale.id, await newKey('wallet_plenty'));
		expect(previewed.state).toBe('credits-previewed');
		expect((await refunds.offer(previewed)).credits.reason).toBe('not-paid');
		expect(await failureOf(refunds.refund(sale.id, confirm(), 'manager'))).toBe('not-paid');
		expect(await refundCalls()).toEqual([]);
		expect(await balance('wallet_plenty')).toBe(before);
		// Spec 3 agrees: a previewed transaction cannot be refunded.
		const direct = await caught(rig.platform.credits.refund(previewed.credits!.transactionId));
		expect(direct.errorCode).toBe(
			'CREDIT_TRANSACTION_CAN_NO_LONGER_BE_REFUNDED_BY_EXTERNAL_DEVICE'
		);
	});

	describe('a lost answer is settled without a second refund', () => {
		const resolve = () =>
			resolveOpenEntries(
				rig.journal,
				async () => rig.platform,
				async () => false,
				(entry, platform) => refunds.settleEntry(entry, platform)
			);

		it('the refund took effect, the answer was dropped: the repeat is refused — refunded, wallet credited once', async () => {
			const before = await balance('wallet_plenty');
			const sale = await creditSale('wallet_plenty');
			await sim.control('POST', '/_sim/faults', {
				path: `/v1/integrations/credit-transactions/${sale.credits!.transactionId}/refund`,
				mode: 'drop'
			});
			const result = await refunds.refund(sale.id, confirm(), 'manager');
			expect(result.credits).toMatchObject({ outcome: 'uncertain', errorCode: 'outcome-unknown' });
			expect(await balance('wallet_plenty')).toBe(before);

			expect(await resolve()).toEqual({ resolved: 1, flagged: 0, stillOpen: 0 });
			expect((await rig.sales.get(sale.id))!.refunds[0]).toMatchObject({ outcome: 'refunded' });
			expect(await balance('wallet_plenty')).toBe(before);
			expect((await refundCalls()).length).toBe(2);
		});

		it('no answer in time and the platform did not act (504): the repeat refunds — once', async () => {
			const before = await balance('wallet_plenty');
			const sale = await creditSale('wallet_plenty');
			await sim.control('POST', '/_sim/faults', {
				path: `/v1/integrations/credit-transactions/${sale.credits!.transactionId}/refund`,
				mode: 'status',
				status: 504
			});
			const result = await refunds.refund(sale.id, confirm(), 'manager');
			expect(result.credits!.outcome).toBe('uncertain');
			expect(await balance('wallet_plenty')).toBeLessThan(before);
			await refunds.settleOpen(sale.id);
			expect((await rig.sales.get(sale.id))!.refunds[0]!.outcome).toBe('refunded');
			expect(await balance('wallet_plenty')).toBe(before);
			// Settled: a later pass repeats nothing.
			await resolve();
			expect((await refundCalls()).length).toBe(2);
		});
	});
});

describe('card refunds on the terminal', () => {
	it('a card-only sale: part of it, then the rest, then nothing more', async () => {
		const sale = await rig.checkout.pay(
			(await rig.checkout.start(rig.deviceId, [{ productId: 'food_bratwurst', quantity: 2 }])).id
		);
		expect(sale).toMatchObject({ state: 'completed', cardPaidMinor: 1000 });
		expect((await refunds.offer(sale)).credits.reason).toBe('no-credits');

		const first = await refunds.refund(sale.id, confirm({ credits: false, cardMinor: 400 }), 'm');
		expect(first.card).toMatchObject({ outcome: 'refunded', amountMinor: 400 });
		expect(await rig.terminal.refundedMinor(sale.payment!.reference)).toBe(400);
		expect((await refunds.offer(first.sale)).card).toMatchObject({
			refundedMinor: 400,
			remainingMinor: 600
		});
		expect(
			await failureOf(refunds.refund(sale.id, confirm({ credits: false, cardMinor: 601 }), 'm'))
		).toBe('card-amount-too-high');

		await refunds.refund(sale.id, confirm({ credits: false, cardMinor: 600 }), 'm');
		expect(await rig.terminal.refunded(sale.payment!.reference)).toBe(true);
		expect(
			await failureOf(refunds.refund(sale.id, confirm({ credits: false, cardMinor: 1 }), 'm'))
		).toBe('fully-refunded');
		expect(await refundCalls()).toEqual([]);
		expect(
			(await rig.journal.list({ operation: JournalOperation.cardRefund })).map((e) => e.status)
		).toEqual(['succeeded', 'succeeded']);
	});
});
