/**
 * The simulated terminal with several kiosk servers on PostgreSQL: the screen's answer may reach
 * another server than the one waiting for the card, and still completes that payment — at once
 * through a change notice, or by the waiting server's own reading of the store. On one server
 * (SQLite) a payment waits in memory alone: nothing written or read for it, no poll.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PostgresNotices } from '../store/change-notices.ts';
import { sharedWithOtherServers, type Store } from '../store/store.ts';
import { ENGINES, openSharedTestStores, openTestStore } from '../store/testing/test-stores.ts';
import { SimulatedTerminal } from './simulated-terminal.ts';

const payment = (reference: string) => ({
	deviceId: 'kiosk-1',
	reference,
	amountMinor: 450,
	currencyCode: 'EUR'
});

/** The engines several servers share: none in the SQLite project. */
const SHARED_ENGINES = ENGINES.filter((engine) => sharedWithOtherServers({ engine }));

describe.each(SHARED_ENGINES)('the simulated terminal on two servers on %s', (engine) => {
	let stores: Store[];
	beforeEach(async () => {
		stores = await openSharedTestStores(engine, 2);
	});
	afterEach(async () => {
		await Promise.all(stores.map((store) => store.close()));
	});

	it('an answer given to server B completes the payment server A waits for, once', async () => {
		const a = new SimulatedTerminal(stores[0]!, { pollMs: 50, answerGraceMs: 100 });
		const b = new SimulatedTerminal(stores[1]!, { pollMs: 50, answerGraceMs: 100 });
		const collecting = a.collect(payment('sale-1.1'));
		await expect.poll(() => a.isPending('sale-1.1')).toBe(true);
		expect(await b.answer('sale-1', 'approved')).toBe(true);
		expect(await collecting).toBe('approved');
		expect(await b.lookup('sale-1.1')).toBe('approved');
		// Answered: nothing waits any more, on either server.
		expect(await b.answer('sale-1', 'declined')).toBe(false);
		expect(await a.answer('sale-1', 'declined')).toBe(false);
	});

	it('no payment waiting: the answer is refused, and a later payment is not answered by it', async () => {
		const a = new SimulatedTerminal(stores[0]!, { pollMs: 50, timeoutMs: 300 });
		const b = new SimulatedTerminal(stores[1]!, { pollMs: 50, answerGraceMs: 200 });
		expect(await b.answer('sale-2', 'approved')).toBe(false);
		expect(await a.collect(payment('sale-2.1'))).toBe('cancelled');
		expect(await b.lookup('sale-2.1')).toBe('cancelled');
	});

	it('an answer that comes just before the payment waits for it still completes it', async () => {
		// The sale shows "in payment" as soon as its claim is saved; the wait starts a moment later.
		// The answer's grace outlasts any machine's load: what is tried is the order, not its speed.
		const a = new SimulatedTerminal(stores[0]!, { pollMs: 50 });
		const b = new SimulatedTerminal(stores[1]!, { pollMs: 50, answerGraceMs: 30_000 });
		const answering = b.answer('sale-4', 'approved');
		await new Promise((resolve) => setTimeout(resolve, 150));
		expect(await a.collect(payment('sale-4.1'))).toBe('approved');
		expect(await answering).toBe(true);
	});

	it('an answer written just before the payment listens completes it without a poll', async () => {
		// Server A has written its waiting row but not yet listened for notices when B's answer
		// lands in the row (and B's notice goes out): A reads its row once it listens. Without
		// that read, A would wait for its poll, an hour here: the test would time out.
		const b = new SimulatedTerminal(stores[1]!, { answerGraceMs: 30_000 });
		const answered: Promise<boolean>[] = [];
		const store = stores[0]!;
		const answeredInTheGap: Store = {
			...store,
			writeLazily: async (work) => {
				const written = await store.writeLazily(work);
				const answer = b.answer('sale-5', 'approved');
				answered.push(answer);
				await answer;
				return written;
			}
		};
		const a = new SimulatedTerminal(answeredInTheGap, { pollMs: 3_600_000 });
		expect(await a.collect(payment('sale-5.1'))).toBe('approved');
		expect(await Promise.all(answered)).toEqual([true]);
	});

	it('an early answer on server B hears at once that the payment started waiting on A', async () => {
		// B looks again only after an hour: the payment is found by A's notice, or the test times
		// out.
		let lookedOnce = () => {};
		const looked = new Promise<void>((resolve) => (lookedOnce = resolve));
		const storeOfB: Store = {
			...stores[1]!,
			writeLazily: async (work) => {
				try {
					return await stores[1]!.writeLazily(work);
				} finally {
					lookedOnce();
				}
			}
		};
		const a = new SimulatedTerminal(stores[0]!, { pollMs: 3_600_000 });
		const b = new SimulatedTerminal(storeOfB, {
			answerGraceMs: 3_600_000,
			answerRetryMs: 3_600_000
		});
		// Both listen, as servers do long before their first payment.
		await Promise.all(stores.map((store) => (store.notices as PostgresNotices).ready()));
		const answering = b.answer('sale-6', 'approved');
		// B has looked for the payment and found none: it waits.
		await looked;
		expect(await a.collect(payment('sale-6.1'))).toBe('approved');
		expect(await answering).toBe(true);
	});

	it('a waiting payment answered on its own server is settled there', async () => {
		const a = new SimulatedTerminal(stores[0]!, { pollMs: 50 });
		const collecting = a.collect(payment('sale-3.1'));
		await expect.poll(() => a.isPending('sale-3.1')).toBe(true);
		expect(await a.answer('sale-3.1', 'declined')).toBe(true);
		expect(await collecting).toBe('declined');
	});
});

describe('the simulated terminal on one server', () => {
	let store: Store;
	beforeEach(async () => {
		store = await openTestStore('sqlite');
		// No timer runs: what happens here happens on events alone, never on a retry or a poll.
		vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval'] });
	});
	afterEach(async () => {
		vi.useRealTimers();
		await store.close();
	});

	const waitingRows = () => store.db.selectFrom('simulated_terminal_waits').selectAll().execute();

	it('an answer that comes before its payment waits is handed over the moment it does', async () => {
		const terminal = new SimulatedTerminal(store, { answerGraceMs: 30_000 });
		const answering = terminal.answer('sale-5', 'approved');
		expect(await terminal.collect(payment('sale-5.1'))).toBe('approved');
		expect(await answering).toBe(true);
	});

	it('a payment waits in memory alone: no row, no poll, settled by the answer', async () => {
		const terminal = new SimulatedTerminal(store);
		const collecting = terminal.collect(payment('sale-7.1'));
		await vi.waitUntil(() => terminal.isPending('sale-7.1'));
		expect(await waitingRows()).toEqual([]);
		// The payment's timeout, and nothing that reads the store again.
		expect(vi.getTimerCount()).toBe(1);
		expect(await terminal.answer('sale-7', 'approved')).toBe(true);
		expect(await collecting).toBe('approved');
		expect(await terminal.lookup('sale-7.1')).toBe('approved');
	});

	it('an answer with no payment waiting is refused once its grace is over; nothing written', async () => {
		// The grace is measured on the clock: it moves with the timers here.
		vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'Date'] });
		const terminal = new SimulatedTerminal(store, { answerGraceMs: 2_000 });
		const answering = terminal.answer('sale-8', 'approved');
		await vi.advanceTimersByTimeAsync(2_000);
		expect(await answering).toBe(false);
		expect(await waitingRows()).toEqual([]);
	});
});
