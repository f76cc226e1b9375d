/**
 * Two kiosk servers on one PostgreSQL (docs/server.md), as a venue runs them behind a load
 * balancer: a throwaway cluster, the simulator, servers A and B with the same DATABASE_URL and
 * KIOSK_SECRET. A browser's session cookie is the same on both (cookies do not name a port, and the
 * session lives in the shared store), so a test talks to A and B as a balancer would send a
 * screen's requests to either.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expect, test } from './test.ts';
import pg from 'pg';
import { ownPorts } from '../../playwright.config.ts';
import { startCluster, type Cluster } from '../postgres/cluster.ts';
import { killHard, startKioskServer, startSimulator, until } from './processes.ts';

const PORT_A = ownPorts(5);
const PORT_B = PORT_A + 1;
const SIM = PORT_A + 2;
const serverA = `http://127.0.0.1:${PORT_A}`;
const serverB = `http://127.0.0.1:${PORT_B}`;
const simUrl = `http://127.0.0.1:${SIM}`;
/** A server's hold on a payment and its journal entries outlives it this long (LEASE_SECONDS). */
const LEASE_SECONDS = 8;

let cluster: Cluster;
let simulator: ChildProcess | undefined;
const servers: Partial<Record<'a' | 'b', ChildProcess>> = {};

function start(request: APIRequestContext, port: number) {
	return startKioskServer(request, {
		port,
		simulatorUrl: simUrl,
		dataDir: `test-results/two-servers-${port}`,
		env: {
			DATABASE_URL: cluster.url,
			KIOSK_SECRET,
			LEASE_SECONDS: String(LEASE_SECONDS),
			RECOVERY_INTERVAL_SECONDS: '1'
		}
	});
}
const KIOSK_SECRET = randomBytes(32).toString('hex');

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
	test.setTimeout(120_000);
	cluster = await startCluster();
	simulator = await startSimulator(request, SIM);
	servers.a = await start(request, PORT_A);
	servers.b = await start(request, PORT_B);
});

test.afterAll(() => {
	for (const server of Object.values(servers)) server?.kill('SIGKILL');
	simulator?.kill('SIGTERM');
	cluster?.stop();
});

/** A browser paired (on server A, by the demo home page) as the screen of `mode`. */
async function pairedPage(browser: Browser, mode: string, on = serverA): Promise<Page> {
	const context = await browser.newContext({ hasTouch: true });
	const page = await context.newPage();
	await page.goto(on);
	await page.getByRole('button', { name: mode }).click();
	return page;
}

/** A kiosk API call of the paired screen, to the server named. */
async function kioskApi(page: Page, server: string, path: string, data?: unknown) {
	const response = await page.request.fetch(`${server}/api/kiosk${path}`, {
		method: data === undefined ? 'GET' : 'POST',
		data,
		timeout: 60_000
	});
	return { status: response.status(), body: await response.json().catch(() => null) };
}

async function saleState(page: Page, server: string, saleId: string) {
	return (await kioskApi(page, server, `/sales/${saleId}`)).body?.state as string | undefined;
}

async function openBoard(page: Page, server: string): Promise<void> {
	await page.goto(`${server}/board`);
	await expect(page.locator('main[data-ready]')).toBeVisible();
	await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
}

test('a sale started on A is paid by the terminal answer posted to B, and is on the board B serves within 2 s', async ({
	browser
}) => {
	const kiosk = await pairedPage(browser, 'Ordering kiosk');
	const board = await pairedPage(browser, 'Order board');
	await openBoard(board, serverB);

	const started = await kioskApi(kiosk, serverA, '/sales', {
		basket: [{ productId: 'food_pretzel', quantity: 1 }]
	});
	expect(started.status).toBe(200);
	const saleId: string = started.body.id;
	const paying = kioskApi(kiosk, serverA, `/sales/${saleId}/pay`, {});
	await until('the payment to wait for the card', async () =>
		(await saleState(kiosk, serverA, saleId)) === 'card-pending' ? true : undefined
	);
	// The guest taps "approve": the balancer sends that request to B.
	const answered = await kioskApi(kiosk, serverB, `/sales/${saleId}/terminal`, {
		outcome: 'approved'
	});
	expect(answered).toEqual({ status: 200, body: { answered: 'approved' } });
	const paid = await paying;
	expect(paid.status).toBe(200);
	expect(paid.body.state).toBe('completed');
	const number: string = paid.body.orderNumber;
	expect(number).toBeTruthy();

	await expect(board.getByRole('article', { name: `Order ${number}` })).toBeVisible({
		timeout: 2_000
	});
});

test('a board step taken on B reaches the board A serves within 2 s', async ({ browser }) => {
	const kiosk = await pairedPage(browser, 'Ordering kiosk');
	const started = await kioskApi(kiosk, serverA, '/sales', {
		basket: [{ productId: 'food_pretzel', quantity: 2 }]
	});
	const saleId: string = started.body.id;
	const paying = kioskApi(kiosk, serverA, `/sales/${saleId}/pay`, {});
	await until('the payment to wait for the card', async () =>
		(await saleState(kiosk, serverA, saleId)) === 'card-pending' ? true : undefined
	);
	await kioskApi(kiosk, serverA, `/sales/${saleId}/terminal`, { outcome: 'approved' });
	const number: string = (await paying).body.orderNumber;

	const boardA = await pairedPage(browser, 'Order board');
	await openBoard(boardA, serverA);
	const boardB = await boardA.context().newPage();
	await openBoard(boardB, serverB);
	await boardB
		.getByRole('article', { name: `Order ${number}` })
		.getByRole('button', { name: 'Ready' })
		.tap();

	const ready = boardA.getByRole('region', { name: /^Ready for pick-up/ });
	await expect(ready.getByRole('article', { name: `Order ${number}` })).toBeVisible({
		timeout: 2_000
	});
});

test('wrong staff passwords alternating between A and B make the client wait after 6', async ({
	request
}) => {
	const tryPassword = async (server: string) => {
		const response = await request.post(`${server}/setup/login`, {
			form: { name: 'Eve', password: 'not-the-password' },
			headers: { origin: server },
			maxRedirects: 0
		});
		// 400: a wrong password; 429: refused before it is checked.
		return response.status();
	};
	// Alternating, each server alone sees a sixth failure only at the 11th and 12th attempts, so
	// it would refuse the 13th at the earliest. Counted together, the 7th attempt waits unless a
	// second has passed since the 6th failure; every further failure doubles the wait (2, 4, 8,
	// 16, 32 s): only attempts lagging ever further behind (over a minute in all) reach the 12th.
	const statuses: number[] = [];
	for (let attempt = 0; attempt < 12 && !statuses.includes(429); attempt += 1) {
		statuses.push(await tryPassword(attempt % 2 === 0 ? serverA : serverB));
	}
	expect(statuses.slice(0, 6)).toEqual([400, 400, 400, 400, 400, 400]);
	expect(statuses.slice(6)).toContain(429);
});

test('A killed while the card waits: B takes the payment over only once A’s hold has lapsed, and settles it once', async ({
	browser
}) => {
	test.setTimeout(120_000);
	const kiosk = await pairedPage(browser, 'Ordering kiosk');
	const started = await kioskApi(kiosk, serverA, '/sales', {
		basket: [{ productId: 'food_pretzel', quantity: 1 }]
	});
	const saleId: string = started.body.id;
	void kioskApi(kiosk, serverA, `/sales/${saleId}/pay`, {}).catch(() => undefined);
	await until('the payment to wait for the card', async () =>
		(await saleState(kiosk, serverA, saleId)) === 'card-pending' ? true : undefined
	);
	await killHard(servers.a!);
	servers.a = undefined;
	const killedAt = Date.now();

	// B runs its recovery every second, but leaves the sale to A while A's hold lasts.
	await new Promise((resolve) => setTimeout(resolve, (LEASE_SECONDS - 3) * 1000));
	expect(await saleState(kiosk, serverB, saleId)).toBe('card-pending');

	const ended = await until(
		'B to take the sale over',
		async () => {
			const state = await saleState(kiosk, serverB, saleId);
			return state && state !== 'card-pending' ? state : undefined;
		},
		60_000
	);
	expect(Date.now() - killedAt).toBeGreaterThanOrEqual((LEASE_SECONDS - 1) * 1000);
	// The card was never answered: nothing was charged, and the guest's sale is released.
	expect(ended).toBe('abandoned');

	const db = new pg.Client(cluster.url);
	await db.connect();
	try {
		const { rows } = await db.query<{ status: string; lease_owner: string | null }>(
			`SELECT status, lease_owner FROM journal WHERE reference = $1 AND operation = 'collectCardPayment'`,
			[saleId]
		);
		// One card payment asked, settled once, held by nobody any more.
		expect(rows).toEqual([{ status: 'failed', lease_owner: null }]);
		const charged = await db.query(
			`SELECT outcome FROM simulated_terminal_payments WHERE reference LIKE $1`,
			[`${saleId}.%`]
		);
		expect(charged.rows).toEqual([]);
	} finally {
		await db.end();
	}
});
