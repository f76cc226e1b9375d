/**
 * Spec 1 container deposits over HTTP: configuration, issue, preview, validate, the item state
 * table and business rules 1–5. Error codes, authentication and faults: deposits-errors.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { toMinor } from '@venue-kiosk/vocabulary/money.ts';
import { errorCodeOf, useSimulator, type HttpResult } from './harness.ts';

const sim = useSimulator();

const CONFIGURATION = '/v1/integrations/revo-union-configurations';
const TRANSACTIONS = '/v1/integrations/hybrid-revo-token-transactions';
const HOUR_MS = 3_600_000;

const CUP = {
	id: 'cat_cup',
	expirationHours: 48,
	depositGross: 2,
	currencyCode: 'EUR',
	revoTokenCategory: {
		id: 'cat_cup',
		name: 'Reusable cup 0.4 l',
		currencyCode: 'EUR',
		description: 'Festival cup, rinse and return'
	}
};
const PITCHER = {
	id: 'cat_pitcher',
	expirationHours: 12,
	depositGross: 5,
	currencyCode: 'EUR',
	revoTokenCategory: { id: 'cat_pitcher', name: 'Pitcher 1.5 l', currencyCode: 'EUR' }
};
const PLATE = {
	id: 'cat_plate',
	expirationHours: 24,
	depositGross: 3,
	currencyCode: 'EUR',
	revoTokenCategory: {
		id: 'cat_plate',
		name: 'Reusable plate',
		currencyCode: 'EUR',
		description: 'Enamel plate'
	}
};

type Line = { productId: string; quantity: number };
type ReturnLine = { hybridRevoTokenCategoryId: string; quantity: number };

async function issue(deviceId: string, lines: Line[]) {
	const result = await sim.call(deviceId, 'POST', TRANSACTIONS, { body: lines });
	expect(result.status).toBe(201);
	return result.body;
}

function preview(deviceId: string, code: string) {
	return sim.call(deviceId, 'GET', `${TRANSACTIONS}/${code}/preview`);
}

function validate(deviceId: string, code: string, lines: ReturnLine[]) {
	return sim.call(deviceId, 'POST', `${TRANSACTIONS}/${code}/validate`, { body: lines });
}

/** Active count per category id, from a preview. */
async function activeCounts(deviceId: string, code: string): Promise<Record<string, number>> {
	const result = await preview(deviceId, code);
	expect(result.status).toBe(200);
	return Object.fromEntries(
		result.body.map((entry: { category: { id: string }; activeItemCount: number }) => [
			entry.category.id,
			entry.activeItemCount
		])
	);
}

async function itemStatuses(code: string): Promise<string[]> {
	const result = await sim.control('GET', `/_sim/deposit-transactions/${code}`);
	expect(result.status).toBe(200);
	return result.body.items.map(
		(item: { categoryId: string; status: string }) => `${item.categoryId}:${item.status}`
	);
}

/** Simulated time moves forward; the expiry checks that fell due run (spec 1, States). */
async function advanceMinutes(minutes: number): Promise<number> {
	const result = await sim.control('POST', '/_sim/clock', { advanceMinutes: minutes });
	expect(result.status).toBe(200);
	return Date.parse(result.body.now);
}

function cents(amount: number): number {
	return toMinor(amount, 'EUR');
}

function refundCents(result: HttpResult): number {
	return result.body.reduce(
		(sum: number, entry: { validatedCount: number; category: { depositGross: number } }) =>
			sum + entry.validatedCount * cents(entry.category.depositGross),
		0
	);
}

describe('spec 1 · GET /v1/integrations/revo-union-configurations', () => {
	it('returns the current version: hybrid products with their categories, token products (spec 1 "Configuration")', async () => {
		const result = await sim.call('dev_kiosk_main', 'GET', CONFIGURATION);
		expect(result.status).toBe(200);
		expect(Object.keys(result.body).sort()).toEqual([
			'hybridRevoTokenProducts',
			'revoTokenProducts'
		]);
		expect(result.body.hybridRevoTokenProducts).toEqual([
			{ id: 'map_pils', productId: 'drink_pils', hybridCategory: CUP },
			{ id: 'map_wheat', productId: 'drink_wheat', hybridCategory: CUP },
			{ id: 'map_lemonade', productId: 'drink_lemonade', hybridCategory: CUP },
			{ id: 'map_water', productId: 'drink_water', hybridCategory: CUP },
			{ id: 'map_spritz', productId: 'drink_spritz', hybridCategory: CUP },
			{ id: 'map_pitcher', productId: 'drink_pitcher', hybridCategory: PITCHER },
			{ id: 'map_fries', productId: 'food_fries', hybridCategory: PLATE }
		]);
		expect(result.body.revoTokenProducts).toEqual([
			{
				id: 'tok_cup_borrow',
				action: 'BORROW',
				productId: 'token_cup_borrow',
				category: CUP.revoTokenCategory
			},
			{
				id: 'tok_cup_return',
				action: 'RETURN',
				productId: 'token_cup_return',
				category: CUP.revoTokenCategory
			}
		]);
	});

	it('leaves the optional description out when the category has none (spec 1 "description optional")', async () => {
		const { body } = await sim.call('dev_kiosk_main', 'GET', CONFIGURATION);
		const pitcher = body.hybridRevoTokenProducts.find(
			(entry: { productId: string }) => entry.productId === 'drink_pitcher'
		);
		expect(pitcher.hybridCategory.revoTokenCategory).not.toHaveProperty('description');
	});

	it('rule 1: one configuration per organization — devices of both places see the same one', async () => {
		const main = await sim.call('dev_return_main', 'GET', CONFIGURATION);
		const garden = await sim.call('dev_kiosk_garden', 'GET', CONFIGURATION);
		expect(garden.status).toBe(200);
		expect(garden.body).toEqual(main.body);
		await sim.control('PUT', '/_sim/deposit-configuration', {
			products: [{ productId: 'drink_pils', categoryId: 'cat_cup' }]
		});
		const after = await sim.call('dev_kiosk_garden', 'GET', CONFIGURATION);
		expect(
			after.body.hybridRevoTokenProducts.map((p: { productId: string }) => p.productId)
		).toEqual(['drink_pils']);
	});

	it('400 HYBRID_REVO_TOKEN_CONFIGURATION_NOT_ENABLED when disabled; 200 again, same version, when re-enabled (spec 1 GET configuration)', async () => {
		const before = await sim.call('dev_kiosk_main', 'GET', CONFIGURATION);
		const off = await sim.control('PUT', '/_sim/deposit-configuration', { enabled: false });
		expect(off.body).toMatchObject({ enabled: false, version: 2 });
		const disabled = await sim.call('dev_kiosk_main', 'GET', CONFIGURATION);
		expect(disabled.status).toBe(400);
		expect(disabled.body).toEqual({
			errorModel: {
				errorCode: 'HYBRID_REVO_TOKEN_CONFIGURATION_NOT_ENABLED',
				message: expect.any(String),
				descriptors: []
			}
		});
		const on = await sim.control('PUT', '/_sim/deposit-configuration', { enabled: true });
		expect(on.body).toMatchObject({ enabled: true, version: 2 });
		const enabled = await sim.call('dev_kiosk_main', 'GET', CONFIGURATION);
		expect(enabled.status).toBe(200);
		expect(enabled.body).toEqual(before.body);
	});
});

describe('spec 1 · POST /v1/integrations/hybrid-revo-token-transactions', () => {
	it('spec 1 States "(issued) → ACTIVE": 201 with code, sequenceNumber, one summary per category, expiresAt = createdAt + expirationHours', async () => {
		const now = Date.parse((await sim.control('GET', '/_sim/clock')).body.now);
		const body = await issue('dev_kiosk_main', [
			{ productId: 'drink_pils', quantity: 2 },
			{ productId: 'drink_pitcher', quantity: 1 },
			{ productId: 'drink_wheat', quantity: 1 }
		]);
		expect(Object.keys(body).sort()).toEqual([
			'categorySummaries',
			'code',
			'createdAt',
			'id',
			'sequenceNumber'
		]);
		expect(body.id).toEqual(expect.any(String));
		expect(body.code).toMatch(/^[0-9A-HJ-NP-Z]{40}$/);
		expect(body.sequenceNumber).toBe('000001');
		const createdAt = Date.parse(body.createdAt);
		expect(createdAt).toBeGreaterThanOrEqual(now);
		expect(createdAt - now).toBeLessThan(60_000);
		expect(body.categorySummaries).toEqual([
			{
				hybridRevoTokenCategory: CUP,
				activeItemCount: 3,
				expiresAt: new Date(createdAt + 48 * HOUR_MS).toISOString()
			},
			{
				hybridRevoTokenCategory: PITCHER,
				activeItemCount: 1,
				expiresAt: new Date(createdAt + 12 * HOUR_MS).toISOString()
			}
		]);
		expect(await itemStatuses(body.code)).toEqual([
			'cat_cup:ACTIVE',
			'cat_cup:ACTIVE',
			'cat_pitcher:ACTIVE',
			'cat_cup:ACTIVE'
		]);
	});

	it('deposit due = Σ containers × depositGross: 3 cups × 2.00 + 1 pitcher × 5.00 = 11.00 EUR (spec 1 create "Deposit due")', async () => {
		const body = await issue('dev_kiosk_main', [
			{ productId: 'drink_pils', quantity: 2 },
			{ productId: 'drink_lemonade', quantity: 1 },
			{ productId: 'drink_pitcher', quantity: 1 }
		]);
		const due = body.categorySummaries.reduce(
			(
				sum: number,
				summary: { activeItemCount: number; hybridRevoTokenCategory: { depositGross: number } }
			) => sum + summary.activeItemCount * cents(summary.hybridRevoTokenCategory.depositGross),
			0
		);
		expect(due).toBe(1100);
	});

	it('adds up repeated productIds and products of one category into one summary', async () => {
		const body = await issue('dev_kiosk_main', [
			{ productId: 'drink_pils', quantity: 1 },
			{ productId: 'drink_water', quantity: 1 },
			{ productId: 'drink_pils', quantity: 2 }
		]);
		expect(body.categorySummaries).toHaveLength(1);
		expect(body.categorySummaries[0]).toMatchObject({
			hybridRevoTokenCategory: CUP,
			activeItemCount: 4
		});
	});

	it('issues plates for fries at the garden: 2 × 3.00, 24 h window', async () => {
		const body = await issue('dev_kiosk_garden', [{ productId: 'food_fries', quantity: 2 }]);
		const createdAt = Date.parse(body.createdAt);
		expect(body.categorySummaries).toEqual([
			{
				hybridRevoTokenCategory: PLATE,
				activeItemCount: 2,
				expiresAt: new Date(createdAt + 24 * HOUR_MS).toISOString()
			}
		]);
		const record = await sim.control('GET', `/_sim/deposit-transactions/${body.code}`);
		expect(record.body).toMatchObject({ placeId: 'place_garden', configVersion: 2 });
	});

	it('numbers transactions per organization across places and devices: 000001, 000002, 000003', async () => {
		const line = [{ productId: 'drink_pils', quantity: 1 }];
		const first = await issue('dev_kiosk_main', line);
		const second = await issue('dev_kiosk_garden', line);
		const third = await issue('dev_return_main', line);
		expect([first.sequenceNumber, second.sequenceNumber, third.sequenceNumber]).toEqual([
			'000001',
			'000002',
			'000003'
		]);
		expect(new Set([first.id, second.id, third.id]).size).toBe(3);
	});

	it('gives every transaction a different 40-character code (spec 1 Limits "Transaction code length: 40")', async () => {
		const codes: string[] = [];
		for (let index = 0; index < 25; index += 1) {
			const body = await issue('dev_kiosk_main', [{ productId: 'drink_water', quantity: 1 }]);
			codes.push(body.code);
		}
		for (const code of codes) expect(code).toMatch(/^[0-9A-HJ-NP-Z]{40}$/);
		expect(new Set(codes).size).toBe(25);
	});
});

describe('spec 1 · preview', () => {
	it('shows one entry per category with active items and the category figures (spec 1 preview)', async () => {
		const { code } = await issue('dev_kiosk_main', [
			{ productId: 'drink_pitcher', quantity: 2 },
			{ productId: 'drink_spritz', quantity: 1 }
		]);
		const result = await preview('dev_kiosk_main', code);
		expect(result.status).toBe(200);
		expect(result.body).toEqual([
			{ category: PITCHER, activeItemCount: 2 },
			{ category: CUP, activeItemCount: 1 }
		]);
	});

	it('rule 5: another REVO device of the same place previews and returns, not only the issuer', async () => {
		const { code } = await issue('dev_kiosk_main', [{ productId: 'drink_pils', quantity: 2 }]);
		expect(await activeCounts('dev_return_main', code)).toEqual({ cat_cup: 2 });
		const result = await validate('dev_return_main', code, [
			{ hybridRevoTokenCategoryId: 'cat_cup', quantity: 2 }
		]);
		expect(result.status).toBe(200);
		expect(await activeCounts('dev_kiosk_main', code)).toEqual({ cat_cup: 0 });
	});

	it('rule 3: a device of another place gets 403 DEVICE_CANNOT_ACCESS on preview and validate, and nothing changes', async () => {
		const { code } = await issue('dev_kiosk_main', [{ productId: 'drink_pils', quantity: 2 }]);
		for (const deviceId of ['dev_return_garden', 'dev_kiosk_garden']) {
			const seen = await preview(deviceId, code);
			expect(seen.status).toBe(403);
			expect(seen.body).toEqual({
				errorModel: {
					errorCode: 'DEVICE_CANNOT_ACCESS_HYBRID_REVO_TOKEN_TRANSACTION',
					message: expect.any(String),
					descriptors: ['place_main_stage']
				}
			});
			const returned = await validate(deviceId, code, [
				{ hybridRevoTokenCategoryId: 'cat_cup', quantity: 1 }
			]);
			expect(returned.status).toBe(403);
			expect(errorCodeOf(returned)).toBe('DEVICE_CANNOT_ACCESS_HYBRID_REVO_TOKEN_TRANSACTION');
		}
		expect(await itemStatuses(code)).toEqual(['cat_cup:ACTIVE', 'cat_cup:ACTIVE']);
	});
});

describe('spec 1 · validate (return containers)', () => {
	it('spec 1 States "ACTIVE → RETURNED": refund = validatedCount × depositGross (2 × 2.00 + 1 × 5.00 = 9.00)', async () => {
		const { code } = await issue('dev_kiosk_main', [
			{ productId: 'drink_pils', quantity: 3 },
			{ productId: 'drink_pitcher', quantity: 1 }
		]);
		const result = await validate('dev_return_main', code, [
			{ hybridRevoTokenCategoryId: 'cat_cup', quantity: 2 },
			{ hybridRevoTokenCategoryId: 'cat_pitcher', quantity: 1 }
		]);
		expect(result.status).toBe(200);
		expect(result.body).toEqual([
			{ category: CUP, validatedCount: 2, remainingItemCount: 1 },
			{ category: PITCHER, validatedCount: 1, remainingItemCount: 0 }
		]);
		expect(refundCents(result)).toBe(900);
		expect(await itemStatuses(code)).toEqual([
			'cat_cup:RETURNED',
			'cat_cup:RETURNED',
			'cat_cup:ACTIVE',
			'cat_pitcher:RETURNED'
		]);
	});

	it('keeps a fully returned category in the preview with activeItemCount 0', async () => {
		const { code } = await issue('dev_kiosk_main', [
			{ productId: 'drink_pils', quantity: 1 },
			{ productId: 'drink_pitcher', quantity: 1 }
		]);
		await validate('dev_kiosk_main', code, [
			{ hybridRevoTokenCategoryId: 'cat_pitcher', quantity: 1 }
		]);
		const result = await preview('dev_kiosk_main', code);
		expect(result.body).toEqual([
			{ category: CUP, activeItemCount: 1 },
			{ category: PITCHER, activeItemCount: 0 }
		]);
	});

	it('rule 4: partial returns, then the rest, then nothing is left (refunds 2.00, 4.00)', async () => {
		const { code } = await issue('dev_kiosk_main', [{ productId: 'drink_wheat', quantity: 3 }]);
		const first = await validate('dev_return_main', code, [
			{ hybridRevoTokenCategoryId: 'cat_cup', quantity: 1 }
		]);
		expect(first.body).toEqual([{ category: CUP, validatedCount: 1, remainingItemCount: 2 }]);
		expect(refundCents(first)).toBe(200);
		expect(await activeCounts('dev_return_main', code)).toEqual({ cat_cup: 2 });

		const rest = await validate('dev_kiosk_main', code, [
			{ hybridRevoTokenCategoryId: 'cat_cup', quantity: 2 }
		]);
		expect(rest.body).toEqual([{ category: CUP, validatedCount: 2, remainingItemCount: 0 }]);
		expect(refundCents(rest)).toBe(400);

		const again = await validate('dev_return_main', code, [
			{ hybridRevoTokenCategoryId: 'cat_cup', quantity: 1 }
		]);
		expect(again.status).toBe(400);
		expect(again.body.errorModel).toEqual({
			errorCode: 'HYBRID_REVO_TOKEN_TRANSACTION_NOT_ENOUGH_ACTIVE_ITEMS',
			message: expect.any(String),
			descriptors: ['cat_cup', '1', '0']
		});
		expect(await itemStatuses(code)).toEqual([
			'cat_cup:RETURNED',
			'cat_cup:RETURNED',
			'cat_cup:RETURNED'
		]);
	});

	it('answers in request order', async () => {
		const { code } = await issue('dev_kiosk_main', [
			{ productId: 'drink_pils', quantity: 1 },
			{ productId: 'drink_pitcher', quantity: 1 }
		]);
		const result = await validate('dev_kiosk_main', code, [
			{ hybridRevoTokenCategoryId: 'cat_pitcher', quantity: 1 },
			{ hybridRevoTokenCategoryId: 'cat_cup', quantity: 1 }
		]);
		expect(result.body.map((entry: { category: { id: string } }) => entry.category.id)).toEqual([
			'cat_pitcher',
			'cat_cup'
		]);
	});
});

describe('spec 1 · States: ACTIVE → EXPIRED by the 5-minute check', () => {
	it('expires only at the first 5-minute check after expiresAt; then NOT_ENOUGH_ACTIVE_ITEMS, and a fresh preview shows the new counts (recovery rule 3)', async () => {
		// One minute in, so the transaction is created between two checks.
		await advanceMinutes(1);
		const { code, categorySummaries } = await issue('dev_kiosk_main', [
			{ productId: 'drink_pitcher', quantity: 1 },
			{ productId: 'drink_pils', quantity: 2 }
		]);
		const pitcherExpiresAt = Date.parse(categorySummaries[0].expiresAt);

		const justBefore = await advanceMinutes(12 * 60 - 1);
		expect(justBefore).toBeLessThan(pitcherExpiresAt);
		expect(await activeCounts('dev_return_main', code)).toEqual({ cat_pitcher: 1, cat_cup: 2 });

		// Past expiresAt, but the next check has not run yet: still ACTIVE.
		const pastExpiry = await advanceMinutes(2);
		expect(pastExpiry).toBeGreaterThan(pitcherExpiresAt);
		expect(await activeCounts('dev_return_main', code)).toEqual({ cat_pitcher: 1, cat_cup: 2 });

		// The check at the next 5-minute mark moves it to EXPIRED.
		await advanceMinutes(3);
		expect(await itemStatuses(code)).toEqual([
			'cat_pitcher:EXPIRED',
			'cat_cup:ACTIVE',
			'cat_cup:ACTIVE'
		]);
		const refused = await validate('dev_return_main', code, [
			{ hybridRevoTokenCategoryId: 'cat_cup', quantity: 2 },
			{ hybridRevoTokenCategoryId: 'cat_pitcher', quantity: 1 }
		]);
		expect(refused.status).toBe(400);
		expect(refused.body.errorModel).toMatchObject({
			errorCode: 'HYBRID_REVO_TOKEN_TRANSACTION_NOT_ENOUGH_ACTIVE_ITEMS',
			descriptors: ['cat_pitcher', '1', '0']
		});

		// Recovery rule 3: preview again, show the new counts, retry with the adjusted quantity.
		const fresh = await preview('dev_return_main', code);
		expect(fresh.body).toEqual([
			{ category: PITCHER, activeItemCount: 0 },
			{ category: CUP, activeItemCount: 2 }
		]);
		const retried = await validate('dev_return_main', code, [
			{ hybridRevoTokenCategoryId: 'cat_cup', quantity: 2 }
		]);
		expect(retried.status).toBe(200);
		expect(refundCents(retried)).toBe(400);
	});

	it('expires without any return attempt; RETURNED items stay RETURNED (the deposit of the rest is forfeited)', async () => {
		await advanceMinutes(1);
		const { code } = await issue('dev_kiosk_main', [{ productId: 'drink_pils', quantity: 3 }]);
		await validate('dev_kiosk_main', code, [{ hybridRevoTokenCategoryId: 'cat_cup', quantity: 1 }]);
		await advanceMinutes(48 * 60 - 2);
		expect(await itemStatuses(code)).toEqual([
			'cat_cup:RETURNED',
			'cat_cup:ACTIVE',
			'cat_cup:ACTIVE'
		]);
		await advanceMinutes(10);
		expect(await itemStatuses(code)).toEqual([
			'cat_cup:RETURNED',
			'cat_cup:EXPIRED',
			'cat_cup:EXPIRED'
		]);
		expect(await activeCounts('dev_kiosk_main', code)).toEqual({ cat_cup: 0 });
	});
});

describe('spec 1 · rule 2 and Versioning: a configuration change creates a new version', () => {
	it('old transactions keep their version and stay returnable; a product dropped from the new version fails NOT_IN_CURRENT_VERSION', async () => {
		const old = await issue('dev_kiosk_main', [
			{ productId: 'drink_pitcher', quantity: 1 },
			{ productId: 'drink_pils', quantity: 1 }
		]);
		const changed = await sim.control('PUT', '/_sim/deposit-configuration', {
			products: [
				{ productId: 'drink_pils', categoryId: 'cat_cup' },
				{ productId: 'drink_coffee', categoryId: 'cat_cup' }
			]
		});
		expect(changed.status).toBe(200);
		expect(changed.body).toEqual({
			organizationId: 'org_riverside',
			enabled: true,
			version: 3,
			products: [
				{ productId: 'drink_pils', categoryId: 'cat_cup' },
				{ productId: 'drink_coffee', categoryId: 'cat_cup' }
			]
		});

		const configuration = await sim.call('dev_kiosk_main', 'GET', CONFIGURATION);
		expect(
			configuration.body.hybridRevoTokenProducts.map((p: { productId: string }) => p.productId)
		).toEqual(['drink_pils', 'drink_coffee']);

		const dropped = await sim.call('dev_kiosk_main', 'POST', TRANSACTIONS, {
			body: [{ productId: 'drink_pitcher', quantity: 1 }]
		});
		expect(dropped.status).toBe(400);
		expect(dropped.body.errorModel).toEqual({
			errorCode: 'HYBRID_REVO_TOKEN_PRODUCT_NOT_IN_CURRENT_VERSION',
			message: expect.any(String),
			descriptors: ['drink_pitcher']
		});
		const added = await issue('dev_kiosk_main', [{ productId: 'drink_coffee', quantity: 1 }]);
		expect(added.categorySummaries[0].hybridRevoTokenCategory).toEqual(CUP);

		expect((await preview('dev_return_main', old.code)).body).toEqual([
			{ category: PITCHER, activeItemCount: 1 },
			{ category: CUP, activeItemCount: 1 }
		]);
		const returned = await validate('dev_return_main', old.code, [
			{ hybridRevoTokenCategoryId: 'cat_pitcher', quantity: 1 }
		]);
		expect(returned.status).toBe(200);
		expect(refundCents(returned)).toBe(500);

		const oldRecord = await sim.control('GET', `/_sim/deposit-transactions/${old.code}`);
		const newRecord = await sim.control('GET', `/_sim/deposit-transactions/${added.code}`);
		expect(oldRecord.body.configVersion).toBe(2);
		expect(newRecord.body.configVersion).toBe(3);
	});

	it('a change of category figures makes a new version; old transactions refund the old deposit (rule 2)', async () => {
		const old = await issue('dev_kiosk_main', [{ productId: 'drink_pils', quantity: 2 }]);
		const changed = await sim.control('PUT', '/_sim/deposit-configuration', {
			categories: [{ id: 'cat_cup', depositGross: 2.5, expirationHours: 24 }]
		});
		expect(changed.status).toBe(200);
		expect(changed.body.version).toBe(3);
		expect(changed.body.products).toHaveLength(7);

		const fresh = await issue('dev_kiosk_main', [{ productId: 'drink_pils', quantity: 1 }]);
		expect(fresh.categorySummaries[0].hybridRevoTokenCategory).toEqual({
			...CUP,
			depositGross: 2.5,
			expirationHours: 24
		});
		expect(Date.parse(fresh.categorySummaries[0].expiresAt) - Date.parse(fresh.createdAt)).toBe(
			24 * HOUR_MS
		);

		const oldReturn = await validate('dev_return_main', old.code, [
			{ hybridRevoTokenCategoryId: 'cat_cup', quantity: 2 }
		]);
		expect(oldReturn.body).toEqual([{ category: CUP, validatedCount: 2, remainingItemCount: 0 }]);
		expect(refundCents(oldReturn)).toBe(400);
		const freshReturn = await validate('dev_return_main', fresh.code, [
			{ hybridRevoTokenCategoryId: 'cat_cup', quantity: 1 }
		]);
		expect(refundCents(freshReturn)).toBe(250);
	});

	it('transactions stay valid when the configuration is disabled later, while issuing stops', async () => {
		const { code } = await issue('dev_kiosk_main', [{ productId: 'drink_pils', quantity: 2 }]);
		await sim.control('PUT', '/_sim/deposit-configuration', { enabled: false });

		const refused = await sim.call('dev_kiosk_main', 'POST', TRANSACTIONS, {
			body: [{ productId: 'drink_pils', quantity: 1 }]
		});
		expect(refused.status).toBe(400);
		expect(errorCodeOf(refused)).toBe('HYBRID_REVO_TOKEN_CONFIGURATION_NOT_ENABLED');

		expect(await activeCounts('dev_return_main', code)).toEqual({ cat_cup: 2 });
		const returned = await validate('dev_return_main', code, [
			{ hybridRevoTokenCategoryId: 'cat_cup', quantity: 2 }
		]);
		expect(returned.status).toBe(200);
		expect(returned.body).toEqual([{ category: CUP, validatedCount: 2, remainingItemCount: 0 }]);
	});
});

describe('control API · deposits', () => {
	it('PUT /_sim/deposit-configuration refuses unknown products and categories with VALIDATION_FAILED and changes nothing', async () => {
		for (const products of [
			[{ productId: 'drink_unknown', categoryId: 'cat_cup' }],
			[{ productId: 'drink_pils', categoryId: 'cat_bowl' }],
			[
				{ productId: 'drink_pils', categoryId: 'cat_cup' },
				{ productId: 'drink_pils', categoryId: 'cat_plate' }
			]
		]) {
			const result = await sim.control('PUT', '/_sim/deposit-configuration', { products });
			expect(result.status).toBe(400);
			expect(errorCodeOf(result)).toBe('VALIDATION_FAILED');
		}
		const unchanged = await sim.control('PUT', '/_sim/deposit-configuration', {});
		expect(unchanged.body).toMatchObject({ enabled: true, version: 2 });
		expect(unchanged.body.products).toHaveLength(7);
	});

	it('PUT /_sim/deposit-configuration answers 404 for an organization without a configuration', async () => {
		const result = await sim.control('PUT', '/_sim/deposit-configuration', {
			organizationId: 'org_harbour',
			enabled: true
		});
		expect(result.status).toBe(404);
	});

	it('spec 1 rule 1 / Errors: a second configuration for an organization → 400 HYBRID_REVO_TOKEN_CONFIGURATION_ALREADY_EXISTS', async () => {
		const second = await sim.control('POST', '/_sim/deposit-configurations', {
			organizationId: 'org_riverside'
		});
		expect(second.status).toBe(400);
		expect(errorCodeOf(second)).toBe('HYBRID_REVO_TOKEN_CONFIGURATION_ALREADY_EXISTS');

		const first = await sim.control('POST', '/_sim/deposit-configurations', {
			organizationId: 'org_harbour'
		});
		expect(first.status).toBe(201);
		expect(first.body).toEqual({
			organizationId: 'org_harbour',
			enabled: true,
			version: 1,
			products: []
		});
	});

	it('spec 1 Endpoints: the configuration fetch and create answer 404 when the organization has none (recovery rule 1: skip issuing)', async () => {
		expect((await sim.control('DELETE', '/_sim/deposit-configurations/org_riverside')).status).toBe(
			204
		);
		const fetched = await sim.call('dev_kiosk_main', 'GET', CONFIGURATION);
		expect(fetched.status).toBe(404);
		expect(errorCodeOf(fetched)).toBe('HYBRID_REVO_TOKEN_CONFIGURATION_NOT_FOUND');
		const created = await sim.call('dev_kiosk_main', 'POST', TRANSACTIONS, {
			body: [{ productId: 'drink_pils', quantity: 1 }]
		});
		expect(created.status).toBe(404);
		expect((await sim.control('DELETE', '/_sim/deposit-configurations/org_riverside')).status).toBe(
			404
		);
	});

	it('GET /_sim/deposit-transactions/{code} answers 404 for an unknown code', async () => {
		const result = await sim.control('GET', '/_sim/deposit-transactions/NOPE');
		expect(result.status).toBe(404);
	});
});
