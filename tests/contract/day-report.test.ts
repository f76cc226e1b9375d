/**
 * The day report on a seeded day of sales (docs/back-office.md, The day report: the numbers add
 * up, and the report's totals equal the sum of the sales and of the journal): card sales with and
 * without the service fee, split and credit sales, an abandoned one, staff refunds — all through
 * the real checkout and refunds against the simulator. The report is then held to the sales
 * (sale-amounts.ts, a reading of their own), to the journal, and to the guests' wallets on the
 * platform itself.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { toMinor } from '@venue-kiosk/vocabulary/money.ts';
import { CatalogRepository } from '#lib/server/catalog/catalog-repository.ts';
import { DeviceRepository } from '#lib/server/devices/device-repository.ts';
import { SaleRefunds } from '#lib/server/refunds/sale-refunds.ts';
import { ReturnDesk } from '#lib/server/returns/return-desk.ts';
import { readDayReport } from '#lib/server/reports/day-report-source.ts';
import { amountsOf } from '#lib/server/sales/sale-amounts.ts';
import type { Sale } from '#lib/server/sales/sale.ts';
import { transact } from '#lib/server/store/after-commit.ts';
import { loadKeyring } from '#lib/server/store/keyring.ts';
import { venueDayOf } from '#lib/server/venue-time.ts';
import type { ReportFigures } from '#lib/shared/day-report.ts';
import { checkoutRig, type CheckoutRig } from './checkout-rig.ts';
import { clientFor } from './client-support.ts';
import { useSimulator } from './harness.ts';

const sim = useSimulator();

const PILS_AND_PRETZEL = [
	{ productId: 'drink_pils', quantity: 2 },
	{ productId: 'food_pretzel', quantity: 1 }
];
const PRETZEL = [{ productId: 'food_pretzel', quantity: 1 }];

let rig: CheckoutRig;
let refunds: SaleRefunds;

beforeEach(async () => {
	rig = await checkoutRig({ url: sim.url, apiKey: sim.device('dev_kiosk_main').apiKey });
	refunds = new SaleRefunds({
		sales: rig.sales,
		journal: rig.journal,
		platformFor: async () => rig.platform,
		terminal: rig.terminal,
		inTransaction: (work) => transact(rig.store.db, work)
	});
});

/** A wallet's balance in minor units (the control API answers major units, as the platform). */
async function balance(walletId: string): Promise<number> {
	return toMinor((await sim.control('GET', `/_sim/wallets/${walletId}`)).body.balance, 'EUR');
}
async function newKey(walletId: string): Promise<string> {
	return (await sim.control('POST', '/_sim/transaction-keys', { walletId })).body.transactionKey;
}

async function cardSale(basket = PILS_AND_PRETZEL): Promise<Sale> {
	const sale = await rig.checkout.start(rig.deviceId, basket);
	return rig.checkout.pay(sale.id);
}
async function creditSale(walletId: string, basket = PILS_AND_PRETZEL): Promise<Sale> {
	const sale = await rig.checkout.start(rig.deviceId, basket);
	await rig.checkout.scanLoyaltyKey(sale.id, await newKey(walletId));
	return rig.checkout.pay(sale.id);
}

/** The day report of a venue day (UTC), read as the page reads it, at `now`. */
async function reportOf(day: string, now = new Date()) {
	const context = {
		store: rig.store,
		sales: rig.sales,
		journal: rig.journal,
		devices: new DeviceRepository(rig.store, loadKeyring({ dataDir: ':memory:', demo: true })),
		catalog: new CatalogRepository(rig.store),
		config: { venueTimeZone: 'UTC' } as never
	};
	return (await readDayReport(context, day, now))!;
}

/** Holds a report's figures to one another. */
function expectAddsUp(figures: ReportFigures) {
	expect(figures.grossMinor - figures.discountMinor).toBe(figures.paidMinor);
	expect(figures.creditsMinor + figures.cardMinor).toBe(figures.paidMinor);
	expect(figures.vat.reduce((sum, row) => sum + row.grossMinor, 0)).toBe(figures.paidMinor);
	for (const row of figures.vat) expect(row.netMinor + row.vatMinor).toBe(row.grossMinor);
	expect(figures.netMinor).toBe(
		figures.paidMinor - figures.refundedCreditsMinor - figures.refundedCardMinor
	);
}

describe('the day report of a seeded day', () => {
	it('adds up, and equals the sales, the journal and the wallets', async () => {
		const wallets = { plenty: await balance('wallet_plenty'), few: await balance('wallet_few') };
		const sales: Sale[] = [];
		sales.push(await cardSale());
		sales.push(await cardSale(PRETZEL));
		rig.settings = { ...rig.settings, serviceFeeMinor: 50 };
		sales.push(await cardSale());
		sales.push(await creditSale('wallet_plenty', PRETZEL));
		rig.settings = { ...rig.settings, serviceFeeMinor: 0 };
		sales.push(await creditSale('wallet_few'));
		sales.push(await creditSale('wallet_plenty'));
		await rig.checkout.start(rig.deviceId, PRETZEL); // left open: not a sale of the day
		expect(sales.map((sale) => sale.state)).toEqual(Array(6).fill('completed'));
		expect(new Set(sales.map((sale) => amountsOf(sale).paymentKind))).toEqual(
			new Set(['card', 'split', 'credits'])
		);

		// Staff give back part of a card payment and all the credits of a sale.
		await refunds.refund(
			sales[0]!.id,
			{ requestId: 'day-refund-1', credits: false, cardMinor: 300 },
			'Ana'
		);
		const creditsBack = sales[5]!.credits!.creditsMinor;
		await refunds.refund(
			sales[5]!.id,
			{ requestId: 'day-refund-2', credits: true, cardMinor: 0 },
			'Ana'
		);

		const { report, check } = await reportOf(venueDayOf(new Date(), 'UTC'));
		const { total } = report;
		expectAddsUp(total);
		for (const { figures } of report.kiosks) expectAddsUp(figures);
		expect(report.kiosks.map((kiosk) => kiosk.name)).toEqual(['Kiosk']);

		// The sales, by their own reading.
		const sum = (pick: (sale: Sale) => number) => sales.reduce((all, sale) => all + pick(sale), 0);
		expect(total.salesCount).toBe(6);
		expect(total.paidMinor).toBe(sum((sale) => amountsOf(sale).totalMinor));
		expect(total.discountMinor).toBe(sum((sale) => amountsOf(sale).discountMinor));
		expect(total.creditsMinor).toBe(sum((sale) => amountsOf(sale).creditsMinor));
		expect(total.cardMinor).toBe(sum((sale) => sale.cardPaidMinor));
		expect(total.feeMinor).toBe(100);
		expect(total.depositContainers).toBe(8);
		expect(total.depositMinor).toBe(sum((sale) => sale.quote.depositMinor));
		expect(total.refundedCardMinor).toBe(300);
		expect(total.refundedCreditsMinor).toBe(creditsBack);
		expect(total.refundsOpen).toBe(0);

		// The journal: every card payment it approved, every credit sale's finalize.
		expect(check.cardCollectedMinor).toBe(total.cardMinor);
		expect(check.creditSales).toBe(3);
		expect(check.creditSalesFinalized).toBe(3);

		// The platform: what left the wallets is the day's credits less what was given back.
		const spent =
			wallets.plenty -
			(await balance('wallet_plenty')) +
			(wallets.few - (await balance('wallet_few')));
		expect(spent).toBe(total.creditsMinor - total.refundedCreditsMinor);

		expect(report.hours.reduce((all, hour) => all + hour.salesCount, 0)).toBe(6);
		expect(report.topProducts[0]).toMatchObject({ productId: 'drink_pils', quantity: 8 });
	});

	it('keeps the deposit ledger the platform keeps: issued, returned, forfeited, out', async () => {
		const sales = [await cardSale(), await cardSale(PRETZEL), await cardSale()];
		const codes = sales.flatMap((sale) => (sale.deposit ? [sale.deposit.code] : []));
		expect(codes).toHaveLength(2);
		const station = 'dev_return_main';
		const stationClient = clientFor(sim, station);
		const desk = new ReturnDesk({
			journal: rig.journal,
			platformFor: async () => stationClient,
			issuedHere: async () => null,
			placeName: async () => null,
			placeOfDevice: async () => null,
			settings: async () => ({ staffAttended: false, idleSeconds: 60, resultSeconds: 15 }),
			checkPin: async () => 'ok',
			acrossServers: (_code, task) => task()
		});
		// A guest brings one container of the first sale back.
		const preview = await desk.preview(station, codes[0]!);
		const [first] = preview.categories;
		await desk.confirm(station, {
			returnId: preview.returnId,
			code: codes[0]!,
			quantities: { [first!.categoryId]: 1 }
		});

		const configuration = await rig.platform.deposits.getConfiguration();
		const depositOf = (categoryId: string) =>
			configuration.hybridRevoTokenProducts.find(
				(product) => product.hybridCategory.id === categoryId
			)!.hybridCategory.depositGrossMinor;
		/** What the platform holds of the codes: containers (and deposits) by status. */
		async function onThePlatform() {
			const held: Record<string, { containers: number; minor: number }> = {};
			for (const code of codes) {
				const { body } = await sim.control('GET', `/_sim/deposit-transactions/${code}`);
				for (const item of body.items as { status: string; categoryId: string }[]) {
					const into = (held[item.status] ??= { containers: 0, minor: 0 });
					into.containers += 1;
					into.minor += depositOf(item.categoryId);
				}
			}
			return held;
		}

		const today = venueDayOf(new Date(), 'UTC');
		const { report } = await reportOf(today);
		const platformNow = await onThePlatform();
		expect(report.deposits.issued).toEqual({
			containers: report.total.depositContainers,
			minor: report.total.depositMinor
		});
		expect(report.deposits.returned).toEqual(platformNow['RETURNED']);
		expect(report.deposits.forfeited.containers).toBe(0);
		expect(report.deposits.outAtEnd).toEqual(platformNow['ACTIVE']);
		expect(report.depositsUntil < report.to).toBe(true);

		// Past every deadline on the platform's clock, the rest expire: the days the deadlines fall
		// on forfeit what the platform expired, each day starting where the one before ended.
		await sim.control('POST', '/_sim/clock', { advanceMinutes: 4 * 24 * 60 });
		const platformLater = await onThePlatform();
		expect(platformLater['ACTIVE']).toBeUndefined();
		const later = new Date(Date.now() + 5 * 24 * 3_600_000);
		let forfeited = { containers: 0, minor: 0 };
		let outBefore = { containers: 0, minor: 0 };
		for (let offset = 0; offset < 4; offset += 1) {
			const day = venueDayOf(new Date(Date.now() + offset * 24 * 3_600_000), 'UTC');
			const { deposits } = (await reportOf(day, later)).report;
			expect(deposits.outAtStart).toEqual(outBefore);
			forfeited = {
				containers: forfeited.containers + deposits.forfeited.containers,
				minor: forfeited.minor + deposits.forfeited.minor
			};
			outBefore = deposits.outAtEnd;
		}
		expect(outBefore).toEqual({ containers: 0, minor: 0 });
		expect(forfeited).toEqual(platformLater['EXPIRED']);
		expect(platformNow['RETURNED']?.containers).toBe(1);
	});

	it('is nothing for what is not a day', async () => {
		const context = {
			store: rig.store,
			sales: rig.sales,
			journal: rig.journal,
			devices: new DeviceRepository(rig.store, loadKeyring({ dataDir: ':memory:', demo: true })),
			catalog: new CatalogRepository(rig.store),
			config: { venueTimeZone: 'UTC' } as never
		};
		expect(await readDayReport(context, '2026-02-30')).toBeUndefined();
		expect(await readDayReport(context, "2026-11-22' OR 1=1")).toBeUndefined();
	});
});
