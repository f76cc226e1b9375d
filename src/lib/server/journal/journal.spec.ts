import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
	PlatformApiError,
	PlatformNetworkError,
	PlatformTimeoutError
} from '../platform/errors.ts';
import type { Store } from '../store/store.ts';
import { ENGINES, openSharedTestStores, openTestStore } from '../store/testing/test-stores.ts';
import { Journal, journalToCsv, type JournalStatus } from './journal.ts';

const at = new Date('2026-11-22T12:00:00Z');
const call = {
	deviceId: 'dev-1',
	operation: 'credits.finalize',
	reference: 'sale-1',
	request: { id: 'ctx_1' }
};

describe.each(ENGINES)('the journal on %s', (engine) => {
	let store: Store;
	let journal: Journal;
	beforeEach(async () => {
		store = await openTestStore(engine);
		journal = new Journal(store, () => at);
	});
	afterEach(() => store.close());

	describe('Journal.prune', () => {
		it('deletes the settled entries last changed before a time, a batch at a time; never an open one or one that needs staff', async () => {
			let now = new Date('2026-01-01T10:00:00Z');
			const old = new Journal(store, () => now);
			const statuses = ['succeeded', 'failed', 'resolved', 'pending', 'uncertain', 'needs-staff'];
			for (const status of statuses) {
				const id = await old.begin({ ...call, reference: status });
				if (status !== 'pending') await old.settle(id, status as JournalStatus);
			}
			// Settled long ago, changed lately: kept.
			const late = await old.begin({ ...call, reference: 'late' });
			now = new Date('2026-11-22T10:00:00Z');
			await old.settle(late, 'resolved');
			const before = new Date('2026-06-01T00:00:00Z');
			expect(await journal.prune(before, 2)).toBe(2);
			expect(await journal.prune(before, 2)).toBe(1);
			expect(await journal.prune(before, 2)).toBe(0);
			expect((await journal.list()).map((entry) => entry.reference).sort()).toEqual([
				'late',
				'needs-staff',
				'pending',
				'uncertain'
			]);
		});
	});

	describe('Journal.record', () => {
		it('writes the entry before the call is sent', async () => {
			await journal.record(call, async () => {
				expect(await journal.list()).toMatchObject([{ status: 'pending', attempts: 1 }]);
				return { totalCreditsMinor: 450 };
			});
		});

		it('marks success with the summarized result', async () => {
			await journal.record(
				call,
				async () => ({ total: 450, secret: 'x' }),
				(result) => ({ total: result.total })
			);
			expect(await journal.list()).toEqual([
				{
					id: 1,
					...call,
					status: 'succeeded',
					errorCode: null,
					result: { total: 450 },
					attempts: 1,
					createdAt: at.toISOString(),
					updatedAt: at.toISOString(),
					heldBy: null
				}
			]);
		});

		it('a refusal by the platform is a known failure with its error code', async () => {
			const refusal = new PlatformApiError('op', 400, 'INSUFFICIENT_CREDIT', 'short', []);
			await expect(journal.record(call, () => Promise.reject(refusal))).rejects.toBe(refusal);
			expect((await journal.list())[0]).toMatchObject({
				status: 'failed',
				errorCode: 'INSUFFICIENT_CREDIT'
			});
		});

		it.each([
			['a timeout', new PlatformTimeoutError('op', 100), 'timeout'],
			['a lost connection', new PlatformNetworkError('op', 'reset', 'uncertain'), 'network'],
			['a defect', new Error('boom'), 'internal-error']
		])('%s leaves the outcome uncertain', async (_, error, code) => {
			await expect(journal.record(call, () => Promise.reject(error))).rejects.toBe(error);
			expect((await journal.list())[0]).toMatchObject({ status: 'uncertain', errorCode: code });
			expect(await journal.unresolved()).toHaveLength(1);
		});

		it('an unreachable platform (refused before sending) is a known failure', async () => {
			const refused = new PlatformNetworkError('op', 'ECONNREFUSED', 'known');
			await expect(journal.record(call, () => Promise.reject(refused))).rejects.toBe(refused);
			expect((await journal.list())[0]).toMatchObject({ status: 'failed', errorCode: 'network' });
		});
	});

	describe('Journal queries', () => {
		it('filters by status, device, operation and reference, newest first', async () => {
			const a = await journal.begin(call);
			const b = await journal.begin({ ...call, operation: 'deposits.create', reference: 'sale-2' });
			await journal.settle(a, 'succeeded');
			await journal.retrying(b);
			expect((await journal.list({ status: 'pending' })).map((e) => e.id)).toEqual([b]);
			expect((await journal.list({ operation: 'credits.finalize' })).map((e) => e.id)).toEqual([a]);
			expect((await journal.list({ reference: 'sale-2' })).map((e) => e.id)).toEqual([b]);
			expect((await journal.list({ deviceId: 'dev-2' })).map((e) => e.id)).toEqual([]);
			expect((await journal.list()).map((e) => e.id)).toEqual([b, a]);
			expect((await journal.list({ limit: 1 })).map((e) => e.id)).toEqual([b]);
			expect((await journal.unresolved()).map((e) => e.id)).toEqual([b]);
			expect((await journal.get(b))?.attempts).toBe(2);
		});
	});

	describe('who works an open entry (several servers on one store)', () => {
		let clock: Date;
		let stores: Store[];
		/** A server's journal; `server` names it across its restarts. */
		const serverJournal = (index: number, server: string) =>
			new Journal(stores[index]!, () => clock, { server, ms: 60_000 });
		beforeEach(async () => {
			clock = new Date('2026-11-22T12:00:00Z');
			stores = await openSharedTestStores(engine, 2);
		});
		afterEach(async () => {
			await Promise.all(stores.map((shared) => shared.close()));
		});
		const open = async (journalOf: Journal, id: number) =>
			(await journalOf.unresolved()).find((entry) => entry.id === id)!;

		it('an entry in flight on A is left alone by B until A’s hold lapses; then one of two claims wins', async () => {
			const a = serverJournal(0, 'server-a');
			const b = serverJournal(1, 'server-b');
			// A third server, on the other connection: the two claims race between connections.
			const c = serverJournal(0, 'server-c');
			const id = await a.begin(call);
			expect((await open(b, id)).heldBy).toMatch(/^server-a#/);
			expect(await b.claim(await open(b, id))).toBe(false);
			clock = new Date(clock.getTime() + 59_999);
			expect(await b.claim(await open(b, id))).toBe(false);
			clock = new Date(clock.getTime() + 1);
			const entry = await open(b, id);
			const claims = await Promise.all([b.claim(entry), c.claim(entry)]);
			expect(claims.filter(Boolean)).toHaveLength(1);
			const winner = claims[0] ? 'server-b' : 'server-c';
			expect((await open(a, id)).heldBy).toMatch(new RegExp(`^${winner}#`));
		});

		it('a restarted server takes over its earlier run’s entries at once; settling frees an entry', async () => {
			const before = serverJournal(0, 'server-a');
			const id = await before.begin(call);
			const other = serverJournal(1, 'server-b');
			expect(await other.claim(await open(other, id))).toBe(false);
			const restarted = serverJournal(1, 'server-a');
			expect(await restarted.claim(await open(restarted, id))).toBe(true);
			// Now the restarted run holds it: the other server still waits.
			expect(await other.claim(await open(other, id))).toBe(false);
			await restarted.settle(id, 'uncertain', { errorCode: 'timeout' });
			expect((await open(other, id)).heldBy).toBeNull();
			expect(await other.claim(await open(other, id))).toBe(true);
			await other.release(id);
			expect((await open(other, id)).heldBy).toBeNull();
		});
	});

	describe('journalToCsv', () => {
		it('quotes what needs quoting and defuses spreadsheet formulas', async () => {
			const id = await journal.begin({ ...call, reference: '=HYPERLINK("x")' });
			await journal.settle(id, 'failed', { errorCode: 'X' });
			const csv = journalToCsv(await journal.list());
			const [header, row] = csv.trimEnd().split('\r\n');
			expect(header).toBe(
				'id,createdAt,updatedAt,deviceId,operation,reference,status,errorCode,attempts,request,result'
			);
			expect(row).toBe(
				`1,${at.toISOString()},${at.toISOString()},dev-1,credits.finalize,"'=HYPERLINK(""x"")",failed,X,1,"{""id"":""ctx_1""}",`
			);
		});
	});
});
