/**
 * Staff see the names they gave the platform's containers: a manager names the cup "Festival cup"
 * in English on the setup's menu page; a guest buys two Pilsner; the order board,
 * the sale's page (the containers as the platform counts them, and the receipt copy), the kiosk's
 * deposit configuration and the returns list all name the cup so, and none shows the platform's
 * name. A CSV import, which cannot carry container names, keeps them and says so, and refuses a
 * column of them. The name is cleared afterwards: the other tests share the server.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { addProduct, beginOrder, confirmAge, pairKiosk, type PaidSale } from './kiosk-support.ts';
import { CHOOSE_HEADING, pairReturnStation, RESULT_HEADING } from './return-support.ts';
import {
	logIn,
	openKioskDevicePage,
	scanWithReader,
	screenshot,
	simulator,
	staffPageReady
} from './support.ts';

// A staff tablet and the guest screens are touch screens.
test.use({ hasTouch: true });

const CUP = 'Reusable cup 0.4 l';
const FESTIVAL_CUP = 'Festival cup';

test.beforeEach(async ({ request }) => {
	await request.post(`${simulator}/_sim/reset`);
});

/** The browser contexts a test opened (a kiosk, a board, a station), closed after it. */
const opened: BrowserContext[] = [];

async function touchPage(browser: Browser): Promise<Page> {
	const context = await browser.newContext({ hasTouch: true });
	opened.push(context);
	return context.newPage();
}

/** Gives the cup `english` as its English name on the setup's menu page ('' clears it). */
async function nameTheCup(page: Page, english: string): Promise<void> {
	await page.goto('/setup/menu');
	await staffPageReady(page);
	const form = page
		.getByRole('region', { name: "Names in the guests' languages" })
		.getByRole('group', { name: new RegExp(`^(${CUP}|${FESTIVAL_CUP}) `) });
	await form.getByLabel('Name (English)', { exact: true }).fill(english);
	await form.getByRole('button', { name: /^Save the names of / }).click();
	await staffPageReady(page);
	await expect(page.getByRole('status')).toHaveText(/^The names of .+ are saved\.$/);
}

/** A guest pays two Pilsner by card (the English guest sees the staff's name too). */
async function pilsnerByCard(kiosk: Page): Promise<PaidSale> {
	await beginOrder(kiosk);
	await addProduct(kiosk, 'Beer', 'Pilsner 0.4 l', 2);
	await expect(
		kiosk.getByRole('region', { name: 'Your order' }).getByText(`2 × ${FESTIVAL_CUP}`)
	).toBeVisible();
	await kiosk.getByRole('button', { name: 'Go to payment' }).tap();
	await confirmAge(kiosk, 16);
	const paid = kiosk.waitForResponse((r) => /\/api\/kiosk\/sales\/[^/]+\/pay$/.test(r.url()));
	await kiosk.getByRole('button', { name: /^Pay by card/ }).tap();
	await kiosk.getByRole('button', { name: 'Approve payment' }).tap();
	await expect(kiosk.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
	return (await paid).json();
}

test.afterEach(async ({ browser }) => {
	await Promise.all(opened.splice(0).map((context) => context.close()));
	const page = await browser.newPage();
	await logIn(page);
	await nameTheCup(page, '');
	await page.close();
});

test('the board, the sale, the device and the returns list show the name staff gave the cup', async ({
	browser,
	page
}) => {
	await logIn(page);
	await nameTheCup(page, FESTIVAL_CUP);

	const board = await touchPage(browser);
	await board.goto('/');
	await board.getByRole('button', { name: 'Order board' }).click();
	await expect(board.locator('main[data-ready]')).toBeVisible();

	const kiosk = await touchPage(browser);
	await pairKiosk(kiosk);
	const sale = await pilsnerByCard(kiosk);

	// The board: what goes with the order, by the staff's name.
	const order = board.getByRole('article', { name: `Order ${sale.orderNumber}` }).last();
	await expect(order.getByRole('listitem')).toContainText([/2 × Festival cup \(deposit\)/]);
	await expect(order).not.toContainText(CUP);
	await screenshot(board, 'board-container-names');

	// The sale's page: the containers read from the platform, and the receipt copy.
	await page.goto(`/setup/sales?order=${sale.orderNumber}`);
	await page.getByRole('link', { name: sale.orderNumber }).first().click();
	await staffPageReady(page);
	await expect(
		page.getByTestId('containers').getByRole('row', { name: FESTIVAL_CUP })
	).toBeVisible();
	await expect(page.getByRole('article', { name: 'Receipt' })).toContainText(FESTIVAL_CUP);
	await expect(page.getByText(CUP)).toHaveCount(0);
	await screenshot(page, 'back-office-sale-container-names');

	// The kiosk's deposit configuration.
	await openKioskDevicePage(page);
	const deposits = page.getByRole('region', { name: 'Deposit configuration' });
	await expect(deposits).toContainText(FESTIVAL_CUP);
	await expect(deposits).not.toContainText(CUP);

	// The cups come back at the station; the returns list names them so.
	const station = await touchPage(browser);
	await pairReturnStation(station);
	await scanWithReader(station, sale.deposit.code);
	await expect(station.getByRole('heading', { level: 1, name: CHOOSE_HEADING })).toBeVisible();
	await station.getByRole('button', { name: 'Confirm the return' }).tap();
	await expect(station.getByRole('heading', { level: 1, name: RESULT_HEADING })).toBeVisible();
	await page.goto('/setup/returns');
	await staffPageReady(page);
	// Oldest first: this return is the last row.
	const returned = page.getByTestId('returns').locator('tbody tr').last();
	await expect(returned).toContainText(`2 × ${FESTIVAL_CUP}`);
	await expect(returned).not.toContainText(CUP);
	await screenshot(page, 'returns-container-names');
});

test('a CSV import keeps the names given to containers and says so; their column is refused', async ({
	page
}) => {
	await logIn(page);
	await nameTheCup(page, FESTIVAL_CUP);
	const csv = await (await page.request.get('/setup/menu/export.csv')).text();
	const importCsv = async (text: string) => {
		await page.getByLabel('JSON or CSV file').setInputFiles({
			name: 'menu.csv',
			mimeType: 'text/csv',
			buffer: Buffer.from(text)
		});
		await page.getByRole('button', { name: 'Import and replace the menu' }).click();
	};

	// A column of container names on the products' rows: refused by name, nothing imported.
	const lines = csv.split('\r\n');
	await importCsv(
		lines
			.map((line, index) => line && `${line},${index === 0 ? 'container_name_de' : 'Festbecher'}`)
			.join('\r\n')
	);
	const problem = page.getByRole('alert');
	await expect(problem).toContainText('Nothing was imported.');
	await expect(problem.getByRole('listitem')).toHaveText([
		'column container_name_de: container names travel in the JSON menu file only (a CSV file has a row per product, and containers are not products)'
	]);

	// The export as it is: imported, and the cup keeps its name, which the page says.
	await importCsv(csv);
	await expect(page.getByRole('status')).toContainText(
		'The file carries no names of containers (a CSV file never does): the ones given here stay as they were.'
	);
	await expect(
		page
			.getByRole('group', { name: new RegExp(`^${FESTIVAL_CUP} `) })
			.getByLabel('Name (English)', { exact: true })
	).toHaveValue(FESTIVAL_CUP);
	await screenshot(page, 'setup-menu-csv-keeps-container-names');
});
