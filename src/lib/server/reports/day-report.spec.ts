import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SaleRefund } from '#lib/shared/refunds.ts';
import { Journal } from '../journal/journal.ts';
import { JournalOperation } from '../journal/journal-operation.ts';
import { SaleRepository } from '../sales/sale-repository.ts';
import {
	creditsFactory,
	quoteFactory,
	refundFactory,
	saleFactory
} from '../sales/testing/factories.ts';
import type { Store } from '../store/store.ts';
import { ENGINES, openTestStore } from '../store/testing/test-stores.ts';
import { dayReportToCsv } from './day-report-csv.ts';

const csvText = (...args: Parameters<typeof dayReportToCsv>) =>
	new Response(dayReportToCsv(...args)).text();
import type { DayReport } from './day-report.ts';
import { readDayReport } from './day-report-source.ts';

const TO = '2026-11-23T00:00:00.000Z';

const beer = (quantity: number) =>
	quoteFactory({
		lines: [
			{
				productId: 'beer',
				name: { en: 'Beer', de: 'Bier' },
				options: [],
				quantity,
				baseMinor: 500,
				unitMinor: 500,
				vatBp: 1900,
				lineMinor: 500 * quantity
			}
		],
		goodsMinor: 500 * quantity,
		totalMinor: 500 * quantity
	});
const paid = (id: string, deviceId: string, quantity: number, paidAt: string) =>
	saleFactory({
		id,
		deviceId,
		state: 'completed',
		orderNumber: `K-${id}`,
		paidAt,
		quote: beer(quantity),
		cardPaidMinor: 500 * quantity
	});
const refund = (at: string, outcome: SaleRefund['outcome']): SaleRefund =>
	refundFactory({ at, outcome, amountMinor: 200 });

/** A return at a station (its journal entry, as the return desk writes it) of `refundMinor`. */
async function returned(
	journal: Journal,
	deviceId: string,
	refundMinor: number,
	payOut: boolean | undefined
) {
	const id = await journal.begin({
		deviceId,
		operation: JournalOperation.depositValidate,
		reference: `return-${refundMinor}-${String(payOut)}`,
		request: { codeFingerprint: 'elsewhere', items: [], before: [], payOut }
	});
	const line = { categoryId: 'cup', name: 'Cup', returned: 1, remaining: 0, unitMinor: 0 };
	await journal.settle(id, 'succeeded', {
		result: {
			lines: [{ ...line, refundMinor, currencyCode: 'EUR', expirationHours: 24, deadline: null }]
		}
	});
}

describe('dayReport, as read from the store', () => {
	const yesterdays = {
		...paid('old', 'kiosk-b', 1, '2026-11-21T20:00:00.000Z'),
		refunds: [
			refund('2026-11-21T21:00:00.000Z', 'refunded'),
			refund('2026-11-22T09:00:00.000Z', 'refunded'),
			refund('2026-11-22T10:00:00.000Z', 'uncertain'),
			refund('2026-11-23T09:00:00.000Z', 'refunded')
		]
	};
	const split = {
		...paid('split', 'kiosk-b', 2, '2026-11-22T18:30:00.000Z'),
		credits: creditsFactory({ grossMinor: 1000, discountMinor: 100, creditsMinor: 300 }),
		cardPaidMinor: 600
	};
	// Cups a kiosk without sales today issued yesterday: out this morning, forfeited at noon.
	const cupsOfYesterday = saleFactory({
		...paid('cups', 'kiosk-c', 0, '2026-11-21T12:00:00.000Z'),
		quote: quoteFactory({
			depositLines: [
				{
					categoryId: 'cup',
					name: 'Cup',
					quantity: 2,
					unitMinor: 200,
					vatBp: 0,
					lineMinor: 400,
					expirationHours: 24
				}
			]
		}),
		deposit: {
			code: 'CUPS',
			sequenceNumber: '7',
			categories: [
				{ categoryId: 'cup', name: 'Cup', count: 2, expiresAt: '2026-11-22T12:00:00.000Z' }
			]
		}
	});
	let store: Store;
	let report: DayReport;
	beforeAll(async () => {
		store = await openTestStore(ENGINES[0]!);
		const sales = new SaleRepository(store);
		for (const sale of [
			paid('a1', 'kiosk-a', 1, '2026-11-22T18:05:00.000Z'),
			split,
			saleFactory({ id: 'open' }),
			yesterdays,
			cupsOfYesterday
		])
			await sales.create(sale);
		let clock = '2026-11-21T22:00:00.000Z';
		const journal = new Journal(store, () => new Date(clock));
		await returned(journal, 'station', 100, true);
		clock = '2026-11-22T19:00:00.000Z';
		await returned(journal, 'station', 400, true);
		await returned(journal, 'station', 200, false);
		await returned(journal, 'station', 200, undefined);
		const devices = [
			{ id: 'kiosk-a', name: 'Bar' },
			{ id: 'kiosk-b', name: 'Garden' },
			{ id: 'kiosk-c', name: 'Hall' },
			{ id: 'station', name: 'Returns' }
		];
		const read = await readDayReport(
			{
				store,
				sales,
				journal,
				devices: { list: async () => devices },
				catalog: { currencyCode: async () => 'EUR' },
				config: { venueTimeZone: 'UTC' }
			} as never,
			'2026-11-22',
			new Date('2026-11-23T08:00:00.000Z')
		);
		report = read!.report;
	});
	afterAll(() => store.close());

	it('counts each kiosk’s paid sales, and the total is their sum', () => {
		expect(report.kiosks.map((kiosk) => [kiosk.name, kiosk.figures.salesCount])).toEqual([
			['Bar', 1],
			['Garden', 1],
			['Hall', 0],
			['Returns', 0]
		]);
		const [bar, garden] = report.kiosks.map((kiosk) => kiosk.figures);
		expect(bar).toMatchObject({ paidMinor: 500, cardMinor: 500, creditsMinor: 0 });
		expect(garden).toMatchObject({
			grossMinor: 1000,
			discountMinor: 100,
			paidMinor: 900,
			creditsMinor: 300,
			cardMinor: 600
		});
		expect(report.total).toMatchObject({ salesCount: 2, paidMinor: 1400, creditsMinor: 300 });
		expect(report.total.vat).toEqual([
			{ vatBp: 1900, grossMinor: 1400, vatMinor: 80 + 144, netMinor: 1400 - 224 }
		]);
	});

	it('takes the refunds confirmed in the day, of a sale of any day; open ones counted apart', () => {
		const garden = report.kiosks[1]!.figures;
		expect(garden.refundedCardMinor).toBe(200);
		expect(garden.refundsOpen).toBe(1);
		expect(garden.netMinor).toBe(900 - 200);
		expect(report.total.netMinor).toBe(1400 - 200);
	});

	it('the return stations’ returns of the day, and the cash staff paid out', () => {
		expect(report.kiosks[3]!.figures).toMatchObject({
			returnsCount: 3,
			depositsRefundedMinor: 800,
			cashPaidOutMinor: 400,
			paidMinor: 0
		});
		expect(report.total).toMatchObject({ returnsCount: 3, depositsRefundedMinor: 800 });
	});

	it('the deposit ledger per issuing kiosk and in total, to the end of a day gone by', () => {
		const hall = report.kiosks[2]!.deposits;
		expect(hall).toMatchObject({
			outAtStart: { containers: 2, minor: 400 },
			forfeited: { containers: 2, minor: 400 },
			outAtEnd: { containers: 0, minor: 0 }
		});
		expect(report.deposits).toEqual(hall);
		expect(report.depositsUntil).toBe(TO);
	});

	it('sales per hour and the top products', () => {
		expect(report.hours).toEqual([{ hour: 18, salesCount: 2, paidMinor: 1400 }]);
		expect(report.topProducts).toEqual([
			{ productId: 'beer', name: { en: 'Beer', de: 'Bier' }, quantity: 3, paidMinor: 1400 }
		]);
	});

	it('as CSV: a row per kiosk and the total, exact decimals, VAT per rate as columns', async () => {
		const lines = (
			await csvText(
				{ ...report, kiosks: [{ ...report.kiosks[0]!, name: '=HYPERLINK("x")' }] },
				'Total'
			)
		).split('\r\n');
		expect(lines[0]).toBe(
			'day,kiosk,currency,sales,gross,discount,paid,credits,card,service_fee,deposits,' +
				'refunded_credits,refunded_card,net,deposits_refunded_at_returns,cash_paid_out_at_returns,' +
				'deposit_containers,refunds_open,returns,net_19,vat_19,gross_19,' +
				'ledger_containers_out_at_start,ledger_deposits_out_at_start,' +
				'ledger_containers_issued,ledger_deposits_issued,' +
				'ledger_containers_returned,ledger_deposits_returned,' +
				'ledger_containers_forfeited,ledger_deposits_forfeited,' +
				'ledger_containers_out_at_end,ledger_deposits_out_at_end'
		);
		expect(lines[1]).toBe(
			`2026-11-22,"'=HYPERLINK(""x"")",EUR,1,5.00,0.00,5.00,0.00,5.00,0.00,0.00,0.00,0.00,5.00,0.00,0.00,0,0,0,4.20,0.80,5.00,` +
				'0,0.00,0,0.00,0,0.00,0,0.00,0,0.00'
		);
		expect(lines[2]).toBe(
			'2026-11-22,Total,EUR,2,15.00,1.00,14.00,3.00,11.00,0.00,0.00,0.00,2.00,12.00,8.00,4.00,0,1,3,11.76,2.24,14.00,' +
				'2,4.00,0,0.00,0,0.00,2,4.00,0,0.00'
		);
	});
});
