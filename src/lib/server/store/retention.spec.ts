/**
 * The pruning job on both engines, its clock moved by the test: the order inbox's finished rows,
 * expired sessions and settled journal entries go after their retention,
 * in batches; what is still to do stays; and the day report of a day within the journal's window
 * reads the same returns after pruning as before.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SessionStore, STAFF_SESSION_MS } from '../auth/sessions.ts';
import { OrderInbox } from '../counter-orders/order-inbox.ts';
import { Journal } from '../journal/journal.ts';
import { JournalOperation } from '../journal/journal-operation.ts';
import { returnsBetween } from '../returns/return-records.ts';
import { SaleRepository } from '../sales/sale-repository.ts';
import { quoteFactory, saleFactory } from '../sales/testing/factories.ts';
import { pruneStore, type RetentionDeps } from './retention.ts';
import type { Store } from './store.ts';
import type { NewRow } from './tables.ts';
import { ENGINES, openTestStore } from './testing/test-stores.ts';

const NOW = new Date('2026-11-22T10:00:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const RETENTION = { orderInboxMs: 48 * HOUR, journalMs: 30 * DAY };
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY).toISOString();

function journalEntry(
	reference: string,
	status: NewRow<'journal'>['status'],
	at: string,
	operation = 'credits.finalize'
): NewRow<'journal'> {
	return {
		device_id: 'kiosk-1',
		operation,
		reference,
		request: '{}',
		status,
		error_code: null,
		result: null,
		created_at: at,
		updated_at: at
	};
}

/** A station's return as the return desk journals it (return-entries.ts). */
function returnEntry(reference: string, at: string): NewRow<'journal'> {
	const line = {
		categoryId: 'cup',
		name: 'Cup',
		returned: 1,
		remaining: 1,
		unitMinor: 200,
		refundMinor: 200,
		currencyCode: 'EUR',
		expirationHours: 1440,
		deadline: null
	};
	return {
		...journalEntry(reference, 'succeeded', at, JournalOperation.depositValidate),
		device_id: 'station-1',
		request: JSON.stringify({
			codeFingerprint: 'fp',
			items: [{ categoryId: 'cup', quantity: 1 }],
			before: []
		}),
		result: JSON.stringify({ lines: [line] })
	};
}

describe.each(ENGINES)('pruning the store on %s', (engine) => {
	let store: Store;
	let deps: RetentionDeps;
	let journal: Journal;
	beforeEach(async () => {
		store = await openTestStore(engine);
		const now = () => NOW;
		journal = new Journal(store, now);
		deps = {
			inbox: new OrderInbox(store, now),
			sessions: new SessionStore(store, now),
			journal,
			sales: new SaleRepository(store, { now }),
			retention: RETENTION,
			now
		};
	});
	afterEach(() => store.close());

	it('deletes what is past its retention, a batch at a time, and keeps what is still to do', async () => {
		await store.db
			.insertInto('devices')
			.values({
				id: 'board-1',
				name: 'Board',
				environment: 'simulator',
				base_url: 'http://sim.test',
				mode: 'board',
				api_key_ciphertext: 'sealed',
				api_key_fingerprint: 'fp',
				created_at: daysAgo(10)
			})
			.execute();
		const inboxRow = (order_id: string, state: 'waiting' | 'fetched' | 'failed', at: string) => ({
			order_id,
			device_id: 'board-1',
			received_at: at,
			last_callback_at: at,
			state,
			next_attempt_at: at
		});
		await store.db
			.insertInto('order_inbox')
			.values([
				inboxRow('fetched-old', 'fetched', daysAgo(3)),
				inboxRow('failed-old', 'failed', daysAgo(2.5)),
				inboxRow('waiting-old', 'waiting', daysAgo(9)),
				inboxRow('fetched-new', 'fetched', daysAgo(1))
			])
			.execute();
		const session = (token_hash: string, expires_at: string) => ({
			token_hash,
			kind: 'staff' as const,
			created_at: new Date(Date.parse(expires_at) - STAFF_SESSION_MS).toISOString(),
			expires_at
		});
		await store.db
			.insertInto('sessions')
			.values([session('expired', daysAgo(1)), session('live', daysAgo(-0.1))])
			.execute();
		// More settled entries than one batch, and those that must stay however old.
		await store.db
			.insertInto('journal')
			.values(
				Array.from({ length: 700 }, (_, i) => journalEntry(`old-${i}`, 'succeeded', daysAgo(90)))
			)
			.execute();
		await store.db
			.insertInto('journal')
			.values([
				journalEntry('open', 'pending', daysAgo(90)),
				journalEntry('unsure', 'uncertain', daysAgo(90)),
				journalEntry('for-staff', 'needs-staff', daysAgo(90)),
				journalEntry('recent', 'succeeded', daysAgo(29))
			])
			.execute();

		expect(await pruneStore(deps)).toEqual({
			inbox: 2,
			sessions: 1,
			journal: 700
		});
		const left = async (table: 'order_inbox' | 'sessions') =>
			(await store.db.selectFrom(table).selectAll().execute()).map(
				(row) => ('order_id' in row && row.order_id) || ('token_hash' in row && row.token_hash)
			);
		expect((await left('order_inbox')).sort()).toEqual(['fetched-new', 'waiting-old']);
		expect(await left('sessions')).toEqual(['live']);
		expect((await journal.list()).map((entry) => entry.reference).sort()).toEqual([
			'for-staff',
			'open',
			'recent',
			'unsure'
		]);
		expect(await pruneStore(deps)).toEqual({ inbox: 0, sessions: 0, journal: 0 });
	});

	it('keeps the returns of deposits still out when the window began: a day report in the window reads the same', async () => {
		// Sold 40 days ago with 60 days to return: still out 30 days ago, when the window began.
		const sales = new SaleRepository(store);
		const issuedAt = daysAgo(40);
		await sales.create(
			saleFactory({
				id: 'long-deposit',
				state: 'completed',
				quote: quoteFactory({ goodsMinor: 400, totalMinor: 400 }),
				createdAt: issuedAt,
				paidAt: issuedAt,
				orderNumber: 'K-001',
				deposit: {
					code: 'CODE-1',
					sequenceNumber: '1',
					categories: [{ categoryId: 'cup', name: 'Cup', count: 2, expiresAt: daysAgo(-20) }]
				}
			})
		);
		await store.db
			.insertInto('journal')
			.values([
				journalEntry('before-the-sale', 'succeeded', daysAgo(45)),
				returnEntry('return-1', daysAgo(35)),
				returnEntry('return-2', daysAgo(10))
			])
			.execute();
		// The day report of the window's first day reads the returns from the sale on.
		const dayReportReturns = () =>
			returnsBetween(journal, { from: issuedAt, to: daysAgo(29) }).then((records) =>
				records.map((record) => record.returnId)
			);
		expect(await dayReportReturns()).toEqual(['return-1']);

		expect((await pruneStore(deps)).journal).toBe(1);

		expect(await dayReportReturns()).toEqual(['return-1']);
		expect((await journal.list()).map((entry) => entry.reference).sort()).toEqual([
			'return-1',
			'return-2'
		]);
	});
});
