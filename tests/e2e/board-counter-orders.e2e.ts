/**
 * Counter orders (spec 2) on the order board, in the browser against the simulator: an order placed
 * and paid "in the app" reaches the board through the callback and staff drive it to the end —
 * picked up, not picked up, rejected with a reason; a counter payment collected or failed; an
 * invalid step; a 503 storm on status updates; desks closed and opened. Touch only, axe on the
 * way, English and German.
 */
import { type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expect, test } from './test.ts';
import {
	openBoard,
	placeCounterOrder,
	platformOrder,
	resetWithCallbacks,
	type CounterOrder
} from './board-support.ts';
import { expectNoAxeViolations, logIn, screenshot, simulator } from './support.ts';

test.use({ hasTouch: true });

// One reset for the file: order numbers restart with each reset, and the kiosk server keeps the
// orders of earlier tests, so every order here gets its own number.
test.beforeAll(({ browser, playwright }) => resetWithCallbacks(browser, playwright));

test.afterEach(async ({ request }) => {
	await request.delete(`${simulator}/_sim/faults`);
});

/** The order's card among the open ones, and in "Recently done" (the newest first). */
const card = (board: Page, order: CounterOrder) =>
	board
		.getByRole('region', { name: /^(To approve|In preparation|Ready for pick-up)/ })
		.getByRole('article', { name: `Order ${order.orderNumber}` });
const column = (board: Page, name: RegExp) => board.getByRole('region', { name });
const doneCard = (board: Page, order: CounterOrder) =>
	column(board, /^Recently done/)
		.getByRole('article', { name: `Order ${order.orderNumber}` })
		.first();

/**
 * A board and a new order, approved while the platform answers the order's next `failures`
 * status updates with 503: the card says the step is on its way.
 */
async function approvedInto503s(browser: Browser, request: APIRequestContext, failures: number) {
	const board = await openBoard(browser);
	const order = await placeCounterOrder(request, { paymentProcessor: 'PROVIDER_A' });
	await expect(card(board, order)).toBeVisible();
	await request.post(`${simulator}/_sim/faults`, {
		data: {
			method: 'PUT',
			path: `/v1/integrations/counter-orders/${order.id}/status`,
			mode: 'status',
			status: 503,
			count: failures
		}
	});
	await card(board, order).getByRole('button', { name: 'Approve' }).tap();
	await expect(card(board, order).getByRole('status')).toHaveText('Sending “Approve”…');
	return { board, order };
}

test('an order paid in the app: approved, ready, picked up — each step lands once', async ({
	browser,
	request
}) => {
	const board = await openBoard(browser);
	const order = await placeCounterOrder(request, {
		paymentProcessor: 'PROVIDER_A',
		items: [
			{ productId: 'drink_pils', quantity: 2 },
			{ productId: 'drink_spritz', isTakeaway: true }
		]
	});

	// No reload: callback → fetch → event stream.
	const toApprove = column(board, /^To approve/);
	await expect(
		toApprove.getByRole('article', { name: `Order ${order.orderNumber}` })
	).toBeVisible();
	await expect(card(board, order).getByText('App', { exact: true })).toBeVisible();
	// How it was paid, in staff's words: the processor's wire name is no help at the counter.
	await expect(card(board, order).getByText('Paid in the app', { exact: true })).toBeVisible();
	await expect(card(board, order)).not.toContainText('PROVIDER');
	await expect(card(board, order).getByRole('listitem')).toHaveText([
		/2 × Pilsner 0.4 l/,
		/1 × Aperol Spritz\s*to take away/
	]);
	await expect(
		board.getByRole('alert').filter({ hasText: `New order: ${order.orderNumber}` })
	).toBeVisible();
	await expectNoAxeViolations(board);
	await screenshot(board, 'board-app-order-new');
	await board.getByRole('button', { name: 'Seen' }).tap();

	await card(board, order).getByRole('button', { name: 'Approve' }).tap();
	await expect(
		column(board, /^In preparation/).getByRole('article', { name: `Order ${order.orderNumber}` })
	).toBeVisible();
	await card(board, order).getByRole('button', { name: 'Ready' }).tap();
	await expect(
		column(board, /^Ready for pick-up/).getByRole('article', { name: `Order ${order.orderNumber}` })
	).toBeVisible();
	// A Pilsner (16+ on the menu): the ID check comes first (docs/age-checks.md).
	await card(board, order).getByRole('button', { name: 'ID checked', exact: true }).tap();
	await card(board, order).getByRole('button', { name: 'Picked up', exact: true }).tap();
	await expect(doneCard(board, order)).toContainText('Picked up');
	expect((await platformOrder(request, order.id)).status).toBe('COMPLETED');
	const requests = (await (await request.get(`${simulator}/_sim/requests`)).json()) as {
		method: string;
		path: string;
	}[];
	const statusUpdates = requests.filter(
		(call) =>
			call.method === 'PUT' && call.path === `/v1/integrations/counter-orders/${order.id}/status`
	);
	expect(statusUpdates).toHaveLength(3);
	await board.context().close();
});

test('pay at the counter: collect, then approve; or the payment fails and the order is rejected with a reason', async ({
	browser,
	request
}) => {
	const board = await openBoard(browser);
	const paid = await placeCounterOrder(request, {
		items: [{ productId: 'drink_pils', quantity: 2 }]
	});
	const failed = await placeCounterOrder(request, { items: [{ productId: 'drink_water' }] });

	await expect(card(board, paid)).toContainText('Collect €11.00 at the counter');
	// Not approvable before the money is in.
	await expect(card(board, paid).getByRole('button', { name: 'Approve' })).toHaveCount(0);
	await card(board, paid).getByRole('button', { name: 'Payment collected' }).tap();
	await expect(card(board, paid).getByText('Paid at the counter')).toBeVisible();
	await card(board, paid).getByRole('button', { name: 'Approve' }).tap();
	await expect(
		column(board, /^In preparation/).getByRole('article', { name: `Order ${paid.orderNumber}` })
	).toBeVisible();
	expect(await platformOrder(request, paid.id)).toMatchObject({
		status: 'APPROVED',
		transactionStatus: 'PAID_EXTERNALLY'
	});

	await card(board, failed).getByRole('button', { name: 'Payment failed' }).tap();
	const confirm = board.getByRole('dialog', {
		name: `Payment for order ${failed.orderNumber} failed?`
	});
	await expectNoAxeViolations(board);
	await confirm.getByRole('button', { name: 'Yes, the payment failed' }).tap();
	await expect(card(board, failed).getByText('Payment failed', { exact: true })).toBeVisible();
	await expect(card(board, failed).getByRole('button', { name: 'Approve' })).toHaveCount(0);
	await card(board, failed).getByRole('button', { name: 'Reject…' }).tap();
	const reject = board.getByRole('dialog', { name: `Reject order ${failed.orderNumber}` });
	await reject.getByLabel('Reason for the guest (optional)').fill('Card declined at the counter');
	await expect(reject.getByText('28 of 2000 characters')).toBeVisible();
	await screenshot(board, 'board-reject-dialog');
	await reject.getByRole('button', { name: 'Reject the order' }).tap();
	await expect(doneCard(board, failed)).toContainText('Reason: Card declined at the counter');
	expect(await platformOrder(request, failed.id)).toMatchObject({
		status: 'REJECTED',
		transactionStatus: 'FAILED',
		rejectionMessage: 'Card declined at the counter'
	});

	// Money steps are journaled like the kiosk's.
	await board.context().close();
});

test('a 503 storm on status updates: the card says "sending…", the step lands exactly once', async ({
	browser,
	request
}) => {
	// More 503s than the client's own five attempts: the outbox takes over with its backoff.
	const { board, order } = await approvedInto503s(browser, request, 7);
	await expect(
		column(board, /^In preparation/).getByRole('article', { name: `Order ${order.orderNumber}` })
	).toBeVisible({ timeout: 60_000 });
	const calls = (await (await request.get(`${simulator}/_sim/requests`)).json()) as {
		method: string;
		path: string;
		status: number;
	}[];
	const updates = calls.filter((call) => call.path.endsWith(`${order.id}/status`));
	expect(updates.filter((call) => call.status === 200)).toHaveLength(1);
	expect(updates.filter((call) => call.status === 503)).toHaveLength(7);
	expect((await platformOrder(request, order.id)).status).toBe('APPROVED');
	await board.context().close();
});

test('removing a board while a step is on its way says what would be dropped', async ({
	browser,
	request
}) => {
	const { board, order } = await approvedInto503s(browser, request, 1000);

	const staff = await (await browser.newContext()).newPage();
	await logIn(staff);
	await staff.getByRole('link', { name: 'Main Stage Order Board' }).click();
	await staff.getByText('Remove device', { exact: true }).first().click();
	await expect(staff.getByRole('note')).toContainText('staff steps not sent: 1.');
	await expectNoAxeViolations(staff);
	await screenshot(staff, 'setup-remove-board-unfinished');

	// Once the step has landed there is nothing to warn about.
	await request.delete(`${simulator}/_sim/faults`);
	await expect(
		column(board, /^In preparation/).getByRole('article', { name: `Order ${order.orderNumber}` })
	).toBeVisible({ timeout: 60_000 });
	await staff.reload();
	await expect(
		staff.getByRole('heading', { level: 1, name: 'Main Stage Order Board' })
	).toBeVisible();
	await expect(staff.getByRole('note')).toHaveCount(0);
	await staff.context().close();
	await board.context().close();
});

test('an order moved on elsewhere: the step is refused, the card explains and shows the latest state', async ({
	browser,
	request
}) => {
	const board = await openBoard(browser);
	const order = await placeCounterOrder(request, { paymentProcessor: 'PROVIDER_A' });
	await expect(card(board, order)).toBeVisible();
	// The board cannot read the order for now, so it still shows it as it was.
	await request.post(`${simulator}/_sim/faults`, {
		data: {
			method: 'GET',
			path: `/v1/integrations/counter-orders/${order.id}`,
			mode: 'status',
			status: 503,
			count: 1000
		}
	});
	// Another system approves it behind the board's back (a second integration on the platform).
	const seed = (await (await request.get(`${simulator}/_sim/seed`)).json()) as {
		devices: { id: string; apiKey: string }[];
	};
	const key = seed.devices.find((device) => device.id === 'dev_board_main')!.apiKey;
	const moved = await request.put(
		`${simulator}/v1/integrations/counter-orders/${order.id}/status`,
		{
			headers: { 'x-api-key': key },
			data: { status: 'APPROVED' }
		}
	);
	expect(moved.ok()).toBe(true);
	// The board still offers Reject (it has not re-read yet): the platform answers 400.
	await card(board, order).getByRole('button', { name: 'Reject…' }).tap();
	await board
		.getByRole('dialog', { name: `Reject order ${order.orderNumber}` })
		.getByRole('button', { name: 'Reject the order' })
		.tap();
	await expect(card(board, order).getByRole('status')).toHaveText('Sending “Reject”…');
	await request.delete(`${simulator}/_sim/faults`);
	await expect(card(board, order).getByRole('alert')).toContainText(
		'the order had changed meanwhile'
	);
	await expect(
		column(board, /^In preparation/).getByRole('article', { name: `Order ${order.orderNumber}` })
	).toBeVisible();
	expect((await platformOrder(request, order.id)).status).toBe('APPROVED');
	await board.context().close();
});

test('the order is left: not picked up', async ({ browser, request }) => {
	const board = await openBoard(browser);
	const order = await placeCounterOrder(request, { paymentProcessor: 'PROVIDER_B' });
	await card(board, order).getByRole('button', { name: 'Approve' }).tap();
	// In preparation: "Ready" alone, "Not picked up" not beside it.
	const preparing = column(board, /^In preparation/).getByRole('article', {
		name: `Order ${order.orderNumber}`
	});
	await expect(preparing.getByRole('button', { name: 'Ready' })).toBeVisible();
	await expect(preparing.getByRole('button', { name: 'Not picked up' })).toHaveCount(0);
	await card(board, order).getByRole('button', { name: 'Ready' }).tap();
	await expect(
		column(board, /^Ready for pick-up/).getByRole('article', { name: `Order ${order.orderNumber}` })
	).toBeVisible();
	await card(board, order).getByRole('button', { name: 'Not picked up' }).tap();
	await expect(doneCard(board, order)).toContainText('Not picked up');
	expect((await platformOrder(request, order.id)).status).toBe('LEFT');
	await board.context().close();
});

test('desks: close one, close all after a confirmation, open all — as the platform says (German)', async ({
	browser,
	request
}) => {
	const board = await openBoard(browser);
	const desks = board.getByRole('region', { name: 'Desks' });
	await desks.getByRole('button', { name: 'Close Table 1' }).tap();
	await expect(desks.getByRole('button', { name: 'Open Table 1' })).toBeVisible();
	const enabled = async () =>
		(
			(await (await request.get(`${simulator}/_sim/seed`)).json()) as {
				desks: { id: string; enabled: boolean }[];
			}
		).desks
			.filter((desk) => desk.id.startsWith('desk_main'))
			.map((desk) => desk.enabled);
	expect(await enabled()).toEqual([true, false, false]); // Table 2 is closed in the seed

	// Closing all turns every app order away: asked first; cancelled, nothing changes.
	const confirm = board.getByRole('dialog', { name: 'Close all desks?' });
	await desks.getByRole('button', { name: 'Close all desks' }).tap();
	await expect(confirm).toBeVisible();
	await confirm.getByRole('button', { name: 'Cancel' }).tap();
	await expect(confirm).toBeHidden();
	expect(await enabled()).toEqual([true, false, false]);
	await desks.getByRole('button', { name: 'Close all desks' }).tap();
	await confirm.getByRole('button', { name: 'Yes, close all desks' }).tap();
	await expect(desks.getByText('closed', { exact: true })).toHaveCount(3);
	expect(await enabled()).toEqual([false, false, false]);
	// All closed: "Close all" is not offered any more, "Open all" is.
	await expect(desks.getByRole('button', { name: 'Close all desks' })).toHaveCount(0);
	await expect(desks.getByRole('button', { name: 'Open all desks' })).toBeVisible();
	// A closed kitchen takes no counter orders.
	const refused = await request.post(`${simulator}/_sim/counter-orders`, {
		data: { placeId: 'place_main_stage' }
	});
	expect(refused.status()).toBe(400);

	await board.getByRole('button', { name: 'Deutsch' }).tap();
	const theken = board.getByRole('region', { name: 'Theken' });
	await theken.getByRole('button', { name: 'Alle Theken öffnen' }).tap();
	await expect(theken.getByText('geöffnet', { exact: true })).toHaveCount(3);
	expect(await enabled()).toEqual([true, true, true]);
	await expect(theken.getByRole('button', { name: 'Alle Theken öffnen' })).toHaveCount(0);
	await theken.getByRole('button', { name: 'Alle Theken schließen' }).tap();
	const bestaetigen = board.getByRole('dialog', { name: 'Alle Theken schließen?' });
	await expect(bestaetigen).toContainText('keine neuen Bestellungen');
	await expectNoAxeViolations(board);
	await bestaetigen.getByRole('button', { name: 'Abbrechen' }).tap();
	expect(await enabled()).toEqual([true, true, true]);
	await expectNoAxeViolations(board);
	await board.context().close();
});
