import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { transact } from '../store/after-commit.ts';
import type { Store } from '../store/store.ts';
import { ENGINES, openTestStore } from '../store/testing/test-stores.ts';
import { SaleConflictError, SaleRepository } from './sale-repository.ts';
import { orderNumberMatch, type SaleSearch } from './sale-search.ts';
import { creditsFactory, quoteFactory, saleFactory } from './testing/factories.ts';

describe.each(ENGINES)('SaleRepository on %s', (engine) => {
	let store: Store;
	let sales: SaleRepository;
	beforeEach(async () => {
		store = await openTestStore(engine);
		sales = new SaleRepository(store, { now: () => new Date('2026-11-22T10:00:00.000Z') });
	});
	afterEach(() => store.close());

	it('saves compare-and-set: a save from a stale copy is refused and changes nothing', async () => {
		const created = await sales.create(saleFactory());
		const claimed = await sales.save({ ...created, state: 'card-pending' });
		expect(claimed.version).toBe(1);
		await expect(sales.save({ ...created, state: 'abandoned' })).rejects.toThrow(SaleConflictError);
		expect(await sales.get(created.id)).toMatchObject({ state: 'card-pending', version: 1 });
	});

	it('of two saves from the same copy at once, exactly one is stored', async () => {
		const created = await sales.create(saleFactory());
		const outcomes = await Promise.allSettled([
			sales.save({ ...created, state: 'card-pending' }),
			new SaleRepository(store).save({ ...created, state: 'abandoned' })
		]);
		const saved = outcomes.filter((outcome) => outcome.status === 'fulfilled');
		expect(saved).toHaveLength(1);
		expect(await sales.get(created.id)).toEqual(saved[0]!.value);
	});

	it('tells of a save in a transaction only once it commits, never of a rolled-back one', async () => {
		const heard: string[] = [];
		const telling = new SaleRepository(store, { onSaved: (sale) => heard.push(sale.state) });
		const created = await telling.create(saleFactory());
		expect(heard).toEqual(['quoted']);
		await expect(
			transact(store.db, async (db) => {
				await telling.save({ ...created, state: 'card-pending' }, db);
				throw new Error('commit refused');
			})
		).rejects.toThrow('commit refused');
		expect(heard).toEqual(['quoted']);
		await transact(store.db, async (db) => {
			await telling.save({ ...created, state: 'abandoned' }, db);
			expect(heard).toEqual(['quoted']);
		});
		expect(heard).toEqual(['quoted', 'abandoned']);
	});

	it('a sale saved before staff refunds existed reads with none', async () => {
		const created = await sales.create(saleFactory());
		const older: Partial<typeof created> = { ...created };
		delete older.refunds;
		await store.db
			.updateTable('sales')
			.set({ body: JSON.stringify(older) })
			.where('id', '=', created.id)
			.execute();
		expect((await sales.get(created.id))?.refunds).toEqual([]);
	});

	it('fills in what the day report sums of the paid sales saved before it was kept', async () => {
		const paidSale = saleFactory({
			id: 'paid',
			state: 'completed',
			orderNumber: 'K-001',
			paidAt: '2026-11-22T10:00:00.000Z',
			quote: quoteFactory({ serviceFeeMinor: 30, serviceFeeVatBp: 1900 }),
			cardPaidMinor: 30
		});
		await sales.create(paidSale);
		await sales.create(saleFactory({ id: 'open' }));
		const reportOf = async (id: string) =>
			store.db
				.selectFrom('sales')
				.select(['report_vat', 'report_fee_minor', 'report_card_minor'])
				.where('id', '=', id)
				.executeTakeFirstOrThrow();
		const kept = await reportOf('paid');
		expect(kept).toEqual({
			report_vat: '[[1900,30,5]]',
			report_fee_minor: 30,
			report_card_minor: 30
		});
		// As the migration leaves a sale paid before: nothing kept.
		await store.db
			.updateTable('sales')
			.set({ report_vat: null, report_fee_minor: null, report_card_minor: null })
			.execute();
		await sales.keepReportColumns(1);
		expect(await reportOf('paid')).toEqual(kept);
		expect(await reportOf('open')).toEqual({
			report_vat: null,
			report_fee_minor: null,
			report_card_minor: null
		});
	});

	it('lists the unfinished sales (open or in payment) and those needing staff', async () => {
		for (const state of ['quoted', 'card-paid', 'completed', 'abandoned', 'needs-staff'] as const) {
			await sales.create(saleFactory({ id: state, state }));
		}
		expect((await sales.unfinished()).map((sale) => sale.id).sort()).toEqual([
			'card-paid',
			'quoted'
		]);
		expect((await sales.needingStaff()).map((sale) => sale.id)).toEqual(['needs-staff']);
	});

	it('finds the paid orders of the given kiosks since a time, oldest first', async () => {
		const paid = (id: string, deviceId: string, createdAt: string, orderNumber: string) =>
			saleFactory({ id, deviceId, createdAt, orderNumber, state: 'completed' });
		await sales.create(paid('late', 'kiosk-1', '2026-11-22T10:05:00.000Z', 'K-002'));
		await sales.create(paid('early', 'kiosk-1', '2026-11-22T10:01:00.000Z', 'K-001'));
		await sales.create(paid('other-kiosk', 'kiosk-2', '2026-11-22T10:02:00.000Z', 'K-001'));
		await sales.create(paid('yesterday', 'kiosk-1', '2026-11-21T10:00:00.000Z', 'K-009'));
		await sales.create(saleFactory({ id: 'unpaid', deviceId: 'kiosk-1' }));
		const since = new Date('2026-11-22T00:00:00.000Z');
		expect((await sales.ordersOf(['kiosk-1'], since)).map((sale) => sale.id)).toEqual([
			'early',
			'late'
		]);
		expect(await sales.ordersOf([], since)).toEqual([]);
	});

	it('counts order numbers per device and day, also when two servers ask at once', async () => {
		const other = new SaleRepository(store, { now: () => new Date('2026-11-22T11:00:00.000Z') });
		const numbers = await Promise.all([
			sales.nextOrderNumber('kiosk-1'),
			other.nextOrderNumber('kiosk-1'),
			sales.nextOrderNumber('kiosk-1'),
			other.nextOrderNumber('kiosk-1')
		]);
		expect(numbers.sort()).toEqual(['K-001', 'K-002', 'K-003', 'K-004']);
		expect(await sales.nextOrderNumber('kiosk-2')).toBe('K-001');
	});
	describe('search', () => {
		const at = (minute: number) => `2026-11-22T10:${String(minute).padStart(2, '0')}:00.000Z`;
		const quote = quoteFactory({ goodsMinor: 1000, totalMinor: 1000 });
		beforeEach(async () => {
			const paid = { state: 'completed' as const, quote, paidAt: at(59) };
			await sales.create(
				saleFactory({ ...paid, id: 'card', createdAt: at(1), orderNumber: 'K-001' })
			);
			await sales.create(
				saleFactory({
					...paid,
					id: 'split',
					deviceId: 'device-2',
					createdAt: at(2),
					orderNumber: 'K-001',
					credits: creditsFactory(
						{ grossMinor: 1000, discountMinor: 100, creditsMinor: 300 },
						{ keyHint: 'c0de' }
					),
					deposit: {
						code: 'CODE-1',
						sequenceNumber: '4711',
						categories: [{ categoryId: 'cup', name: 'Cup', count: 1, expiresAt: at(59) }]
					}
				})
			);
			await sales.create(
				saleFactory({
					...paid,
					id: 'credits',
					createdAt: at(3),
					orderNumber: 'B-002',
					credits: creditsFactory({ grossMinor: 1000, discountMinor: 0, creditsMinor: 1000 })
				})
			);
			await sales.create(saleFactory({ id: 'given-up', state: 'abandoned', createdAt: at(4) }));
			await sales.create(saleFactory({ id: 'waiting', state: 'needs-staff', createdAt: at(5) }));
			await sales.create(saleFactory({ id: 'open', state: 'card-pending', createdAt: at(6) }));
		});
		const ids = async (search: SaleSearch) =>
			(await sales.search(search, { limit: 50 })).sales.map((sale) => sale.id);

		it('finds every sale, newest first, and by each field', async () => {
			expect(await ids({})).toEqual(['open', 'waiting', 'given-up', 'credits', 'split', 'card']);
			expect(await ids({ from: at(2), to: at(4) })).toEqual(['credits', 'split']);
			expect(await ids({ deviceId: 'device-2' })).toEqual(['split']);
			expect(await ids({ orderNumber: orderNumberMatch('k1') })).toEqual(['split', 'card']);
			expect(await ids({ orderNumber: orderNumberMatch('2') })).toEqual(['credits']);
			expect(await ids({ orderNumber: orderNumberMatch('B-001') })).toEqual([]);
			expect(await ids({ status: 'paid' })).toEqual(['credits', 'split', 'card']);
			expect(await ids({ status: 'abandoned' })).toEqual(['given-up']);
			expect(await ids({ status: 'needs-staff' })).toEqual(['waiting']);
			expect(await ids({ status: 'unpaid' })).toEqual(['open']);
			expect(await ids({ status: 'paid', paymentKind: 'card' })).toEqual(['card']);
			expect(await ids({ paymentKind: 'split' })).toEqual(['split']);
			expect(await ids({ paymentKind: 'credits' })).toEqual(['credits']);
			expect(await ids({ minMinor: 900, maxMinor: 900 })).toEqual(['split']);
			expect(await ids({ depositSequence: '4711' })).toEqual(['split']);
			expect(await ids({ keyTail: 'C0DE' })).toEqual(['split']);
		});

		it('pages by the last sale shown, and a new sale does not shift the next page', async () => {
			const first = await sales.search({}, { limit: 4 });
			expect(first.sales.map((sale) => sale.id)).toEqual([
				'open',
				'waiting',
				'given-up',
				'credits'
			]);
			await sales.create(saleFactory({ id: 'newer', createdAt: at(7) }));
			const second = await sales.search({}, { after: first.next!, limit: 4 });
			expect(second.sales.map((sale) => sale.id)).toEqual(['split', 'card']);
			expect(second.next).toBeNull();
		});

		it('finds the sales paid in a period, and those refunded since a time', async () => {
			const refund = (at: string) => ({
				id: `r-${at}.card`,
				requestId: `r-${at}`,
				kind: 'card' as const,
				amountMinor: 100,
				comment: null,
				actor: 'Ana',
				at,
				outcome: 'refunded' as const,
				errorCode: null,
				journalId: 1
			});
			const card = (await sales.get('card'))!;
			await sales.save({ ...card, refunds: [refund(at(30)), refund('2026-11-23T09:00:00.000Z')] });
			const before = await sales.get('credits');
			await sales.save({ ...before!, paidAt: '2026-11-22T11:30:00.000Z' });
			expect(
				(await sales.refundedSince('2026-11-23T00:00:00.000Z')).map((sale) => sale.id)
			).toEqual(['card']);
			expect(await sales.refundedSince('2026-11-24T00:00:00.000Z')).toEqual([]);
		});

		it('names when the earliest sale whose deposits are still out after a time was paid', async () => {
			await sales.create(
				saleFactory({
					state: 'completed',
					quote,
					id: 'early-deposit',
					createdAt: at(10),
					paidAt: at(10),
					orderNumber: 'K-002',
					deposit: {
						code: 'CODE-2',
						sequenceNumber: '4712',
						categories: [
							{ categoryId: 'cup', name: 'Cup', count: 2, expiresAt: '2026-11-22T12:00:00.000Z' }
						]
					}
				})
			);
			expect(await sales.firstPaidWithDepositsOutAfter(at(0))).toBe(at(10));
			expect(await sales.firstPaidWithDepositsOutAfter(at(59))).toBe(at(10));
			expect(await sales.firstPaidWithDepositsOutAfter('2026-11-22T12:00:00.000Z')).toBeNull();
		});

		it('keeps the time of payment with the sale', async () => {
			expect((await sales.get('card'))?.paidAt).toBe(at(59));
			expect((await sales.get('open'))?.paidAt).toBeNull();
		});
	});
});
