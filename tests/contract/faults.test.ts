/**
 * Fault injection (`/_sim/faults`): the simulator's way to make a platform call fail, hang, or
 * succeed with its answer lost — the failure paths every client must survive.
 */
import { describe, expect, it } from 'vitest';
import { useSimulator } from './harness.ts';

const sim = useSimulator();
const me = '/v1/integrations/me';

describe('fault injection', () => {
	it('status: answers the given status with an envelope, then the call works again (count 1)', async () => {
		await sim.control('POST', '/_sim/faults', { path: me, mode: 'status', status: 503 });
		const failed = await sim.call('dev_kiosk_main', 'GET', me);
		expect(failed.status).toBe(503);
		expect(failed.body.errorModel.errorCode).toBe('SERVICE_UNAVAILABLE');
		expect((await sim.call('dev_kiosk_main', 'GET', me)).status).toBe(200);
	});

	it('count: affects exactly that many matching calls', async () => {
		await sim.control('POST', '/_sim/faults', { path: me, mode: 'status', status: 500, count: 3 });
		const statuses = [];
		for (let i = 0; i < 4; i += 1)
			statuses.push((await sim.call('dev_kiosk_main', 'GET', me)).status);
		expect(statuses).toEqual([500, 500, 500, 200]);
	});

	it('method and * wildcard: only matching calls are affected', async () => {
		await sim.control('POST', '/_sim/faults', {
			method: 'put',
			path: '/v1/integrations/counter-orders/*/status',
			mode: 'status',
			status: 503
		});
		const get = await sim.call('dev_board_main', 'GET', '/v1/integrations/counter-orders/unknown');
		expect(get.status).toBe(404);
		const put = await sim.call(
			'dev_board_main',
			'PUT',
			'/v1/integrations/counter-orders/unknown/status',
			{
				body: { status: 'APPROVED' }
			}
		);
		expect(put.status).toBe(503);
	});

	it('delay: the answer comes after the delay; a client that gave up earlier still had the call take effect', async () => {
		await sim.control('POST', '/_sim/faults', { path: me, mode: 'delay', delayMs: 300 });
		const started = performance.now();
		const result = await sim.call('dev_kiosk_main', 'GET', me);
		expect(result.status).toBe(200);
		expect(performance.now() - started).toBeGreaterThanOrEqual(290);
	});

	it('drop: the connection closes with no response', async () => {
		await sim.control('POST', '/_sim/faults', { path: me, mode: 'drop' });
		await expect(sim.call('dev_kiosk_main', 'GET', me)).rejects.toThrow();
		expect((await sim.call('dev_kiosk_main', 'GET', me)).status).toBe(200);
	});

	it('GET lists pending faults; DELETE clears them; reset clears them too', async () => {
		await sim.control('POST', '/_sim/faults', { path: me, mode: 'status', status: 502, count: 5 });
		expect((await sim.control('GET', '/_sim/faults')).body).toEqual([
			{ path: me, mode: 'status', status: 502, count: 5 }
		]);
		expect((await sim.control('DELETE', '/_sim/faults')).status).toBe(204);
		expect((await sim.call('dev_kiosk_main', 'GET', me)).status).toBe(200);
		await sim.control('POST', '/_sim/faults', { path: me, mode: 'status', status: 502 });
		await sim.control('POST', '/_sim/reset');
		expect((await sim.call('dev_kiosk_main', 'GET', me)).status).toBe(200);
	});
});

describe('a status fault with a spec error code', () => {
	it('answers that code: the platform refuses a call it would otherwise accept', async () => {
		await sim.control('POST', '/_sim/faults', {
			path: me,
			mode: 'status',
			status: 400,
			errorCode: 'COULD_NOT_MAP_BIG_DECIMAL_TO_VAT_ENUM_VALUE'
		});
		const refused = await sim.call('dev_kiosk_main', 'GET', me);
		expect(refused.status).toBe(400);
		expect(refused.body.errorModel.errorCode).toBe('COULD_NOT_MAP_BIG_DECIMAL_TO_VAT_ENUM_VALUE');
		expect((await sim.call('dev_kiosk_main', 'GET', me)).status).toBe(200);
	});

	it.each([
		{ path: me, mode: 'drop', errorCode: 'INSUFFICIENT_CREDIT' },
		{ path: me, mode: 'status', status: 400, errorCode: 'not upper snake' }
	])('refuses $errorCode with mode $mode', async (fault) => {
		const result = await sim.control('POST', '/_sim/faults', fault);
		expect(result.status).toBe(400);
		expect((await sim.control('GET', '/_sim/faults')).body).toEqual([]);
	});
});

describe('request log', () => {
	it('lists the platform calls since the reset: method, path, device, status; no control calls', async () => {
		await sim.control('POST', '/_sim/faults', { path: me, mode: 'drop' });
		await expect(sim.call('dev_kiosk_main', 'GET', me)).rejects.toThrow();
		await sim.call('dev_board_main', 'GET', `${me}?page=1`);
		await sim.call(null, 'GET', '/v1/integrations/revo-union-configurations');
		await sim.call('dev_kiosk_main', 'POST', '/v1/integrations/hybrid-revo-token-transactions', {
			rawBody: '{not json'
		});
		await sim.control('GET', '/_sim/seed');
		const log = (await sim.control('GET', '/_sim/requests')).body;
		for (const entry of log) expect(entry.at).toMatch(/^\d{4}-.*Z$/);
		expect(log).toEqual([
			{
				method: 'GET',
				path: me,
				deviceId: 'dev_kiosk_main',
				status: 200,
				dropped: true,
				at: expect.any(String)
			},
			{
				method: 'GET',
				path: me,
				deviceId: 'dev_board_main',
				status: 200,
				dropped: false,
				at: expect.any(String)
			},
			{
				method: 'GET',
				path: '/v1/integrations/revo-union-configurations',
				deviceId: null,
				status: 401,
				dropped: false,
				at: expect.any(String)
			},
			{
				method: 'POST',
				path: '/v1/integrations/hybrid-revo-token-transactions',
				deviceId: 'dev_kiosk_main',
				status: 400,
				dropped: false,
				at: expect.any(String)
			}
		]);
		expect(JSON.stringify(log)).not.toContain(sim.device('dev_kiosk_main').apiKey);
	});

	it('DELETE clears it, and so does a reset', async () => {
		await sim.call('dev_kiosk_main', 'GET', me);
		expect((await sim.control('DELETE', '/_sim/requests')).status).toBe(204);
		expect((await sim.control('GET', '/_sim/requests')).body).toEqual([]);
		await sim.call('dev_kiosk_main', 'GET', me);
		expect((await sim.control('GET', '/_sim/requests')).body).toHaveLength(1);
		await sim.control('POST', '/_sim/reset');
		expect((await sim.control('GET', '/_sim/requests')).body).toEqual([]);
	});
});

describe('reset', () => {
	it('drops console changes: callback URLs and settings are as at start', async () => {
		await sim.control('PUT', '/_sim/callback-url', { url: 'http://127.0.0.1:9/hook' });
		await sim.control('PUT', '/_sim/settings', { previewTtlMinutes: 1 });
		await sim.control('POST', '/_sim/reset');
		expect((await sim.control('PUT', '/_sim/settings', {})).body).toEqual({
			transactionKeyTtlMinutes: 5,
			previewTtlMinutes: 15,
			callbackBaseDelayMs: 1000,
			callbackMaxAttempts: 8
		});
		expect(
			(await sim.control('PUT', '/_sim/callback-url', { url: null, deviceId: 'none' })).body
		).toEqual({});
	});
});
