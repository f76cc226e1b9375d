/**
 * Platform calls per sale are the spec's minimum (sale-kinds.ts says which and why), counted by
 * the simulator's request log (`GET /_sim/requests`) while the checkout saga runs each kind of
 * sale: nothing more, nothing repeated, nothing fetched per sale that is meant to be cached.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { checkoutRig, type CheckoutRig } from './checkout-rig.ts';
import { useSimulator } from './harness.ts';
import { callOf, runSale, SALE_KINDS } from './sale-kinds.ts';

const sim = useSimulator();
let rig: CheckoutRig;

interface Logged {
	method: string;
	path: string;
	deviceId: string | null;
	status: number;
	dropped: boolean;
}

beforeEach(async () => {
	rig = await checkoutRig({ url: sim.url, apiKey: sim.device('dev_kiosk_main').apiKey });
	// The start-up refresh (identity, deposit configuration) is not part of any sale.
	await sim.control('DELETE', '/_sim/requests');
});

const newKey = async (walletId: string): Promise<string> =>
	(await sim.control('POST', '/_sim/transaction-keys', { walletId })).body.transactionKey;

async function logged(): Promise<Logged[]> {
	return (await sim.control('GET', '/_sim/requests')).body;
}

describe('platform calls per sale', () => {
	it.each(SALE_KINDS)('$name: exactly $calls.length call(s), as the spec needs', async (kind) => {
		const sale = await runSale(rig, kind, newKey);
		expect(sale).toMatchObject({ state: 'completed', problem: null });
		const calls = await logged();
		expect(calls.map(callOf)).toEqual(kind.calls);
		for (const call of calls) {
			expect(call).toMatchObject({ deviceId: 'dev_kiosk_main', dropped: false });
		}
	});

	it('one sale of every kind in a row: no identity or deposit configuration fetch at all', async () => {
		for (const kind of SALE_KINDS) await runSale(rig, kind, newKey);
		const paths = (await logged()).map((call) => call.path);
		expect(paths).toHaveLength(SALE_KINDS.reduce((sum, kind) => sum + kind.calls.length, 0));
		expect(paths).not.toContain('/v1/integrations/me');
		expect(paths).not.toContain('/v1/integrations/revo-union-configurations');
	});

	it('a guest who leaves after the scan: preview and cancel, nothing else', async () => {
		const sale = await rig.checkout.start(rig.deviceId, [{ productId: 'drink_pils', quantity: 1 }]);
		await rig.checkout.scanLoyaltyKey(sale.id, await newKey('wallet_plenty'));
		await rig.checkout.abandon(sale.id);
		expect((await logged()).map(callOf)).toEqual([
			'POST /v3/integrations/credit-transactions/preview 201',
			'POST /v1/integrations/credit-transactions/{id}/cancel 200'
		]);
	});

	it('a declined card after credits: preview and cancel; no finalize, no containers', async () => {
		rig.terminal.fixedOutcome = 'declined';
		const sale = await rig.checkout.start(rig.deviceId, [{ productId: 'drink_pils', quantity: 1 }]);
		await rig.checkout.scanLoyaltyKey(sale.id, await newKey('wallet_few'));
		await expect(rig.checkout.pay(sale.id)).rejects.toMatchObject({ failure: 'card-declined' });
		expect((await logged()).map(callOf)).toEqual([
			'POST /v3/integrations/credit-transactions/preview 201',
			'POST /v1/integrations/credit-transactions/{id}/cancel 200'
		]);
	});
});
