/**
 * A callback is never lost: the kiosk server answers it once the order id is written down, and
 * fetches the order afterwards. Here the fetch cannot succeed (the platform answers 503), the
 * platform repeats its callback, the server is killed with SIGKILL and started again on the same
 * data — and the order is on the board once, exactly once. Own simulator and server processes.
 */
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from './test.ts';
import { ownPorts } from '../../playwright.config.ts';
import { killHard, startKioskServer, startSimulator, until } from './processes.ts';

const PORT = ownPorts(3);
const SIM = PORT + 1;
const kioskUrl = `http://127.0.0.1:${PORT}`;
const simUrl = `http://127.0.0.1:${SIM}`;
const DATA_DIR = resolve('test-results/board-restart-data');

let simulator: ChildProcess | undefined;
let kiosk: ChildProcess | undefined;

test.beforeAll(async ({ request }) => {
	rmSync(DATA_DIR, { recursive: true, force: true });
	simulator = await startSimulator(request, SIM);
});

test.afterAll(() => {
	kiosk?.kill('SIGKILL');
	simulator?.kill('SIGTERM');
});

const start = (request: Parameters<typeof startKioskServer>[0]) =>
	startKioskServer(request, { port: PORT, simulatorUrl: simUrl, dataDir: DATA_DIR });

test('kill -9 between the callback and the fetch, with repeated callbacks: one card after the restart', async ({
	page,
	request
}) => {
	test.setTimeout(120_000);
	kiosk = await start(request);
	// The order cannot be read for now.
	await request.post(`${simUrl}/_sim/faults`, {
		data: {
			method: 'GET',
			path: '/v1/integrations/counter-orders/*',
			mode: 'status',
			status: 503,
			count: 10_000
		}
	});
	const placed = await request.post(`${simUrl}/_sim/counter-orders`, {
		data: { placeId: 'place_main_stage', paymentProcessor: 'PROVIDER_A' }
	});
	const order = (await placed.json()) as { id: string; orderNumber: string };
	await request.post(`${simUrl}/_sim/counter-orders/${order.id}/confirm-payment`);

	// The server answered 200 at once although it could not fetch the order.
	const callback = await until('the callback to be answered', async () => {
		const attempts = (await (await request.get(`${simUrl}/_sim/callbacks`)).json()) as {
			orderId: string;
			url: string;
			status: number;
		}[];
		return attempts.find((attempt) => attempt.orderId === order.id && attempt.status === 200);
	});
	// The platform repeats itself (its retry, a manual retry in its console): still one order.
	for (let repeat = 0; repeat < 3; repeat += 1) {
		const again = await request.post(`${callback.url}?orderId=${order.id}`);
		expect(again.status()).toBe(200);
	}

	await killHard(kiosk);
	await request.delete(`${simUrl}/_sim/faults`);
	kiosk = await start(request);

	await page.goto(kioskUrl);
	await page.getByRole('button', { name: 'Order board' }).click();
	await expect(page.locator('main[data-ready]')).toBeVisible();
	const toApprove = page.getByRole('region', { name: /^To approve/ });
	// Due again once the killed server's lease (15 s) and the fetch's backoff have run out.
	await expect(toApprove.getByRole('article', { name: `Order ${order.orderNumber}` })).toBeVisible({
		timeout: 45_000
	});
	await expect(toApprove.getByRole('article', { name: `Order ${order.orderNumber}` })).toHaveCount(
		1
	);
	await expect(page.getByRole('heading', { name: 'To approve (1)' })).toBeVisible();
});
