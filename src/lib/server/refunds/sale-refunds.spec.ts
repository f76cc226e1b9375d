/**
 * SaleRefunds on a real store, journal and simulated terminal, against a platform that keeps
 * spec 3's refund rules (once, only within 24 h of the finalize, one error code for both) and
 * can lose its answers. Every test counts what reached the wallet and the card, not calls alone.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Journal, type JournalStatus } from '../journal/journal.ts';
import { JournalOperation } from '../journal/journal-operation.ts';
import { resolveOpenEntries } from '../journal/resolver.ts';
import type { PlatformClient } from '../platform/client.ts';
import { CreditErrorCode } from '../platform/credits.ts';
import {
	PlatformApiError,
	PlatformNetworkError,
	PlatformTimeoutError
} from '../platform/errors.ts';
import type { Sale } from '../sales/sale.ts';
import { SaleRepository } from '../sales/sale-repository.ts';
import { SimulatedTerminal } from '../terminal/simulated-terminal.ts';
import { saleFactory } from '../sales/testing/factories.ts';
import { transact } from '../store/after-commit.ts';
import type { Store } from '../store/store.ts';
import { ENGINES, openSharedTestStores, openTestStore } from '../store/testing/test-stores.ts';
import { CLOCK_MARGIN_MS, REFUND_WINDOW_MS } from './lost-refund.ts';
import { RefundError, SaleRefunds, type RefundRequest } from './sale-refunds.ts';

const OPERATION = 'refundCreditTransactionByIntegration';
const HOUR = 3_600_000;
const FINALIZED_AT = Date.parse('2026-11-23T10:00:00.000Z');

/** What the platform does with the next refund call. */
type Fault =
	/** Refunds, then the connection drops: the answer is lost. */
	| 'drop'
	/** No answer in time and nothing happened (the request never got through). */
	| 'lost-before'
	/** 503: not applied. */
	| 'unavailable'
	/** Refunds, then this server dies before it reads the answer. */
	| 'crash-after';

/** spec 3's refund: a finalized transaction, once, within 24 h; else the one window code. */
class PlatformCredits {
	walletMinor = 0;
	calls = 0;
	refunded = false;
	comments: (string | undefined)[] = [];
	readonly faults: Fault[] = [];
	readonly creditsMinor: number;
	readonly now: () => number;

	constructor(creditsMinor: number, now: () => number) {
		this.creditsMinor = creditsMinor;
		this.now = now;
	}

	async refund(_transactionId: string, body: { comment?: string } = {}) {
		this.calls += 1;
		this.comments.push(body.comment);
		const fault = this.faults.shift();
		if (fault === 'lost-before') throw new PlatformTimeoutError(OPERATION, 1000);
		if (fault === 'unavailable') {
			throw new PlatformApiError(OPERATION, 503, 'SERVICE_UNAVAILABLE', 'busy', []);
		}
		if (this.refunded || this.now() - FINALIZED_AT > REFUND_WINDOW_MS) {
			throw new PlatformApiError(OPERATION, 400, CreditErrorCode.refundWindowPassed, 'no', []);
		}
		this.refunded = true;
		this.walletMinor += this.creditsMinor;
		if (fault === 'drop') throw new PlatformNetworkError(OPERATION, 'socket hang up', 'uncertain');
		if (fault === 'crash-after') throw new Error('kill -9');
		return null;
	}
}

interface Server {
	journal: Journal;
	refunds: SaleRefunds;
	sales: SaleRepository;
}

let clock: number;
const now = () => new Date(clock);

function serverOn(
	store: Store,
	platform: PlatformCredits,
	terminal: SimulatedTerminal,
	options: { name?: string; journal?: Journal; platformFor?: () => Promise<PlatformClient> } = {}
): Server {
	const journal =
		options.journal ?? new Journal(store, now, { server: options.name ?? 'server-a', ms: 60_000 });
	const sales = new SaleRepository(store, { now });
	const client = { credits: platform } as unknown as PlatformClient;
	const refunds = new SaleRefunds({
		sales,
		journal,
		platformFor: options.platformFor ?? (async () => client),
		terminal,
		inTransaction: (work) => transact(store.db, work),
		now
	});
	return { journal, refunds, sales };
}

/** A completed split sale of 1700: 500 in credits (finalized at FINALIZED_AT), 1200 on the card. */
async function paidSale(
	store: Store,
	terminal: SimulatedTerminal,
	journal: Journal
): Promise<Sale> {
	const sales = new SaleRepository(store, { now });
	const reference = 'sale-1.3';
	terminal.fixedOutcome = 'approved';
	await terminal.collect({
		deviceId: 'kiosk-1',
		reference,
		amountMinor: 1200,
		currencyCode: 'EUR'
	});
	clock = FINALIZED_AT;
	const finalize = await journal.begin({
		deviceId: 'device-1',
		operation: JournalOperation.creditFinalize,
		reference: 'sale-1',
		request: { transactionId: 'ctx-1' }
	});
	await journal.settle(finalize, 'succeeded');
	clock = FINALIZED_AT + HOUR;
	return sales.create(
		saleFactory({
			state: 'completed',
			orderNumber: 'K-001',
			credits: {
				transactionId: 'ctx-1',
				paymentType: 'SPLIT_PAYMENT',
				keyHint: 'beef',
				lines: [],
				grossMinor: 1700,
				discountMinor: 0,
				creditsMinor: 500,
				outstandingMinor: 1200
			},
			payment: { reference, amountMinor: 1200 },
			cardPaidMinor: 1200
		})
	);
}

const request = (overrides: Partial<RefundRequest> = {}): RefundRequest => ({
	requestId: 'confirm-0001',
	credits: true,
	cardMinor: 0,
	...overrides
});

async function failureOf(promise: Promise<unknown>): Promise<string> {
	try {
		await promise;
	} catch (error) {
		if (error instanceof RefundError) return error.failure;
		throw error;
	}
	return 'no failure';
}

const statuses = async (journal: Journal): Promise<string[]> =>
	(await journal.list({ reference: 'sale-1' }))
		.filter((entry) => entry.operation !== JournalOperation.creditFinalize)
		.reverse()
		.map((entry) => `${entry.operation}:${entry.status}`);

describe.each(ENGINES)('SaleRefunds on %s', (engine) => {
	let store: Store;
	let platform: PlatformCredits;
	let terminal: SimulatedTerminal;
	let server: Server;
	let sale: Sale;

	beforeEach(async () => {
		store = await openTestStore(engine);
		clock = FINALIZED_AT + HOUR;
		platform = new PlatformCredits(500, () => clock);
		terminal = new SimulatedTerminal(store);
		server = serverOn(store, platform, terminal);
		sale = await paidSale(store, terminal, server.journal);
	});
	afterEach(() => store.close());

	it('refunds part of the card, then the credits: each journaled, the sale keeps both', async () => {
		const result = await server.refunds.refund(
			sale.id,
			request({ cardMinor: 700, comment: 'Wrong order' }),
			'manager'
		);
		expect(result.card).toMatchObject({
			id: 'confirm-0001.card',
			kind: 'card',
			amountMinor: 700,
			outcome: 'refunded',
			actor: 'manager',
			comment: 'Wrong order'
		});
		expect(result.credits).toMatchObject({
			kind: 'credits',
			amountMinor: 500,
			outcome: 'refunded'
		});
		expect(platform.walletMinor).toBe(500);
		expect(platform.comments).toEqual(['Wrong order']);
		expect(await terminal.refundedMinor('sale-1.3')).toBe(700);
		expect(await statuses(server.journal)).toEqual([
			`${JournalOperation.cardRefund}:succeeded`,
			`${JournalOperation.creditRefund}:succeeded`
		]);
		const stored = (await server.sales.get(sale.id))!;
		expect(stored.refunds).toEqual([result.card, result.credits]);
		expect(stored).toMatchObject({ state: 'completed', cardPaidMinor: 1200 });
		const offer = await server.refunds.offer(stored);
		expect(offer.credits.reason).toBe('already-refunded');
		expect(offer.card).toMatchObject({ refundedMinor: 700, remainingMinor: 500 });
		// The rest of the card, in a second confirmation; then nothing is left.
		await server.refunds.refund(
			sale.id,
			request({ requestId: 'confirm-0002', credits: false, cardMinor: 500 }),
			'm'
		);
		expect(await terminal.refunded('sale-1.3')).toBe(true);
		expect(
			await failureOf(
				server.refunds.refund(
					sale.id,
					request({ requestId: 'confirm-0003', credits: false, cardMinor: 1 }),
					'm'
				)
			)
		).toBe('fully-refunded');
	});

	it('a double submit of one confirmation refunds once; the second gets the first one’s outcome', async () => {
		const [first, second] = await Promise.all([
			server.refunds.refund(sale.id, request({ cardMinor: 300 }), 'manager'),
			server.refunds.refund(sale.id, request({ cardMinor: 300 }), 'manager')
		]);
		expect(second).toEqual(first);
		expect(platform.calls).toBe(1);
		expect(platform.walletMinor).toBe(500);
		expect(await terminal.refundedMinor('sale-1.3')).toBe(300);
		// A retried POST later: still nothing sent.
		const again = await serverOn(store, platform, terminal, { name: 'server-b' }).refunds.refund(
			sale.id,
			request({ cardMinor: 300 }),
			'manager'
		);
		expect(again.credits?.outcome).toBe('refunded');
		expect(platform.calls).toBe(1);
		expect((await server.sales.get(sale.id))!.refunds).toHaveLength(2);
	});

	it('refuses what cannot be refunded, recording and sending nothing', async () => {
		const refuse = (overrides: Partial<RefundRequest>) =>
			failureOf(server.refunds.refund(sale.id, request(overrides), 'manager'));
		expect(await refuse({ credits: false, cardMinor: 1201 })).toBe('card-amount-too-high');
		expect(await refuse({ comment: 'x'.repeat(2001) })).toBe('comment-too-long');
		expect(await refuse({ credits: false })).toBe('nothing-chosen');
		expect(await failureOf(server.refunds.refund('nope', request(), 'manager'))).toBe(
			'sale-not-found'
		);
		clock = FINALIZED_AT + REFUND_WINDOW_MS;
		expect(await refuse({})).toBe('window-passed');
		expect(platform.calls).toBe(0);
		expect((await server.sales.get(sale.id))!.refunds).toEqual([]);
		expect(await statuses(server.journal)).toEqual([]);
	});

	it('spec 3 refuses with its window code: no longer refundable, whatever our clock says', async () => {
		// The platform's clock is ahead of ours by 20 minutes; our window is not closed yet.
		clock = FINALIZED_AT + REFUND_WINDOW_MS - 5 * 60_000;
		const late = new PlatformCredits(500, () => clock + 20 * 60_000);
		const skewed = serverOn(store, late, terminal);
		const result = await skewed.refunds.refund(sale.id, request(), 'manager');
		expect(result.credits).toMatchObject({ outcome: 'failed', errorCode: 'no-longer-refundable' });
		expect(late.walletMinor).toBe(0);

		// Well inside the window by our clock: refunded in the platform's console meanwhile, or its
		// clock far ahead of ours — the answer does not say which, so neither is claimed.
		clock = FINALIZED_AT + HOUR;
		platform.refunded = true;
		const elsewhere = await server.refunds.refund(
			sale.id,
			request({ requestId: 'confirm-0002' }),
			'm'
		);
		expect(elsewhere.credits).toMatchObject({
			outcome: 'failed',
			errorCode: 'no-longer-refundable'
		});
	});

	it('a card the terminal will not refund: the credits are not sent', async () => {
		terminal.refundsFail = true;
		const result = await server.refunds.refund(sale.id, request({ cardMinor: 300 }), 'manager');
		expect(result.card).toMatchObject({ outcome: 'failed', errorCode: 'card-refund-failed' });
		expect(result.credits).toMatchObject({ outcome: 'failed', errorCode: 'not-sent' });
		expect(platform.calls).toBe(0);
		// Nothing was given back: both may be asked again, with a new confirmation.
		terminal.refundsFail = false;
		const retry = await server.refunds.refund(
			sale.id,
			request({ requestId: 'confirm-0002', cardMinor: 300 }),
			'm'
		);
		expect([retry.card?.outcome, retry.credits?.outcome]).toEqual(['refunded', 'refunded']);
	});

	describe('a lost credit answer is settled only by one repeat read with decideLostRefund', () => {
		const resolve = (journal: Journal, refunds: SaleRefunds) =>
			resolveOpenEntries(
				journal,
				async () => ({ credits: platform }) as unknown as PlatformClient,
				async () => false,
				(entry, client) => refunds.settleEntry(entry, client)
			);

		it('it had refunded: the repeat is refused well inside the window — refunded, once', async () => {
			platform.faults.push('drop');
			const result = await server.refunds.refund(sale.id, request(), 'manager');
			expect(result.credits).toMatchObject({ outcome: 'uncertain', errorCode: 'outcome-unknown' });
			expect(await server.refunds.offer(result.sale)).toMatchObject({
				credits: { reason: 'refund-open' },
				card: { reason: 'refund-open' }
			});
			clock += 60_000;
			expect(await resolve(server.journal, server.refunds)).toEqual({
				resolved: 1,
				flagged: 0,
				stillOpen: 0
			});
			expect(platform.calls).toBe(2);
			expect(platform.walletMinor).toBe(500);
			expect((await server.sales.get(sale.id))!.refunds[0]).toMatchObject({
				outcome: 'refunded',
				errorCode: null
			});
			const [entry] = await server.journal.list({ operation: JournalOperation.creditRefund });
			expect(entry).toMatchObject({ status: 'resolved', attempts: 2 });
			expect(entry!.result).toMatchObject({ resolvedBy: 'repeat', repeat: 'window-refused' });
			// Settled: nothing is repeated again.
			expect(await resolve(server.journal, server.refunds)).toEqual({
				resolved: 0,
				flagged: 0,
				stillOpen: 0
			});
			expect(platform.calls).toBe(2);
		});

		it('it had not: the repeat refunds — once', async () => {
			platform.faults.push('lost-before');
			await server.refunds.refund(sale.id, request(), 'manager');
			expect(platform.walletMinor).toBe(0);
			await resolve(server.journal, server.refunds);
			expect(platform.walletMinor).toBe(500);
			expect((await server.sales.get(sale.id))!.refunds[0]!.outcome).toBe('refunded');
		});

		it('the repeat gets no answer either: still open, repeated on the next pass', async () => {
			platform.faults.push('drop', 'unavailable');
			await server.refunds.refund(sale.id, request(), 'manager');
			expect(await resolve(server.journal, server.refunds)).toEqual({
				resolved: 0,
				flagged: 0,
				stillOpen: 1
			});
			expect((await server.sales.get(sale.id))!.refunds[0]!.outcome).toBe('uncertain');
			await resolve(server.journal, server.refunds);
			expect(platform.calls).toBe(3);
			expect(platform.walletMinor).toBe(500);
			expect((await server.sales.get(sale.id))!.refunds[0]!.outcome).toBe('refunded');
		});

		it('refused near the end of the window: it proves nothing — staff check', async () => {
			platform.faults.push('drop');
			await server.refunds.refund(sale.id, request(), 'manager');
			clock = FINALIZED_AT + REFUND_WINDOW_MS - CLOCK_MARGIN_MS + 1;
			expect(await resolve(server.journal, server.refunds)).toMatchObject({ flagged: 1 });
			expect((await server.sales.get(sale.id))!.refunds[0]).toMatchObject({
				outcome: 'needs-staff',
				errorCode: 'outcome-unknown'
			});
			expect(platform.walletMinor).toBe(500);
		});

		it('the window is counted from the first finalize journaled, not a later repeat of it', async () => {
			// A finalize repeated 23 hours later (its first answer was lost) must not move the window.
			clock = FINALIZED_AT + 23 * HOUR;
			const repeated = await server.journal.begin({
				deviceId: 'device-1',
				operation: JournalOperation.creditFinalize,
				reference: 'sale-1',
				request: { transactionId: 'ctx-1' }
			});
			await server.journal.settle(repeated, 'succeeded');
			platform.faults.push('drop');
			await server.refunds.refund(sale.id, request(), 'manager');
			clock = FINALIZED_AT + 23 * HOUR + 55 * 60_000;
			await resolve(server.journal, server.refunds);
			expect((await server.sales.get(sale.id))!.refunds[0]!.outcome).toBe('needs-staff');
		});
	});

	describe('crash points: a fresh server (restarted) settles what was left, never refunding twice', () => {
		/** The same server after a restart: a new journal run of the same name, nothing in memory. */
		const restarted = () => serverOn(store, platform, terminal);

		it('killed after the card refund, before the credits were sent: the credits go out once', async () => {
			const dying = serverOn(store, platform, terminal, {
				journal: server.journal,
				platformFor: async () => {
					throw new Error('kill -9');
				}
			});
			await expect(dying.refunds.refund(sale.id, request({ cardMinor: 400 }), 'm')).rejects.toThrow(
				'kill -9'
			);
			expect((await server.sales.get(sale.id))!.refunds.map((r) => r.outcome)).toEqual([
				'refunded',
				'pending'
			]);
			const fresh = restarted();
			const settled = await fresh.refunds.settleOpen(sale.id);
			expect(settled.refunds.map((r) => r.outcome)).toEqual(['refunded', 'refunded']);
			expect(platform.calls).toBe(1);
			expect(platform.walletMinor).toBe(500);
			expect(await terminal.refundedMinor('sale-1.3')).toBe(400);
		});

		it('killed after the platform refunded, before the answer was recorded: settled as refunded, once', async () => {
			platform.faults.push('crash-after');
			await expect(server.refunds.refund(sale.id, request(), 'm')).rejects.toThrow('kill -9');
			expect((await server.sales.get(sale.id))!.refunds[0]!.outcome).toBe('pending');
			// A retried POST of the same confirmation sends nothing.
			const fresh = restarted();
			expect((await fresh.refunds.refund(sale.id, request(), 'm')).credits!.outcome).toBe(
				'pending'
			);
			expect(platform.calls).toBe(1);
			const settled = await fresh.refunds.settleOpen(sale.id);
			expect(settled.refunds[0]!.outcome).toBe('refunded');
			expect(platform.walletMinor).toBe(500);
			expect(platform.calls).toBe(2);
		});

		it('killed after the outcome was saved, before the journal was settled: settled from the sale, no call', async () => {
			class DyingJournal extends Journal {
				override async settle(id: number, status: JournalStatus, outcome = {}): Promise<void> {
					if (status === 'succeeded') throw new Error('kill -9');
					return super.settle(id, status, outcome);
				}
			}
			const dying = serverOn(store, platform, terminal, {
				journal: new DyingJournal(store, now, { server: 'server-a', ms: 60_000 })
			});
			await expect(dying.refunds.refund(sale.id, request({ cardMinor: 200 }), 'm')).rejects.toThrow(
				'kill -9'
			);
			expect(platform.calls).toBe(0);
			const fresh = restarted();
			const summary = await resolveOpenEntries(
				fresh.journal,
				async () => ({ credits: platform }) as unknown as PlatformClient,
				async () => false,
				(entry, client) => fresh.refunds.settleEntry(entry, client)
			);
			// The card's entry is settled from the sale; then the credits go out, once.
			expect(summary.resolved).toBe(2);
			expect(await terminal.refundedMinor('sale-1.3')).toBe(200);
			expect(platform.calls).toBe(1);
			expect((await fresh.sales.get(sale.id))!.refunds.map((r) => r.outcome)).toEqual([
				'refunded',
				'refunded'
			]);
			const [entry] = await fresh.journal.list({ operation: JournalOperation.cardRefund });
			expect(entry!.result).toMatchObject({ resolvedBy: 'sale-record' });
		});

		it('killed while the card part was given back: the credits wait for the card to be settled, then go out once', async () => {
			class DyingSales extends SaleRepository {
				saves = 0;
				override async save(toSave: Sale, db?: Parameters<SaleRepository['save']>[1]) {
					// The intent is saved; the card's outcome never is.
					if ((this.saves += 1) === 2) throw new Error('kill -9');
					return super.save(toSave, db);
				}
			}
			const dying = new SaleRefunds({
				sales: new DyingSales(store, { now }),
				journal: server.journal,
				platformFor: async () => ({ credits: platform }) as unknown as PlatformClient,
				terminal,
				inTransaction: (work) => transact(store.db, work),
				now
			});
			await expect(dying.refund(sale.id, request({ cardMinor: 450 }), 'm')).rejects.toThrow(
				'kill -9'
			);
			const fresh = restarted();
			const open = (await fresh.journal.unresolved()).filter(
				(entry) => entry.operation !== JournalOperation.creditFinalize
			);
			const credit = open.find((entry) => entry.operation === JournalOperation.creditRefund)!;
			expect(await fresh.journal.claim(credit)).toBe(true);
			expect(await fresh.refunds.settleEntry(credit, { credits: platform } as never)).toBe(
				'still-open'
			);
			await fresh.journal.release(credit.id);
			expect(platform.calls).toBe(0);
			const settled = await fresh.refunds.settleOpen(sale.id);
			expect(settled.refunds.map((r) => r.outcome)).toEqual(['refunded', 'refunded']);
			expect(await terminal.refundedMinor('sale-1.3')).toBe(450);
			expect(platform.walletMinor).toBe(500);
			expect(platform.calls).toBe(1);
		});

		it('the terminal lost its answer after refunding: read back from its total, never asked again', async () => {
			const forgetful = Object.assign(Object.create(terminal) as SimulatedTerminal, {
				refund: async (reference: string, amountMinor: number) => {
					await terminal.refund(reference, amountMinor);
					throw new Error('connection to the terminal lost');
				},
				refundedMinor: (reference: string) => terminal.refundedMinor(reference)
			});
			const lossy = serverOn(store, platform, forgetful, { journal: server.journal });
			const result = await lossy.refunds.refund(sale.id, request({ cardMinor: 250 }), 'm');
			expect(result.card).toMatchObject({ outcome: 'refunded' });
			expect(result.credits).toMatchObject({ outcome: 'refunded' });
			expect(await terminal.refundedMinor('sale-1.3')).toBe(250);
			const [entry] = await server.journal.list({ operation: JournalOperation.cardRefund });
			expect(entry).toMatchObject({
				status: 'resolved',
				result: { resolvedBy: 'terminal-record' }
			});
		});

		it('while the dead run’s hold has not lapsed, another server leaves the entry alone', async () => {
			platform.faults.push('crash-after');
			await expect(server.refunds.refund(sale.id, request(), 'm')).rejects.toThrow('kill -9');
			const other = serverOn(store, platform, terminal, { name: 'server-b' });
			await other.refunds.settleOpen(sale.id);
			expect(platform.calls).toBe(1);
			clock += 61_000;
			await other.refunds.settleOpen(sale.id);
			expect(platform.calls).toBe(2);
			expect(platform.walletMinor).toBe(500);
		});
	});
});

/**
 * Two servers over one database, as checkout-claim.spec.ts has them: on PostgreSQL each with a
 * pool of its own; on SQLite one store (in one process, a second connection's synchronous wait for
 * the write lock would stall the first's transaction; across processes it is the same lock).
 */
describe.each(ENGINES)('two servers on one %s store', (engine) => {
	let stores: Store[];
	beforeEach(async () => {
		if (engine === 'postgres') stores = await openSharedTestStores(engine, 2);
		else {
			const store = await openTestStore(engine);
			stores = [store, { ...store, close: async () => {} }];
		}
		clock = FINALIZED_AT + HOUR;
	});
	afterEach(async () => {
		await Promise.all(stores.map((store) => store.close()));
	});

	it('one confirmation posted to both at once refunds once', async () => {
		const platform = new PlatformCredits(500, () => clock);
		const terminals = stores.map((store) => new SimulatedTerminal(store));
		const [a, b] = stores.map((store, index) =>
			serverOn(store, platform, terminals[index]!, { name: `server-${index}` })
		) as [Server, Server];
		const sale = await paidSale(stores[0]!, terminals[0]!, a.journal);
		const results = await Promise.all([
			a.refunds.refund(sale.id, request({ cardMinor: 600 }), 'manager'),
			b.refunds.refund(sale.id, request({ cardMinor: 600 }), 'manager')
		]);
		expect(platform.calls).toBe(1);
		expect(await terminals[0]!.refundedMinor('sale-1.3')).toBe(600);
		expect((await a.sales.get(sale.id))!.refunds).toHaveLength(2);
		expect(results.map((result) => result.card?.id)).toEqual([
			'confirm-0001.card',
			'confirm-0001.card'
		]);
	});

	it('two resolvers on a lost answer: one repeat', async () => {
		const platform = new PlatformCredits(500, () => clock);
		const terminals = stores.map((store) => new SimulatedTerminal(store));
		const [a, b] = stores.map((store, index) =>
			serverOn(store, platform, terminals[index]!, { name: `server-${index}` })
		) as [Server, Server];
		const sale = await paidSale(stores[0]!, terminals[0]!, a.journal);
		platform.faults.push('drop');
		await a.refunds.refund(sale.id, request(), 'manager');
		const client = { credits: platform } as unknown as PlatformClient;
		await Promise.all(
			[a, b].map((server) =>
				resolveOpenEntries(
					server.journal,
					async () => client,
					async () => false,
					(entry, platformClient) => server.refunds.settleEntry(entry, platformClient)
				)
			)
		);
		expect(platform.calls).toBe(2);
		expect(platform.walletMinor).toBe(500);
		expect((await b.sales.get(sale.id))!.refunds[0]!.outcome).toBe('refunded');
	});
});
