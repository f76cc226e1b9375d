/**
 * Contract tests of the desk endpoints of spec 2: GET /v1/integrations/me/desks and
 * PUT /v1/integrations/desks/status, and what a disabled desk means for orders.
 */
import { describe, expect, it } from 'vitest';
import { errorCodeOf, useSimulator, type HttpResult } from './harness.ts';

const sim = useSimulator();

const BOARD = 'dev_board_main';
const DESKS = '/v1/integrations/me/desks';
const STATUS = '/v1/integrations/desks/status';

const MAIN_DESKS = [
	{ id: 'desk_main_counter', name: 'Bar counter', type: 'COUNTER', enabled: true },
	{ id: 'desk_main_table_1', name: 'Table 1', type: 'TABLE', enabled: true },
	{ id: 'desk_main_table_2', name: 'Table 2', type: 'TABLE', enabled: false }
];

function setDesks(body: unknown, deviceId = BOARD): Promise<HttpResult> {
	return sim.call(deviceId, 'PUT', STATUS, { body });
}

async function desks(deviceId = BOARD): Promise<any[]> {
	const result = await sim.call(deviceId, 'GET', DESKS);
	expect(result.status).toBe(200);
	return result.body;
}

function placeAt(deskId?: string): Promise<HttpResult> {
	return sim.control('POST', '/_sim/counter-orders', {
		placeId: 'place_main_stage',
		...(deskId && { deskId })
	});
}

function expectError(
	result: HttpResult,
	status: number,
	errorCode: string,
	descriptors?: string[]
) {
	expect(result.status, JSON.stringify(result.body)).toBe(status);
	expect(result.body).toEqual({
		errorModel: {
			errorCode,
			message: expect.any(String),
			descriptors: descriptors ?? expect.any(Array)
		}
	});
}

describe('spec 2 · GET /v1/integrations/me/desks (getDesksForIntegration)', () => {
	it('"all desks of the key with current enabled state": the main stage has three, one disabled', async () => {
		expect(await desks()).toEqual(MAIN_DESKS);
	});

	it('the garden board sees only the garden desks', async () => {
		expect(await desks('dev_board_garden')).toEqual([
			{ id: 'desk_garden_counter', name: 'Food counter', type: 'COUNTER', enabled: true },
			{ id: 'desk_garden_table_1', name: 'Garden table 1', type: 'TABLE', enabled: true }
		]);
	});
});

describe('spec 2 · PUT /v1/integrations/desks/status (changeDeskStatusesByIntegration)', () => {
	it('"false suspends it": disabling one desk answers the updated desk; the list and /me agree', async () => {
		const result = await setDesks({ deskIds: ['desk_main_counter'], enabled: false });
		expect(result.status).toBe(200);
		expect(result.body).toEqual([{ ...MAIN_DESKS[0], enabled: false }]);
		expect((await desks())[0].enabled).toBe(false);
		const me = await sim.call(BOARD, 'GET', '/v1/integrations/me');
		expect(me.body.relatedDesks[0]).toEqual({ ...MAIN_DESKS[0], enabled: false });
	});

	it('"true allows ordering": several desks at once, answered in the order named', async () => {
		const result = await setDesks({
			deskIds: ['desk_main_table_2', 'desk_main_counter'],
			enabled: true
		});
		expect(result.status).toBe(200);
		expect(result.body).toEqual([
			{ ...MAIN_DESKS[2], enabled: true },
			{ ...MAIN_DESKS[0], enabled: true }
		]);
		expect((await desks()).every((desk) => desk.enabled)).toBe(true);
	});

	it('closing time: all desks off, then all on again', async () => {
		const ids = MAIN_DESKS.map((desk) => desk.id);
		expect((await setDesks({ deskIds: ids, enabled: false })).status).toBe(200);
		expect((await desks()).map((desk) => desk.enabled)).toEqual([false, false, false]);
		expect((await setDesks({ deskIds: ids, enabled: true })).status).toBe(200);
		expect((await desks()).map((desk) => desk.enabled)).toEqual([true, true, true]);
	});

	it('setting a desk to the state it has is fine (200, unchanged)', async () => {
		const result = await setDesks({ deskIds: ['desk_main_table_2'], enabled: false });
		expect(result.status).toBe(200);
		expect(result.body).toEqual([MAIN_DESKS[2]]);
	});

	it.each([
		[
			'duplicate ids ("unique")',
			{ deskIds: ['desk_main_counter', 'desk_main_counter'], enabled: false }
		],
		['no ids ("at least one")', { deskIds: [], enabled: false }],
		['missing deskIds', { enabled: false }],
		['missing enabled', { deskIds: ['desk_main_counter'] }],
		['enabled not a boolean', { deskIds: ['desk_main_counter'], enabled: 'false' }],
		['an empty id', { deskIds: [''], enabled: false }],
		['ids not strings', { deskIds: [1], enabled: false }],
		['no body', undefined]
	])(
		'%s → 400 VALIDATION_FAILED and nothing changes (spec 2 Limits: "deskIds: unique, at least one")',
		async (_, body) => {
			expectError(await setDesks(body), 400, 'VALIDATION_FAILED');
			expect(await desks()).toEqual(MAIN_DESKS);
		}
	);

	it('an unknown id → 404 DESK_NOT_FOUND naming it; the known ids of the same call stay unchanged (all or nothing)', async () => {
		const result = await setDesks({
			deskIds: ['desk_main_counter', 'desk_nowhere'],
			enabled: false
		});
		expectError(result, 404, 'DESK_NOT_FOUND', ['desk_nowhere']);
		expect(await desks()).toEqual(MAIN_DESKS);
	});

	it('a desk of another place → 403 DEVICE_CANNOT_ACCESS_DESK (spec 2 "Key without access to the … desk"); nothing changes', async () => {
		const result = await setDesks({
			deskIds: ['desk_main_counter', 'desk_garden_counter'],
			enabled: false
		});
		expectError(result, 403, 'DEVICE_CANNOT_ACCESS_DESK', ['desk_garden_counter']);
		expect(await desks()).toEqual(MAIN_DESKS);
		expect((await desks('dev_board_garden'))[0].enabled).toBe(true);
	});

	it('404 is checked before 403 when a call names both an unknown and a foreign desk', async () => {
		const result = await setDesks({
			deskIds: ['desk_garden_counter', 'desk_nowhere'],
			enabled: false
		});
		expect(errorCodeOf(result)).toBe('DESK_NOT_FOUND');
	});
});

describe('spec 2 · "Disabling a desk suspends new orders there; orders already placed are unaffected"', () => {
	it('a new order at a disabled desk → 400 DESK_DISABLED; after enabling, it is accepted', async () => {
		await setDesks({ deskIds: ['desk_main_table_1'], enabled: false });
		expectError(await placeAt('desk_main_table_1'), 400, 'DESK_DISABLED', ['desk_main_table_1']);
		expect((await sim.control('GET', '/_sim/counter-orders')).body).toEqual([]);
		await setDesks({ deskIds: ['desk_main_table_1'], enabled: true });
		const placed = await placeAt('desk_main_table_1');
		expect(placed.status).toBe(201);
		expect(placed.body.desk).toEqual({ ...MAIN_DESKS[1], enabled: true });
	});

	it('the seed desk Table 2 is disabled: no orders there', async () => {
		expect(errorCodeOf(await placeAt('desk_main_table_2'))).toBe('DESK_DISABLED');
	});

	it('an order placed before the desk closed goes through its whole life; its desk shows enabled: false', async () => {
		const placed = await placeAt('desk_main_counter');
		expect(placed.status).toBe(201);
		const id = placed.body.id;
		await setDesks({ deskIds: ['desk_main_counter'], enabled: false });
		const confirmed = await sim.control('POST', `/_sim/counter-orders/${id}/confirm-payment`);
		expect(confirmed.status).toBe(200);
		for (const status of ['APPROVED', 'DONE', 'COMPLETED']) {
			const result = await sim.call(BOARD, 'PUT', `/v1/integrations/counter-orders/${id}/status`, {
				body: { status }
			});
			expect(result.status).toBe(200);
			expect(result.body.status).toBe(status);
		}
		const order = await sim.call(BOARD, 'GET', `/v1/integrations/counter-orders/${id}`);
		expect(order.body.desk).toEqual({ ...MAIN_DESKS[0], enabled: false });
	});

	it('with the counter closed, an order without a desk goes to the first open desk; with all closed it is refused', async () => {
		await setDesks({ deskIds: ['desk_main_counter'], enabled: false });
		const placed = await placeAt();
		expect(placed.body.desk.id).toBe('desk_main_table_1');
		await setDesks({ deskIds: ['desk_main_table_1'], enabled: false });
		expectError(await placeAt(), 400, 'DESK_DISABLED', ['place_main_stage']);
	});
});
