/**
 * The day report of a seeded day, read from the store as the page and the CSV read it, pinned on
 * both engines (one snapshot for both: the test's name does not carry the engine). The day holds
 * card, credit and split sales, priced options, several VAT rates, deposits and their returns,
 * staff refunds (of the day's sales and of the day before's), open sales, and sales on the day's
 * edges, at three kiosks in a time zone whose day is not UTC's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SaleRefund } from '#lib/shared/refunds.ts';
import { Journal } from '../journal/journal.ts';
import { JournalOperation } from '../journal/journal-operation.ts';
import { codeFingerprint } from '../returns/return-entries.ts';
import { SaleRepository } from '../sales/sale-repository.ts';
import type { Sale } from '../sales/sale.ts';
import { refundFactory, saleFactory } from '../sales/testing/factories.ts';
import type { Store } from '../store/store.ts';
import { ENGINES, openTestStore } from '../store/testing/test-stores.ts';
import { dayReportToCsv } from './day-report-csv.ts';
import { depositLedgers, issuedContainersOf } from './deposit-ledger.ts';

const csvText = (...args: Parameters<typeof dayReportToCsv>) =>
	new Response(dayReportToCsv(...args)).text();
import { readDayReport } from './day-report-source.ts';
import { daySale } from './testing/seeded-day.ts';

const TIME_ZONE = 'Europe/Berlin';
const DAY = '2026-11-22';
/** The Berlin day in UTC. */
const FROM = Date.parse('2026-11-21T23:00:00.000Z');
const TO = Date.parse('2026-11-22T23:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const SALES = 240;

const refund = (
	at: string,
	kind: SaleRefund['kind'],
	amountMinor: number,
	outcome: SaleRefund['outcome']
): SaleRefund => refundFactory({ at, kind, amountMinor, outcome });

/** Builds the day in `store`; every sale and journal entry is written as the checkout writes it. */
async function seedDay(store: Store): Promise<void> {
	let clock = FROM;
	const journal = new Journal(store, () => new Date(clock));
	const sales = new SaleRepository(store);
	const save = async (sale: Sale) => {
		await sales.create(sale);
		if (sale.paidAt === null || sale.orderNumber === null) return;
		clock = Date.parse(sale.paidAt);
		if (sale.cardPaidMinor > 0 || sale.id.endsWith('7')) {
			const id = await journal.begin({
				deviceId: sale.deviceId,
				operation: JournalOperation.cardPayment,
				reference: sale.id,
				request: { amountMinor: sale.cardPaidMinor }
			});
			await journal.settle(id, sale.id.endsWith('3') ? 'resolved' : 'succeeded');
		}
		// One credit sale in five has no finalize the journal knows of.
		if (sale.credits && !sale.id.endsWith('5')) {
			const id = await journal.begin({
				deviceId: sale.deviceId,
				operation: JournalOperation.creditFinalize,
				reference: sale.id,
				request: {}
			});
			await journal.settle(id, 'succeeded');
		}
	};
	const step = Math.floor((TO - FROM) / SALES);
	for (let index = 0; index < SALES; index += 1) {
		const paidAt = FROM + index * step + (index % 7) * 1000;
		let sale = daySale(index, iso(paidAt), iso(paidAt + 6 * 3_600_000));
		if (index % 11 === 0)
			sale = {
				...sale,
				refunds: [
					refund(iso(paidAt + 600_000), 'card', 150, 'refunded'),
					...(sale.credits
						? [refund(iso(paidAt + 700_000), 'credits', sale.credits.creditsMinor, 'refunded')]
						: []),
					refund(iso(paidAt + 800_000), 'card', 100, index % 2 === 0 ? 'uncertain' : 'failed')
				]
			};
		// Paid, but the deposit code could not be issued: a sale of the day all the same.
		if (index % 13 === 0) sale = { ...sale, state: 'needs-staff' };
		await save(sale);
	}
	// The day's edges: paid at its first instant (in), at its end and just before its start (out).
	await save(daySale(1001, iso(FROM), iso(FROM + 3_600_000)));
	await save(daySale(1002, iso(TO), iso(TO + 3_600_000)));
	await save(daySale(1003, iso(FROM - 1), iso(FROM + 7_200_000)));
	// Yesterday's sale, refunded today; its cups out this morning, one returned, the rest forfeited.
	await save({
		...daySale(1004, iso(FROM - 3_600_000), iso(FROM + 5 * 3_600_000)),
		refunds: [
			refund(iso(FROM - 1_800_000), 'card', 50, 'refunded'),
			refund(iso(FROM + 1_800_000), 'card', 70, 'refunded')
		]
	});
	// Not sales of the day: one left open, one given up, one needing staff before payment.
	await save(saleFactory({ id: 'open', deviceId: 'kiosk-bar', createdAt: iso(FROM + 1000) }));
	await save(
		saleFactory({ id: 'abandoned', deviceId: 'kiosk-bar', state: 'abandoned', paidAt: null })
	);
	await save({
		...daySale(1005, iso(FROM + 9_000_000), iso(TO)),
		orderNumber: null,
		state: 'needs-staff'
	});

	// The return station: cups of some sales returned, one return the day before.
	const returnAt = async (at: number, code: string, returned: number, payOut: boolean) => {
		clock = at;
		const id = await journal.begin({
			deviceId: 'station',
			operation: JournalOperation.depositValidate,
			reference: `return-${at}`,
			request: {
				codeFingerprint: codeFingerprint(code),
				items: [{ categoryId: 'cup', quantity: returned }],
				before: [],
				payOut
			}
		});
		await journal.settle(id, 'succeeded', {
			result: {
				lines: [
					{
						categoryId: 'cup',
						name: 'Cup',
						returned,
						remaining: 0,
						unitMinor: 200,
						refundMinor: returned * 200,
						currencyCode: 'EUR',
						expirationHours: 24,
						deadline: null
					}
				]
			}
		});
	};
	await returnAt(FROM - 600_000, 'CODE1004', 1, true);
	for (let index = 0; index < SALES; index += 9) {
		const paidAt = FROM + index * step + (index % 7) * 1000;
		// Some within the window, one after the deadline (counted at the deadline).
		await returnAt(
			paidAt + (index % 2 === 0 ? 3_600_000 : 6 * 3_600_000 + 60_000),
			`CODE${index}`,
			1,
			index % 2 === 0
		);
	}
}

describe('the day report read from the store', () => {
	let store: Store;
	beforeAll(async () => {
		store = await openTestStore(ENGINES[0]!);
		await seedDay(store);
	});
	afterAll(() => store.close());

	const read = (now: number) =>
		readDayReport(
			{
				store,
				sales: new SaleRepository(store),
				journal: new Journal(store),
				devices: {
					list: async () => [
						{ id: 'kiosk-bar', name: 'Bar' },
						{ id: 'kiosk-garden', name: 'Garden' },
						{ id: 'station', name: 'Returns' }
					]
				},
				catalog: { currencyCode: async () => 'EUR' },
				config: { venueTimeZone: TIME_ZONE }
			} as never,
			DAY,
			new Date(now)
		);

	it('pins the figures, the ledger and the journal check of a day gone by', async () => {
		const read_ = await read(TO + 86_400_000);
		expect(read_!.report.total.salesCount).toBeGreaterThan(200);
		expect(read_).toMatchSnapshot();
		expect(await csvText(read_!.report, 'Total')).toMatchSnapshot();
	});

	it('pins the ledger of the day while it runs', async () => {
		const read_ = await read(FROM + 13 * 3_600_000);
		expect({
			deposits: read_!.report.deposits,
			until: read_!.report.depositsUntil
		}).toMatchSnapshot();
		expect(read_!.report.kiosks.map((kiosk) => kiosk.deposits)).toMatchSnapshot();
	});

	it('counts containers that expire at different times by the ledger’s rules', async () => {
		const paidAt = FROM + 3_600_000;
		const base = daySale(3000, iso(paidAt), iso(paidAt + 3_600_000));
		const mixed: Sale = {
			...base,
			deviceId: 'kiosk-mixed',
			quote: {
				...base.quote,
				depositLines: [
					...base.quote.depositLines,
					{ ...base.quote.depositLines[0]!, categoryId: 'plate', name: 'Plate', unitMinor: 500 }
				]
			},
			deposit: {
				...base.deposit!,
				categories: [
					...base.deposit!.categories,
					{ categoryId: 'plate', name: 'Plate', count: 2, expiresAt: iso(TO + 3_600_000) }
				]
			}
		};
		const other = await openTestStore(ENGINES[0]!);
		try {
			await new SaleRepository(other).create(mixed);
			const read_ = await readDayReport(
				{
					store: other,
					sales: new SaleRepository(other),
					journal: new Journal(other),
					devices: { list: async () => [] },
					catalog: { currencyCode: async () => 'EUR' },
					config: { venueTimeZone: TIME_ZONE }
				} as never,
				DAY,
				new Date(TO + 86_400_000)
			);
			const book = depositLedgers({ from: iso(FROM), until: iso(TO), returns: [] });
			book.count(issuedContainersOf(mixed)!);
			expect(
				read_!.report.kiosks.find((kiosk) => kiosk.deviceId === 'kiosk-mixed')!.deposits
			).toEqual(book.ledgers.get('kiosk-mixed'));
			expect(book.ledgers.get('kiosk-mixed')!.forfeited.containers).toBeGreaterThan(0);
			expect(book.ledgers.get('kiosk-mixed')!.outAtEnd.containers).toBe(2);
		} finally {
			await other.close();
		}
	});
});
