/**
 * GET /metrics as Prometheus scrapes it (docs/server.md, Monitoring): the route handler over the
 * server context it wires, against the simulator as the platform. Without METRICS_TOKEN or
 * METRICS_ALLOW the endpoint does not exist; with a token only its bearer reads it; a sale moves
 * the sales counter and the platform calls' histogram; no key, token or secret is in the text.
 */
import { describe, expect, it } from 'vitest';
import { POST as scanKey } from '../../src/routes/api/kiosk/sales/[id]/loyalty/+server.ts';
import { POST as pay } from '../../src/routes/api/kiosk/sales/[id]/pay/+server.ts';
import { POST as startSale } from '../../src/routes/api/kiosk/sales/+server.ts';
import { GET as metrics } from '../../src/routes/metrics/+server.ts';
import { useSimulator } from './harness.ts';
import { callAsKiosk as call, KIOSK_SECRET, useKioskServers } from './kiosk-server.ts';

const sim = useSimulator();
const openKioskServer = useKioskServers(sim);
/** A production kiosk server as `env` adds to it, with the demo menu and a kiosk paired. */
const kioskServer = (env: Record<string, string> = {}) =>
	openKioskServer({ env: { PLATFORM_BASE_URL: sim.url, ...env } });
const METRICS_TOKEN = 'metrics-token-0123456789abcdef0123456789';
const PILS_AND_PRETZEL = [
	{ productId: 'drink_pils', quantity: 2 },
	{ productId: 'food_pretzel', quantity: 1 }
];

/** A scrape from `address`, with `authorization` if given. */
async function scrape({
	authorization,
	address = '127.0.0.1'
}: { authorization?: string; address?: string } = {}) {
	const event = {
		request: new Request('http://kiosk.test/metrics', {
			headers: authorization ? { authorization } : {}
		}),
		getClientAddress: () => address
	} as never;
	try {
		const response = await metrics(event);
		return {
			status: response.status,
			type: response.headers.get('content-type'),
			text: await response.text()
		};
	} catch (thrown) {
		// SvelteKit's error(): the status it answers with.
		return { status: (thrown as { status: number }).status, type: null, text: '' };
	}
}

/** The sum of a metric's samples whose labels include `labels`. */
function sampleSum(text: string, name: string, labels: Record<string, string> = {}): number {
	let sum = 0;
	for (const line of text.split('\n')) {
		const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
		if (!match || match[1] !== name) continue;
		const pairs = Object.fromEntries(
			[...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map(([, key, value]) => [key, value])
		);
		if (Object.entries(labels).every(([key, value]) => pairs[key] === value))
			sum += Number(match[3]);
	}
	return sum;
}

describe('GET /metrics', () => {
	it('does not exist without METRICS_TOKEN or METRICS_ALLOW, whatever the request brings', async () => {
		await kioskServer();
		expect(await scrape()).toMatchObject({ status: 404 });
		expect(await scrape({ authorization: `Bearer ${METRICS_TOKEN}` })).toMatchObject({
			status: 404
		});
	});

	it('with a token, answers only its bearer: 401 without or with a wrong one', async () => {
		await kioskServer({ METRICS_TOKEN });
		expect(await scrape()).toMatchObject({ status: 401 });
		expect(await scrape({ authorization: `Bearer ${METRICS_TOKEN}0` })).toMatchObject({
			status: 401
		});
		expect(await scrape({ authorization: `Bearer ${METRICS_TOKEN}` })).toMatchObject({
			status: 200,
			type: expect.stringMatching(/^text\/plain; version=0\.0\.4/)
		});
	});

	it('with addresses, answers only them: 403 from elsewhere', async () => {
		await kioskServer({ METRICS_ALLOW: '10.0.0.0/8' });
		expect(await scrape({ address: '192.0.2.1' })).toMatchObject({ status: 403 });
		expect(await scrape({ address: '10.9.8.7' })).toMatchObject({ status: 200 });
	});

	it('names every metric with its type; a sale moves the sales counter and the platform calls; no secret in it', async () => {
		const { deviceId } = await kioskServer({ METRICS_TOKEN });
		const read = async () => (await scrape({ authorization: `Bearer ${METRICS_TOKEN}` })).text;
		const before = await read();
		for (const [name, type] of [
			['kiosk_sales_total', 'counter'],
			['kiosk_platform_calls_total', 'counter'],
			['kiosk_platform_call_duration_seconds', 'histogram'],
			['kiosk_store_commit_seconds', 'histogram'],
			['kiosk_journal_entries', 'gauge'],
			['kiosk_order_inbox_depth', 'gauge'],
			['kiosk_order_outbox_depth', 'gauge'],
			['kiosk_devices', 'gauge'],
			['kiosk_screens', 'gauge'],
			['nodejs_eventloop_lag_seconds', 'gauge'],
			['process_cpu_seconds_total', 'counter']
		])
			expect(before, name).toContain(`# TYPE ${name} ${type}`);
		expect(sampleSum(before, 'kiosk_devices', { role: 'kiosk' })).toBe(1);
		// Paired, never heard from: a notice on the fleet page.
		expect(sampleSum(before, 'kiosk_screens', { state: 'notice' })).toBe(1);
		expect(sampleSum(before, 'kiosk_journal_entries', { state: 'needs-staff' })).toBe(0);

		// A sale the guest's credits pay in full, with two cups: preview, finalize, deposit create.
		const loyaltyKey = (
			await sim.control('POST', '/_sim/transaction-keys', {
				walletId: 'wallet_plenty'
			})
		).body.transactionKey as string;
		// The Pilsner is sold from 16: the guest confirmed it, as the screen asks.
		const sale = await call(startSale, deviceId, {
			body: { basket: PILS_AND_PRETZEL, confirmedAge: 16 }
		});
		expect(sale.status).toBe(200);
		const id = sale.body.id as string;
		expect(await call(scanKey, deviceId, { id, body: { key: loyaltyKey } })).toMatchObject({
			status: 200
		});
		expect(await call(pay, deviceId, { id, body: {} })).toMatchObject({
			status: 200,
			body: { state: 'completed' }
		});

		const after = await read();
		const completed = { kind: 'credits-cups', outcome: 'completed' };
		expect(sampleSum(after, 'kiosk_sales_total', completed)).toBe(
			sampleSum(before, 'kiosk_sales_total', completed) + 1
		);
		const okCalls = (text: string) =>
			sampleSum(text, 'kiosk_platform_call_duration_seconds_count', { outcome: 'ok' });
		expect(okCalls(after)).toBeGreaterThanOrEqual(okCalls(before) + 3);
		expect(sampleSum(after, 'kiosk_store_commit_seconds_count')).toBeGreaterThan(
			sampleSum(before, 'kiosk_store_commit_seconds_count')
		);
		for (const secret of [
			sim.device('dev_kiosk_main').apiKey,
			METRICS_TOKEN,
			KIOSK_SECRET,
			loyaltyKey
		])
			expect(after).not.toContain(secret);
	});
});
