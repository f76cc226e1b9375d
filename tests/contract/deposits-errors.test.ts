/**
 * Spec 1 container deposits: authentication, the error table, request validation and
 * lost responses (fault mode `drop`).
 */
import { describe, expect, it } from 'vitest';
import { errorCodeOf, useSimulator } from './harness.ts';

const sim = useSimulator();

const CONFIGURATION = '/v1/integrations/revo-union-configurations';
const TRANSACTIONS = '/v1/integrations/hybrid-revo-token-transactions';
const UNKNOWN_CODE = 'Z'.repeat(40);

async function issue(deviceId: string, lines: { productId: string; quantity: number }[]) {
	const result = await sim.call(deviceId, 'POST', TRANSACTIONS, { body: lines });
	expect(result.status).toBe(201);
	return result.body;
}

function create(deviceId: string, body: unknown) {
	return sim.call(deviceId, 'POST', TRANSACTIONS, { body });
}

function validate(deviceId: string, code: string, body: unknown) {
	return sim.call(deviceId, 'POST', `${TRANSACTIONS}/${code}/validate`, { body });
}

async function activeCups(deviceId: string, code: string): Promise<number> {
	const result = await sim.call(deviceId, 'GET', `${TRANSACTIONS}/${code}/preview`);
	expect(result.status).toBe(200);
	return result.body.find((entry: { category: { id: string } }) => entry.category.id === 'cat_cup')
		.activeItemCount;
}

/** The sequence number the next successful transaction gets: proves what was (not) created. */
async function nextSequenceNumber(): Promise<string> {
	const body = await issue('dev_kiosk_main', [{ productId: 'drink_water', quantity: 1 }]);
	return body.sequenceNumber;
}

function expectError(
	result: { status: number; body: unknown },
	status: number,
	errorCode: string,
	descriptors: string[]
) {
	expect(result.status).toBe(status);
	expect(result.body).toEqual({
		errorModel: { errorCode, message: expect.any(String), descriptors }
	});
}

/** Every deposit endpoint, with a body it would accept. */
const ENDPOINTS: [string, string, unknown][] = [
	['GET', CONFIGURATION, undefined],
	['POST', TRANSACTIONS, [{ productId: 'drink_pils', quantity: 1 }]],
	['GET', `${TRANSACTIONS}/${UNKNOWN_CODE}/preview`, undefined],
	[
		'POST',
		`${TRANSACTIONS}/${UNKNOWN_CODE}/validate`,
		[{ hybridRevoTokenCategoryId: 'cat_cup', quantity: 1 }]
	]
];

describe('spec 1 Authentication', () => {
	it.each(ENDPOINTS)(
		'%s %s: 401 UNAUTHORIZED with descriptors [] for a missing, unknown or disabled key (spec 1 Authentication 2)',
		async (method, path, body) => {
			const missing = await sim.call(null, method, path, { body });
			const unknown = await sim.call(null, method, path, {
				body,
				headers: { 'X-API-Key': 'not.a-real.key' }
			});
			const disabled = await sim.call('dev_retired_main', method, path, { body });
			for (const result of [missing, unknown, disabled]) {
				expectError(result, 401, 'UNAUTHORIZED', []);
			}
		}
	);

	it.each(ENDPOINTS)(
		'%s %s: 403 EXTERNAL_DEVICE_HAS_NO_RIGHT_AUTHORITY without REVO (spec 1 Authentication 4)',
		async (method, path, body) => {
			for (const deviceId of ['dev_board_main', 'dev_info_main']) {
				const result = await sim.call(deviceId, method, path, { body });
				expectError(result, 403, 'EXTERNAL_DEVICE_HAS_NO_RIGHT_AUTHORITY', ['REVO']);
			}
		}
	);

	it('a refused create issues nothing', async () => {
		await create('dev_board_main', [{ productId: 'drink_pils', quantity: 1 }]);
		await sim.call(null, 'POST', TRANSACTIONS, {
			body: [{ productId: 'drink_pils', quantity: 1 }]
		});
		expect(await nextSequenceNumber()).toBe('000001');
	});
});

describe('spec 1 Errors · create', () => {
	it('400 HYBRID_REVO_TOKEN_TRANSACTION_EMPTY_ITEMS for an empty array', async () => {
		expectError(
			await create('dev_kiosk_main', []),
			400,
			'HYBRID_REVO_TOKEN_TRANSACTION_EMPTY_ITEMS',
			[]
		);
	});

	it('400 HYBRID_REVO_TOKEN_CONFIGURATION_NOT_ENABLED when the configuration is disabled, before any item check', async () => {
		await sim.control('PUT', '/_sim/deposit-configuration', { enabled: false });
		for (const body of [[], [{ productId: 'drink_unknown', quantity: 1 }]]) {
			expectError(
				await create('dev_kiosk_main', body),
				400,
				'HYBRID_REVO_TOKEN_CONFIGURATION_NOT_ENABLED',
				[]
			);
		}
	});

	it('404 HYBRID_REVO_TOKEN_EXTERNAL_PRODUCT_NOT_FOUND for a product id unknown to the system; nothing issued (all-or-nothing)', async () => {
		const result = await create('dev_kiosk_main', [
			{ productId: 'drink_pils', quantity: 1 },
			{ productId: 'drink_unknown', quantity: 1 }
		]);
		expectError(result, 404, 'HYBRID_REVO_TOKEN_EXTERNAL_PRODUCT_NOT_FOUND', ['drink_unknown']);
		expect(await nextSequenceNumber()).toBe('000001');
	});

	it('400 HYBRID_REVO_TOKEN_PRODUCT_NOT_IN_CURRENT_VERSION for drink_punch (mapped only in version 1) and for an unmapped product; nothing issued', async () => {
		const punch = await create('dev_kiosk_main', [
			{ productId: 'drink_pils', quantity: 2 },
			{ productId: 'drink_punch', quantity: 1 }
		]);
		expectError(punch, 400, 'HYBRID_REVO_TOKEN_PRODUCT_NOT_IN_CURRENT_VERSION', ['drink_punch']);
		const coffee = await create('dev_kiosk_main', [{ productId: 'drink_coffee', quantity: 1 }]);
		expectError(coffee, 400, 'HYBRID_REVO_TOKEN_PRODUCT_NOT_IN_CURRENT_VERSION', ['drink_coffee']);
		expect(await nextSequenceNumber()).toBe('000001');
	});

	it('403 HYBRID_REVO_TOKEN_PRODUCT_NOT_IN_DEVICE_PLACE: fries at the main stage, a pitcher in the garden; nothing issued', async () => {
		const fries = await create('dev_kiosk_main', [
			{ productId: 'drink_pils', quantity: 1 },
			{ productId: 'food_fries', quantity: 1 }
		]);
		expectError(fries, 403, 'HYBRID_REVO_TOKEN_PRODUCT_NOT_IN_DEVICE_PLACE', ['food_fries']);
		const pitcher = await create('dev_kiosk_garden', [{ productId: 'drink_pitcher', quantity: 1 }]);
		expectError(pitcher, 403, 'HYBRID_REVO_TOKEN_PRODUCT_NOT_IN_DEVICE_PLACE', ['drink_pitcher']);
		expect(await nextSequenceNumber()).toBe('000001');
	});

	it('reports the first offending item in request order', async () => {
		const result = await create('dev_kiosk_main', [
			{ productId: 'food_fries', quantity: 1 },
			{ productId: 'drink_unknown', quantity: 1 }
		]);
		expectError(result, 403, 'HYBRID_REVO_TOKEN_PRODUCT_NOT_IN_DEVICE_PLACE', ['food_fries']);
	});

	it.each([
		['an object instead of an array', { productId: 'drink_pils', quantity: 1 }],
		['no body', undefined],
		['quantity 0', [{ productId: 'drink_pils', quantity: 0 }]],
		['a negative quantity', [{ productId: 'drink_pils', quantity: -1 }]],
		['a fractional quantity', [{ productId: 'drink_pils', quantity: 1.5 }]],
		['a quantity as text', [{ productId: 'drink_pils', quantity: '2' }]],
		['a quantity beyond int32', [{ productId: 'drink_pils', quantity: 2_147_483_648 }]],
		['a missing productId', [{ quantity: 1 }]],
		['a numeric productId', [{ productId: 7, quantity: 1 }]],
		['more than 10 000 containers', [{ productId: 'drink_pils', quantity: 10_001 }]]
	])(
		'400 VALIDATION_FAILED for %s; nothing issued (spec 1 create "a JSON array (not an object)")',
		async (_, body) => {
			const result = await create('dev_kiosk_main', body);
			expect(result.status).toBe(400);
			expect(errorCodeOf(result)).toBe('VALIDATION_FAILED');
			expect(result.body.errorModel.descriptors.length).toBeGreaterThan(0);
			expect(await nextSequenceNumber()).toBe('000001');
		}
	);
});

describe('spec 1 Errors · preview and validate', () => {
	it.each([
		['40 characters', UNKNOWN_CODE],
		['a short code', 'ABC123'],
		['a 41-character code', 'A'.repeat(41)]
	])('404 HYBRID_REVO_TOKEN_TRANSACTION_NOT_FOUND for an unknown code (%s)', async (_, code) => {
		const seen = await sim.call('dev_return_main', 'GET', `${TRANSACTIONS}/${code}/preview`);
		expectError(seen, 404, 'HYBRID_REVO_TOKEN_TRANSACTION_NOT_FOUND', []);
		const returned = await validate('dev_return_main', code, [
			{ hybridRevoTokenCategoryId: 'cat_cup', quantity: 1 }
		]);
		expectError(returned, 404, 'HYBRID_REVO_TOKEN_TRANSACTION_NOT_FOUND', []);
	});

	it('403 DEVICE_CANNOT_ACCESS_HYBRID_REVO_TOKEN_TRANSACTION for dev_return_garden on a main-stage code', async () => {
		const { code } = await issue('dev_kiosk_main', [{ productId: 'drink_pils', quantity: 1 }]);
		const seen = await sim.call('dev_return_garden', 'GET', `${TRANSACTIONS}/${code}/preview`);
		expectError(seen, 403, 'DEVICE_CANNOT_ACCESS_HYBRID_REVO_TOKEN_TRANSACTION', [
			'place_main_stage'
		]);
	});

	it('400 DUPLICATE_CATEGORY_ID_IN_HYBRID_REVO_TOKEN_TRANSACTION when a category id repeats; nothing returned', async () => {
		const { code } = await issue('dev_kiosk_main', [{ productId: 'drink_pils', quantity: 3 }]);
		const result = await validate('dev_return_main', code, [
			{ hybridRevoTokenCategoryId: 'cat_cup', quantity: 1 },
			{ hybridRevoTokenCategoryId: 'cat_cup', quantity: 1 }
		]);
		expectError(result, 400, 'DUPLICATE_CATEGORY_ID_IN_HYBRID_REVO_TOKEN_TRANSACTION', ['cat_cup']);
		expect(await activeCups('dev_return_main', code)).toBe(3);
	});

	it('400 HYBRID_REVO_TOKEN_TRANSACTION_NOT_ENOUGH_ACTIVE_ITEMS above the active count; all-or-nothing', async () => {
		const { code } = await issue('dev_kiosk_main', [
			{ productId: 'drink_pils', quantity: 3 },
			{ productId: 'drink_pitcher', quantity: 1 }
		]);
		const result = await validate('dev_return_main', code, [
			{ hybridRevoTokenCategoryId: 'cat_cup', quantity: 3 },
			{ hybridRevoTokenCategoryId: 'cat_pitcher', quantity: 2 }
		]);
		expectError(result, 400, 'HYBRID_REVO_TOKEN_TRANSACTION_NOT_ENOUGH_ACTIVE_ITEMS', [
			'cat_pitcher',
			'2',
			'1'
		]);
		expect(await activeCups('dev_return_main', code)).toBe(3);
	});

	it('counts a category that is not on the transaction as 0 active (NOT_ENOUGH_ACTIVE_ITEMS)', async () => {
		const { code } = await issue('dev_kiosk_main', [{ productId: 'drink_pils', quantity: 1 }]);
		for (const categoryId of ['cat_plate', 'cat_unknown']) {
			const result = await validate('dev_return_main', code, [
				{ hybridRevoTokenCategoryId: categoryId, quantity: 1 }
			]);
			expectError(result, 400, 'HYBRID_REVO_TOKEN_TRANSACTION_NOT_ENOUGH_ACTIVE_ITEMS', [
				categoryId,
				'1',
				'0'
			]);
		}
	});

	it('400 HYBRID_REVO_TOKEN_TRANSACTION_EMPTY_ITEMS for an empty validate array', async () => {
		const { code } = await issue('dev_kiosk_main', [{ productId: 'drink_pils', quantity: 1 }]);
		expectError(
			await validate('dev_return_main', code, []),
			400,
			'HYBRID_REVO_TOKEN_TRANSACTION_EMPTY_ITEMS',
			[]
		);
	});

	it.each([
		['an object instead of an array', { hybridRevoTokenCategoryId: 'cat_cup', quantity: 1 }],
		['no body', undefined],
		['quantity 0 (spec 1 "minimum 1")', [{ hybridRevoTokenCategoryId: 'cat_cup', quantity: 0 }]],
		['a fractional quantity', [{ hybridRevoTokenCategoryId: 'cat_cup', quantity: 0.5 }]],
		['a missing category id', [{ quantity: 1 }]],
		['the create field names', [{ productId: 'drink_pils', quantity: 1 }]]
	])('400 VALIDATION_FAILED on validate for %s; nothing returned', async (_, body) => {
		const { code } = await issue('dev_kiosk_main', [{ productId: 'drink_pils', quantity: 2 }]);
		const result = await validate('dev_return_main', code, body);
		expect(result.status).toBe(400);
		expect(errorCodeOf(result)).toBe('VALIDATION_FAILED');
		expect(await activeCups('dev_return_main', code)).toBe(2);
	});
});

describe('lost responses (fault mode drop): the call takes effect, the caller hears nothing', () => {
	it('a dropped validate still returns the containers: a fresh preview before any retry shows it', async () => {
		const { code } = await issue('dev_kiosk_main', [{ productId: 'drink_pils', quantity: 3 }]);
		await sim.control('POST', '/_sim/faults', {
			method: 'POST',
			path: `${TRANSACTIONS}/*/validate`,
			mode: 'drop'
		});
		await expect(
			validate('dev_return_main', code, [{ hybridRevoTokenCategoryId: 'cat_cup', quantity: 2 }])
		).rejects.toThrow();
		expect(await activeCups('dev_return_main', code)).toBe(1);
		// A blind retry of the same request would now be refused.
		const blind = await validate('dev_return_main', code, [
			{ hybridRevoTokenCategoryId: 'cat_cup', quantity: 2 }
		]);
		expectError(blind, 400, 'HYBRID_REVO_TOKEN_TRANSACTION_NOT_ENOUGH_ACTIVE_ITEMS', [
			'cat_cup',
			'2',
			'1'
		]);
	});

	it('a dropped create still issues a transaction: the next sequence number advances by 2', async () => {
		const first = await issue('dev_kiosk_main', [{ productId: 'drink_pils', quantity: 1 }]);
		await sim.control('POST', '/_sim/faults', { method: 'POST', path: TRANSACTIONS, mode: 'drop' });
		await expect(
			create('dev_kiosk_main', [{ productId: 'drink_pils', quantity: 1 }])
		).rejects.toThrow();
		const third = await issue('dev_kiosk_main', [{ productId: 'drink_pils', quantity: 1 }]);
		expect(first.sequenceNumber).toBe('000001');
		expect(third.sequenceNumber).toBe('000003');
	});
});
