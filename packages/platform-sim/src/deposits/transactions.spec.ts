import { describe, expect, it } from 'vitest';
import { createClock } from '../clock.ts';
import { createDemoState, DEFAULT_SETTINGS, demoApiKey } from '../seed.ts';
import { Simulator } from '../simulator.ts';
import { returnContainers } from './transactions.ts';

const TRANSACTIONS = '/v1/integrations/hybrid-revo-token-transactions';

function call(sim: Simulator, deviceId: string, method: string, url: string, body?: unknown) {
	return sim.handle({
		method,
		url,
		headers: { 'x-api-key': demoApiKey(deviceId) },
		body: body === undefined ? undefined : JSON.stringify(body)
	});
}

function errorCode(reply: { body?: unknown }): string | undefined {
	return (reply.body as { errorModel?: { errorCode?: string } }).errorModel?.errorCode;
}

describe('returnContainers', () => {
	it('returns the earliest-expiring ACTIVE items first and leaves others untouched', () => {
		const state = createDemoState(createClock(), DEFAULT_SETTINGS);
		const transaction = {
			id: 'hrtx_test',
			code: 'C'.repeat(40),
			sequenceNumber: '000001',
			organizationId: 'org_riverside',
			placeId: 'place_main_stage',
			deviceId: 'dev_kiosk_main',
			configVersion: 2,
			createdAt: 0,
			items: [
				{ categoryId: 'cat_cup', status: 'ACTIVE' as const, expiresAt: 300 },
				{ categoryId: 'cat_cup', status: 'ACTIVE' as const, expiresAt: 100 },
				{ categoryId: 'cat_cup', status: 'EXPIRED' as const, expiresAt: 50 },
				{ categoryId: 'cat_pitcher', status: 'ACTIVE' as const, expiresAt: 10 },
				{ categoryId: 'cat_cup', status: 'ACTIVE' as const, expiresAt: 200 }
			]
		};
		state.depositTransactions.push(transaction);
		const results = returnContainers(state, transaction, [
			{ hybridRevoTokenCategoryId: 'cat_cup', quantity: 2 }
		]);
		expect(results).toEqual([
			{
				category: expect.objectContaining({ id: 'cat_cup' }),
				validatedCount: 2,
				remainingItemCount: 1
			}
		]);
		expect(transaction.items.map((item) => item.status)).toEqual([
			'ACTIVE',
			'RETURNED',
			'EXPIRED',
			'ACTIVE',
			'RETURNED'
		]);
	});
});

describe('organizations', () => {
	it('404 HYBRID_REVO_TOKEN_CONFIGURATION_NOT_FOUND for an organization without a configuration', async () => {
		const sim = new Simulator();
		const harbour = sim.state.devices.find((device) => device.id === 'dev_kiosk_harbour');
		harbour?.authorities.push('REVO');
		const configuration = await call(
			sim,
			'dev_kiosk_harbour',
			'GET',
			'/v1/integrations/revo-union-configurations'
		);
		expect(configuration.status).toBe(404);
		expect(errorCode(configuration)).toBe('HYBRID_REVO_TOKEN_CONFIGURATION_NOT_FOUND');
		const created = await call(sim, 'dev_kiosk_harbour', 'POST', TRANSACTIONS, [
			{ productId: 'drink_pils', quantity: 1 }
		]);
		expect(created.status).toBe(404);
		expect(errorCode(created)).toBe('HYBRID_REVO_TOKEN_CONFIGURATION_NOT_FOUND');
		sim.close();
	});

	it('does not find a code of another organization (404, not 403)', async () => {
		const sim = new Simulator();
		sim.state.devices.find((device) => device.id === 'dev_kiosk_harbour')?.authorities.push('REVO');
		const created = await call(sim, 'dev_kiosk_main', 'POST', TRANSACTIONS, [
			{ productId: 'drink_pils', quantity: 1 }
		]);
		expect(created.status).toBe(201);
		const { code } = created.body as { code: string };
		const preview = await call(sim, 'dev_kiosk_harbour', 'GET', `${TRANSACTIONS}/${code}/preview`);
		expect(preview.status).toBe(404);
		expect(errorCode(preview)).toBe('HYBRID_REVO_TOKEN_TRANSACTION_NOT_FOUND');
		sim.close();
	});
});
