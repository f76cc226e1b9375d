import { describe, expect, it } from 'vitest';
import type { DepositLedger } from '#lib/shared/day-report.ts';
import type { ReturnRecord } from '../returns/return-records.ts';
import { codeFingerprint } from '../returns/return-entries.ts';
import type { Sale } from '../sales/sale.ts';
import { quoteFactory, saleFactory } from '../sales/testing/factories.ts';
import {
	addLedger,
	depositLedgers,
	emptyLedger,
	issuedContainersOf,
	type DepositLedgerInput
} from './deposit-ledger.ts';

const FROM = '2026-11-22T00:00:00.000Z';
const UNTIL = '2026-11-23T00:00:00.000Z';

const CUP = { categoryId: 'cup', name: 'Cup', unitMinor: 200 };
const PLATE = { categoryId: 'plate', name: 'Plate', unitMinor: 500 };

/** A paid sale that issued `count` containers of each category, expiring at `expiresAt`. */
function issued(
	code: string,
	paidAt: string,
	expiresAt: string,
	counts: { cup?: number; plate?: number },
	deviceId = 'kiosk-1'
): Sale {
	const categories = [
		{ ...CUP, count: counts.cup ?? 0 },
		{ ...PLATE, count: counts.plate ?? 0 }
	].filter((category) => category.count > 0);
	return saleFactory({
		id: code,
		deviceId,
		state: 'completed',
		orderNumber: `K-${code}`,
		paidAt,
		quote: quoteFactory({
			depositLines: categories.map((category) => ({
				categoryId: category.categoryId,
				name: category.name,
				quantity: category.count,
				unitMinor: category.unitMinor,
				vatBp: 0,
				lineMinor: category.unitMinor * category.count,
				expirationHours: 24
			}))
		}),
		deposit: {
			code,
			sequenceNumber: code,
			categories: categories.map(({ categoryId, name, count }) => ({
				categoryId,
				name,
				count,
				expiresAt
			}))
		}
	});
}

/** The ledgers of `sales`, counted as the report counts them. */
function ledgersOf({ sales, ...input }: DepositLedgerInput & { sales: readonly Sale[] }) {
	const book = depositLedgers(input);
	for (const sale of sales) {
		const issued = issuedContainersOf(sale);
		if (issued) book.count(issued);
	}
	return book.ledgers;
}

/** A station's return of containers of one code. */
const returnOf = (
	code: string | null,
	at: string,
	lines: { categoryId: string; returned: number }[]
): ReturnRecord => ({
	returnId: `${code}-${at}`,
	deviceId: 'station-1',
	codeFingerprint: code === null ? null : codeFingerprint(code),
	at,
	lines: lines.map((line) => ({
		...line,
		name: line.categoryId,
		remaining: 0,
		unitMinor: 0,
		refundMinor: 0,
		currencyCode: 'EUR',
		expirationHours: 24,
		deadline: null
	})),
	refundMinor: 0,
	payOut: null
});

/** Out at start + issued − returned − forfeited = out at end, in containers and in money. */
function expectBalances(ledger: DepositLedger) {
	for (const unit of ['containers', 'minor'] as const)
		expect(
			ledger.outAtStart[unit] + ledger.issued[unit] - ledger.returned[unit] - ledger.forfeited[unit]
		).toBe(ledger.outAtEnd[unit]);
}

describe('depositLedgers', () => {
	it('follows each container: out, issued, returned, forfeited, out at the end', () => {
		const sales = [
			// Issued the day before, two cups returned that day, one today, one forfeited today.
			issued('yesterday', '2026-11-21T12:00:00.000Z', '2026-11-22T12:00:00.000Z', { cup: 4 }),
			// Issued today, still out tonight: one cup returned, a plate out.
			issued('today', '2026-11-22T15:00:00.000Z', '2026-11-23T15:00:00.000Z', {
				cup: 2,
				plate: 1
			})
		];
		const returns = [
			returnOf('yesterday', '2026-11-21T20:00:00.000Z', [{ categoryId: 'cup', returned: 2 }]),
			returnOf('yesterday', '2026-11-22T09:00:00.000Z', [{ categoryId: 'cup', returned: 1 }]),
			returnOf('today', '2026-11-22T18:00:00.000Z', [{ categoryId: 'cup', returned: 1 }]),
			// Issued elsewhere, or a journal entry that cannot be read: not ours to count.
			returnOf('elsewhere', '2026-11-22T18:00:00.000Z', [{ categoryId: 'cup', returned: 5 }]),
			returnOf(null, '2026-11-22T18:00:00.000Z', [{ categoryId: 'cup', returned: 5 }])
		];

		const ledger = ledgersOf({ from: FROM, until: UNTIL, sales, returns }).get('kiosk-1')!;

		expect(ledger).toEqual({
			outAtStart: { containers: 2, minor: 400 },
			issued: { containers: 3, minor: 900 },
			returned: { containers: 2, minor: 400 },
			forfeited: { containers: 1, minor: 200 },
			outAtEnd: { containers: 2, minor: 700 }
		});
		expectBalances(ledger);
	});

	it('while the day runs, a deadline still to come is no forfeit: the containers are out', () => {
		const sales = [
			issued('evening', '2026-11-21T20:00:00.000Z', '2026-11-22T20:00:00.000Z', { cup: 3 })
		];
		const running = ledgersOf({
			from: FROM,
			until: '2026-11-22T16:00:00.000Z',
			sales,
			returns: []
		}).get('kiosk-1')!;
		expect(running.forfeited.containers).toBe(0);
		expect(running.outAtEnd).toEqual({ containers: 3, minor: 600 });

		const closed = ledgersOf({ from: FROM, until: UNTIL, sales, returns: [] }).get('kiosk-1')!;
		expect(closed.forfeited).toEqual({ containers: 3, minor: 600 });
		expect(closed.outAtEnd.containers).toBe(0);
	});

	it('a return taken in the minutes after the deadline, before the expiry check, is no forfeit', () => {
		const sales = [
			issued('late', '2026-11-21T23:00:00.000Z', '2026-11-22T23:58:00.000Z', { cup: 2 })
		];
		const returns = [
			returnOf('late', '2026-11-23T00:01:00.000Z', [{ categoryId: 'cup', returned: 1 }])
		];
		const today = ledgersOf({ from: FROM, until: UNTIL, sales, returns }).get('kiosk-1')!;
		const tomorrow = ledgersOf({
			from: UNTIL,
			until: '2026-11-24T00:00:00.000Z',
			sales,
			returns
		}).get('kiosk-1');

		expect(today.returned.containers).toBe(1);
		expect(today.forfeited.containers).toBe(1);
		expectBalances(today);
		// The day after sees the code no more: its deadline lies before that day.
		expect(tomorrow).toEqual(emptyLedger());
	});

	it('a return at the very start of the period belongs to it; the boundaries add up', () => {
		const sales = [issued('edge', FROM, UNTIL, { cup: 2 })];
		const returns = [returnOf('edge', FROM, [{ categoryId: 'cup', returned: 1 }])];
		const ledger = ledgersOf({ from: FROM, until: UNTIL, sales, returns }).get('kiosk-1')!;
		expect(ledger.issued.containers).toBe(2);
		expect(ledger.returned.containers).toBe(1);
		expect(ledger.forfeited.containers).toBe(1);
		expectBalances(ledger);
	});

	it('by issuing kiosk; unpaid sales and sales without containers issue nothing', () => {
		const sales = [
			issued('a', '2026-11-22T10:00:00.000Z', UNTIL.replace('23', '24'), { cup: 1 }, 'kiosk-1'),
			issued('b', '2026-11-22T11:00:00.000Z', UNTIL.replace('23', '24'), { plate: 2 }, 'kiosk-2'),
			{
				...issued('c', '2026-11-22T12:00:00.000Z', UNTIL, { cup: 9 }, 'kiosk-3'),
				state: 'abandoned' as const
			},
			{ ...issued('d', '2026-11-22T12:00:00.000Z', UNTIL, {}, 'kiosk-4'), deposit: null }
		];
		const ledgers = ledgersOf({ from: FROM, until: UNTIL, sales, returns: [] });
		expect([...ledgers.keys()]).toEqual(['kiosk-1', 'kiosk-2']);
		const total = emptyLedger();
		for (const ledger of ledgers.values()) addLedger(total, ledger);
		expect(total.issued).toEqual({ containers: 3, minor: 1200 });
		expect(total.outAtEnd).toEqual({ containers: 3, minor: 1200 });
		expectBalances(total);
	});

	it('balances on a random week of sales and returns', () => {
		let seed = 7;
		const random = (below: number) => {
			seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
			return seed % below;
		};
		const hour = (h: number) => new Date(Date.parse(FROM) + (h - 72) * 3_600_000).toISOString();
		const sales: Sale[] = [];
		const returns: ReturnRecord[] = [];
		for (let index = 0; index < 200; index += 1) {
			const paidAt = random(144);
			const counts = { cup: 1 + random(4), plate: random(3) };
			sales.push(
				issued(`s${index}`, hour(paidAt), hour(paidAt + 12 + random(48)), counts, `k${random(3)}`)
			);
			for (const [categoryId, count] of Object.entries(counts))
				if (count > 0 && random(2) === 0)
					returns.push(
						returnOf(`s${index}`, hour(paidAt + 1 + random(10)), [
							{ categoryId, returned: 1 + random(count) }
						])
					);
		}
		for (let day = 0; day < 6; day += 1) {
			const range = { from: hour(day * 24), until: hour(day * 24 + 24) };
			for (const ledger of ledgersOf({ ...range, sales, returns }).values()) expectBalances(ledger);
		}
	});
});
