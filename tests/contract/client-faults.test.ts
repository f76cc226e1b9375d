/**
 * The client's failure handling against the simulator's fault injection: the retry table
 * (src/lib/server/platform/retry-policies.ts) repeats after an uncertain failure only where the
 * spec makes a call safe to repeat, any other call only after a failure that proves nothing
 * happened (503), and leaves an honest `uncertain` outcome where the platform may have acted
 * without our knowing. Faults with count 2 prove a call was NOT retried: one of them
 * is left over.
 */
import { describe, expect, it } from 'vitest';
import {
	PlatformApiError,
	PlatformNetworkError,
	PlatformTimeoutError
} from '#lib/server/platform/errors.ts';
import { addFault, caught, clientFor, pendingFaults, sleep } from './client-support.ts';
import { balanceOf, freshIdempotencyKey, newKey } from './credits-support.ts';
import { useSimulator } from './harness.ts';

const sim = useSimulator();
const kiosk = () => clientFor(sim, 'dev_kiosk_main');
const TRANSACTIONS = '/v1/integrations/hybrid-revo-token-transactions';

async function creditPreview(walletId = 'wallet_plenty', idempotencyKey = freshIdempotencyKey()) {
	return {
		transactionKey: await newKey(sim, walletId),
		idempotencyKey,
		paymentType: 'SPLIT_PAYMENT' as const,
		currencyCode: 'EUR',
		items: [
			{ productId: 'drink_pils', name: 'Pilsner 0.4 l', quantity: 2, unitPriceMinor: 550, vat: 19 }
		]
	};
}

async function placeApprovable(): Promise<string> {
	const placed = await sim.control('POST', '/_sim/counter-orders', { placeId: 'place_main_stage' });
	await sim.control('POST', `/_sim/counter-orders/${placed.body.id}/confirm-payment`);
	return placed.body.id;
}

describe('reads are retried', () => {
	it('503 ×2 on GET /me → the client succeeds after two retries', async () => {
		await addFault(sim, { path: '/v1/integrations/me', mode: 'status', status: 503, count: 2 });
		const device = await kiosk().identity.getExternalDevice();
		expect(device.id).toBe('dev_kiosk_main');
		expect(await pendingFaults(sim)).toEqual([]);
	});

	it('a delay beyond the timeout on a GET → retried, succeeds', async () => {
		await addFault(sim, {
			path: '/v1/integrations/revo-union-configurations',
			mode: 'delay',
			delayMs: 600
		});
		const configuration = await clientFor(sim, 'dev_kiosk_main', {
			timeoutMs: 200
		}).deposits.getConfiguration();
		expect(configuration.hybridRevoTokenProducts.length).toBeGreaterThan(0);
	});
});

describe('deposits: create and validate are retried only when the platform did not act', () => {
	it('503 ×2 on create → retried: one transaction issued, not three', async () => {
		const client = kiosk();
		const first = await client.deposits.createTransaction([
			{ productId: 'drink_pils', quantity: 1 }
		]);
		await addFault(sim, {
			method: 'POST',
			path: TRANSACTIONS,
			mode: 'status',
			status: 503,
			count: 2
		});
		const second = await client.deposits.createTransaction([
			{ productId: 'drink_pils', quantity: 1 }
		]);
		expect(await pendingFaults(sim)).toEqual([]);
		expect(Number(second.sequenceNumber) - Number(first.sequenceNumber)).toBe(1);
	});

	it('a delayed create → PlatformTimeoutError (uncertain), and the transaction WAS created', async () => {
		const client = clientFor(sim, 'dev_kiosk_main', { timeoutMs: 200 });
		const first = await client.deposits.createTransaction([
			{ productId: 'drink_pils', quantity: 1 }
		]);
		await addFault(sim, {
			method: 'POST',
			path: TRANSACTIONS,
			mode: 'delay',
			delayMs: 600,
			count: 2
		});
		const error = await caught(
			client.deposits.createTransaction([{ productId: 'drink_pils', quantity: 1 }])
		);
		expect(error).toBeInstanceOf(PlatformTimeoutError);
		expect(error.outcome).toBe('uncertain');
		// Not retried: one of the two delay faults is left.
		expect(await pendingFaults(sim)).toEqual([
			expect.objectContaining({ path: TRANSACTIONS, count: 1 })
		]);
		await sim.control('DELETE', '/_sim/faults');
		await sleep(700);
		const third = await client.deposits.createTransaction([
			{ productId: 'drink_pils', quantity: 1 }
		]);
		expect(Number(third.sequenceNumber) - Number(first.sequenceNumber)).toBe(2);
	});

	it('a dropped validate → uncertain network error, not retried, and the items WERE returned', async () => {
		const { code } = await kiosk().deposits.createTransaction([
			{ productId: 'drink_pils', quantity: 3 }
		]);
		const path = `${TRANSACTIONS}/${code}/validate`;
		await addFault(sim, { path, mode: 'drop', count: 2 });
		const error = await caught(
			clientFor(sim, 'dev_return_main').deposits.validateTransaction(code, [
				{ hybridRevoTokenCategoryId: 'cat_cup', quantity: 2 }
			])
		);
		expect(error).toBeInstanceOf(PlatformNetworkError);
		expect(error.outcome).toBe('uncertain');
		expect(await pendingFaults(sim)).toEqual([expect.objectContaining({ path, count: 1 })]);
		const items = (await sim.control('GET', `/_sim/deposit-transactions/${code}`)).body.items;
		expect(items.map((item: { status: string }) => item.status).sort()).toEqual([
			'ACTIVE',
			'RETURNED',
			'RETURNED'
		]);
		// The caller resolves the lost validate with a fresh preview.
		await sim.control('DELETE', '/_sim/faults');
		const preview = await kiosk().deposits.previewTransaction(code);
		expect(preview[0]?.activeItemCount).toBe(1);
	});
});

describe('credits: preview, finalize and cancel are retried safely', () => {
	it('a 500 on finalize → retried, succeeds, the wallet is deducted exactly once', async () => {
		const client = kiosk();
		const before = await balanceOf(sim, 'wallet_plenty');
		const transaction = await client.credits.preview(await creditPreview());
		await addFault(sim, {
			path: `/v3/integrations/credit-transactions/${transaction.transactionId}/finalize`,
			mode: 'status',
			status: 500
		});
		await client.credits.finalize(transaction.transactionId);
		expect(await pendingFaults(sim)).toEqual([]);
		expect(await balanceOf(sim, 'wallet_plenty')).toBe(before - 9.9);
	});

	it('a dropped finalize → retried, succeeds, the wallet is deducted exactly once', async () => {
		const client = kiosk();
		const before = await balanceOf(sim, 'wallet_plenty');
		const transaction = await client.credits.preview(await creditPreview());
		await addFault(sim, {
			path: `/v3/integrations/credit-transactions/${transaction.transactionId}/finalize`,
			mode: 'drop'
		});
		await client.credits.finalize(transaction.transactionId);
		expect(await pendingFaults(sim)).toEqual([]);
		expect(transaction.totalCreditsMinor).toBe(990);
		expect(await balanceOf(sim, 'wallet_plenty')).toBe(before - 9.9);
	});

	it('a dropped preview → retried with the same idempotency key: one transaction, not two', async () => {
		const client = kiosk();
		const request = await creditPreview();
		await addFault(sim, { path: '/v3/integrations/credit-transactions/preview', mode: 'drop' });
		const transaction = await client.credits.preview(request);
		expect(await pendingFaults(sim)).toEqual([]);
		// A scan of the same checkout again answers the same transaction.
		expect((await client.credits.preview(request)).transactionId).toBe(transaction.transactionId);
		expect(transaction.transactionId).toBe('ctx_000001');
	});

	it('a dropped cancel → retried; nothing deducted', async () => {
		const client = kiosk();
		const before = await balanceOf(sim, 'wallet_plenty');
		const transaction = await client.credits.preview(await creditPreview());
		await addFault(sim, { path: '/v1/integrations/credit-transactions/*/cancel', mode: 'drop' });
		await client.credits.cancel(transaction.transactionId);
		expect(await pendingFaults(sim)).toEqual([]);
		expect(await balanceOf(sim, 'wallet_plenty')).toBe(before);
	});

	it('a dropped update is not retried (it adds items): uncertain', async () => {
		const client = kiosk();
		const transaction = await client.credits.preview(await creditPreview());
		await addFault(sim, {
			path: '/v1/integrations/credit-transactions/*/update',
			mode: 'drop',
			count: 2
		});
		const error = await caught(
			client.credits.update(transaction.transactionId, {
				currencyCode: 'EUR',
				newItems: [
					{ productId: null, name: 'Service fee', quantity: 1, unitPriceMinor: 50, vat: 19 }
				]
			})
		);
		expect(error).toMatchObject({ kind: 'network', outcome: 'uncertain' });
		expect(await pendingFaults(sim)).toEqual([expect.objectContaining({ count: 1 })]);
	});
});

describe('counter orders: status updates and payment reports retry only when not applied', () => {
	const STATUS = '/v1/integrations/counter-orders/*/status';

	it('503 ×2 on PUT …/status → success after two retries', async () => {
		const id = await placeApprovable();
		await addFault(sim, { method: 'PUT', path: STATUS, mode: 'status', status: 503, count: 2 });
		const order = await clientFor(sim, 'dev_board_main').counterOrders.updateStatus(id, {
			status: 'APPROVED'
		});
		expect(order.status).toBe('APPROVED');
		expect(await pendingFaults(sim)).toEqual([]);
	});

	it('400 on PUT …/status → no retry', async () => {
		const id = await placeApprovable();
		await addFault(sim, { method: 'PUT', path: STATUS, mode: 'status', status: 400, count: 2 });
		const error = await caught(
			clientFor(sim, 'dev_board_main').counterOrders.updateStatus(id, { status: 'APPROVED' })
		);
		expect(error).toBeInstanceOf(PlatformApiError);
		expect(error).toMatchObject({ status: 400, outcome: 'known' });
		expect(await pendingFaults(sim)).toEqual([expect.objectContaining({ count: 1 })]);
	});

	it('a dropped status update is not retried (not idempotent): uncertain', async () => {
		const id = await placeApprovable();
		await addFault(sim, { method: 'PUT', path: STATUS, mode: 'drop', count: 2 });
		const error = await caught(
			clientFor(sim, 'dev_board_main').counterOrders.updateStatus(id, { status: 'APPROVED' })
		);
		expect(error).toMatchObject({ kind: 'network', outcome: 'uncertain' });
		expect(await pendingFaults(sim)).toEqual([expect.objectContaining({ count: 1 })]);
		// The caller re-reads the order: the update took effect.
		await sim.control('DELETE', '/_sim/faults');
		expect((await clientFor(sim, 'dev_board_main').counterOrders.getOrder(id)).status).toBe(
			'APPROVED'
		);
	});

	it('503 on finalize-external-payment → retried; a 503 on desks → retried', async () => {
		const id = await placeApprovable();
		await addFault(sim, {
			path: '/v1/integrations/counter-orders/*/finalize-external-payment',
			mode: 'status',
			status: 503
		});
		await addFault(sim, { path: '/v1/integrations/desks/status', mode: 'drop' });
		const client = clientFor(sim, 'dev_board_main');
		expect((await client.counterOrders.finalizeExternalPayment(id)).transactionStatus).toBe(
			'PAID_EXTERNALLY'
		);
		expect(
			(
				await client.counterOrders.changeDeskStatuses({
					deskIds: ['desk_main_table_2'],
					enabled: true
				})
			)[0]?.enabled
		).toBe(true);
		expect(await pendingFaults(sim)).toEqual([]);
	});
});
