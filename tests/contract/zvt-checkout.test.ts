/**
 * The checkout's card part on a ZVT terminal (docs/zvt.md), through the real checkout against the
 * platform simulator and the project's ZVT terminal double over TCP: approved, declined, the
 * customer's abort, and the connection dropped at each of the double's drop points. Each ends as
 * the terminal booked it — paid or not — with one journal entry of the card payment, and a card
 * is never charged twice: a guest who pays again after a payment that did not go through is
 * charged once.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toMinor } from '@venue-kiosk/vocabulary/money.ts';
import { JournalOperation } from '#lib/server/journal/journal-operation.ts';
import { CheckoutError } from '#lib/server/sales/checkout-error.ts';
import { ZvtTerminal } from '#lib/server/terminal/zvt-terminal.ts';
import { tcpConnector } from '#lib/server/terminal/zvt/zvt-client.ts';
import {
	DROP_POINTS,
	type DropPoint,
	type PaymentScript
} from '@venue-kiosk/device-doubles/zvt/script.ts';
import {
	startZvtSimulator,
	type RunningZvtSimulator
} from '@venue-kiosk/device-doubles/zvt/server.ts';
import { checkoutRig, type CheckoutRig } from './checkout-rig.ts';
import { useSimulator } from './harness.ts';

const sim = useSimulator();
const PILS = [{ productId: 'drink_pils', quantity: 2 }];

let zvt: RunningZvtSimulator;
let terminal: ZvtTerminal;
let rig: CheckoutRig;

beforeEach(async () => {
	zvt = await startZvtSimulator({ port: 0, host: '127.0.0.1', password: '000000' });
	rig = await checkoutRig(
		{ url: sim.url, apiKey: sim.device('dev_kiosk_main').apiKey },
		{
			cardTerminal: (store, deviceId) =>
				(terminal = new ZvtTerminal({
					store,
					deviceId,
					connect: tcpConnector(zvt.host, zvt.port),
					password: '000000',
					currency: { code: 'EUR', numericCode: 978 },
					timeouts: { ackMs: 1_000, resultMs: 3_000 },
					busyRetries: { attempts: 5, delayMs: 50 }
				}))
		}
	);
});
afterEach(async () => {
	terminal.close();
	await zvt.close();
});

/** The payments the terminal booked, by amount. */
const booked = () =>
	zvt.terminal.transactions.filter((t) => t.kind === 'payment').map((t) => t.amountMinor);

async function balance(walletId: string): Promise<number> {
	return toMinor((await sim.control('GET', `/_sim/wallets/${walletId}`)).body.balance, 'EUR');
}

/**
 * A sale paid on the terminal as scripted — card only, or split with a guest's credits
 * (`wallet`): the sale as it ended, or the checkout's failure.
 */
async function cardSale(script?: PaymentScript, drop?: DropPoint, wallet?: string) {
	const sale = await rig.checkout.start(rig.deviceId, PILS);
	if (wallet) {
		const { body } = await sim.control('POST', '/_sim/transaction-keys', { walletId: wallet });
		await rig.checkout.scanLoyaltyKey(sale.id, body.transactionKey);
	}
	if (script) zvt.terminal.scriptNext(script);
	if (drop) zvt.terminal.dropNext(drop);
	try {
		return { sale: await rig.checkout.pay(sale.id), failure: null };
	} catch (error) {
		if (!(error instanceof CheckoutError)) throw error;
		return { sale: (await rig.sales.get(sale.id))!, failure: error.failure };
	}
}

/** The card payment entries of a sale: one per payment asked, settled. */
async function cardEntries(saleId: string) {
	return (await rig.journal.list({ reference: saleId, operation: JournalOperation.cardPayment }))
		.map((entry) => entry.status)
		.sort();
}

describe('a sale’s card part on the ZVT terminal', () => {
	it('approved: paid, its order number, booked once, journaled', async () => {
		const { sale, failure } = await cardSale();
		expect(failure).toBeNull();
		expect(sale.state).toBe('completed');
		expect(sale.orderNumber).not.toBeNull();
		expect(booked()).toEqual([sale.cardPaidMinor]);
		expect(await cardEntries(sale.id)).toEqual(['succeeded']);
	});

	it.each([
		['declined', { result: 'decline', resultCode: 0x05 }],
		['aborted by the customer', { result: 'customer-abort' }]
	] as const)('%s: not paid, nothing booked; paying again charges once', async (_, script) => {
		const first = await cardSale(script);
		expect(first.failure).toBe('card-declined');
		expect(first.sale.orderNumber).toBeNull();
		expect(booked()).toEqual([]);

		const again = await rig.checkout.pay(first.sale.id);
		expect(again.state).toBe('completed');
		expect(booked()).toEqual([again.cardPaidMinor]);
	});

	it.each(DROP_POINTS)(
		'a split sale, the connection dropped %s: settled by the terminal’s record, never charged twice',
		async (drop) => {
			const before = await balance('wallet_few');
			const { sale, failure } = await cardSale(undefined, drop, 'wallet_few');
			// The double books a payment once the ECR acknowledged its status information.
			const wasBooked = drop === 'after-status-acknowledged' || drop === 'before-completion';
			if (wasBooked) {
				expect(failure).toBeNull();
				expect(sale.state).toBe('completed');
				expect(booked()).toEqual([sale.cardPaidMinor]);
				// The credits were deducted once the card part was known to be paid.
				expect(sale.credits?.creditsMinor).toBeGreaterThan(0);
				expect(await balance('wallet_few')).toBe(before - sale.credits!.creditsMinor);
			} else {
				expect(failure).toBe('card-declined');
				expect(sale.orderNumber).toBeNull();
				expect(booked()).toEqual([]);
				// Not charged: the credit preview was cancelled, nothing left the wallet.
				expect(sale.credits).toBeNull();
				expect(await balance('wallet_few')).toBe(before);
				// The guest pays by card alone now: charged once.
				const again = await rig.checkout.pay(sale.id);
				expect(again.state).toBe('completed');
				expect(booked()).toEqual([again.cardPaidMinor]);
			}
			expect(await cardEntries(sale.id)).not.toContain('pending');
		}
	);
});
