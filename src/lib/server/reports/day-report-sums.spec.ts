/**
 * The day's sums as the store adds them up, held against the same sums added up here sale by sale,
 * on both engines, for a venue whose hours are not UTC's: Kolkata's day starts at 18:30 UTC, so
 * every hour's slice reaches into two UTC hours and the index's hour alone would take the wrong
 * sales. Sales lie on the slices' edges, on the day's edges and just outside it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TZDate } from '@date-fns/tz';
import { SaleRepository } from '../sales/sale-repository.ts';
import type { Sale } from '../sales/sale.ts';
import type { Store } from '../store/store.ts';
import { ENGINES, openTestStore } from '../store/testing/test-stores.ts';
import { venueDay } from '../venue-time.ts';
import { daySums } from './day-report-sums.ts';
import { reportColumnsOf } from './report-columns.ts';
import { daySale } from './testing/seeded-day.ts';

const TIME_ZONE = 'Asia/Kolkata';
const DAY = '2026-11-22';
const range = venueDay(DAY, TIME_ZONE)!;
const FROM = Date.parse(range.from);
const TO = Date.parse(range.to);
const MINUTE = 60_000;
const hourOf = (instant: string) => new TZDate(new Date(instant), TIME_ZONE).getHours();

/** Instants on and around the slices' and the day's edges, and in both UTC hours of a slice. */
const PAID_AT = [
	FROM - 1,
	FROM,
	FROM + 1,
	...Array.from({ length: 24 }, (_, hour) => [
		FROM + hour * 60 * MINUTE + 29 * MINUTE,
		FROM + hour * 60 * MINUTE + 31 * MINUTE,
		FROM + (hour + 1) * 60 * MINUTE - 1
	]).flat(),
	TO - 1,
	TO,
	TO + 30 * MINUTE
];

describe.each(ENGINES)('the day sums on %s', (engine) => {
	let store: Store;
	const sales: Sale[] = PAID_AT.map((at, index) =>
		daySale(index, new Date(at).toISOString(), new Date(at + 86_400_000).toISOString())
	);
	beforeAll(async () => {
		store = await openTestStore(engine);
		const repository = new SaleRepository(store);
		for (const sale of sales) await repository.create(sale);
	});
	afterAll(() => store.close());

	it('counts every sale paid in the venue’s day, in its venue hour, and no other', async () => {
		expect(FROM % (60 * MINUTE)).not.toBe(0);
		const inDay = sales.filter((sale) => {
			const at = Date.parse(sale.paidAt!);
			return FROM <= at && at < TO;
		});
		const sums = await daySums(store, range, hourOf);

		const expectedHours = new Map<number, { salesCount: number; paidMinor: number }>();
		let grossMinor = 0;
		for (const sale of inDay) {
			const columns = reportColumnsOf(sale);
			const paid = columns.report_gross_minor! - columns.report_discount_minor!;
			grossMinor += columns.report_gross_minor!;
			const hour = hourOf(sale.paidAt!);
			const figures = expectedHours.get(hour) ?? { salesCount: 0, paidMinor: 0 };
			expectedHours.set(hour, {
				salesCount: figures.salesCount + 1,
				paidMinor: figures.paidMinor + paid
			});
		}
		const kiosks = [...sums.byKiosk.values()];
		expect(kiosks.reduce((count, kiosk) => count + kiosk.salesCount, 0)).toBe(inDay.length);
		expect(kiosks.reduce((gross, kiosk) => gross + kiosk.grossMinor, 0)).toBe(grossMinor);
		expect(sums.hours).toEqual(
			[...expectedHours.entries()]
				.sort(([a], [b]) => a - b)
				.map(([hour, figures]) => ({ hour, ...figures }))
		);
		const quantity = (sale: Sale) => sale.quote.lines.reduce((sum, line) => sum + line.quantity, 0);
		expect(sums.products.reduce((sum, product) => sum + product.quantity, 0)).toBe(
			inDay.reduce((sum, sale) => sum + quantity(sale), 0)
		);
	});
});
