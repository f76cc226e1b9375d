/**
 * What the metrics read from the store, on both engines: the unsettled journal entries by
 * state, the order inbox's and outbox's depth, and the commit times of transactions.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OrderInbox } from '../counter-orders/order-inbox.ts';
import { OrderOutbox } from '../counter-orders/order-outbox.ts';
import { Journal, type JournalStatus } from '../journal/journal.ts';
import type { Store } from '../store/store.ts';
import { ENGINES, openTestStore } from '../store/testing/test-stores.ts';
import { metricsRegistry } from './registry.ts';

const AT = '2026-11-28T06:00:00.000Z';

async function commitsTimed(engine: string): Promise<number> {
	const text = await metricsRegistry.getSingleMetricAsString('kiosk_store_commit_seconds');
	const count = new RegExp(
		`^kiosk_store_commit_seconds_count\\{engine="${engine}"\\} (\\d+)$`,
		'm'
	);
	return Number(count.exec(text)?.[1] ?? 0);
}

describe.each(ENGINES)('the store’s figures on %s', (engine) => {
	let store: Store;
	beforeEach(async () => {
		store = await openTestStore(engine);
		await store.db
			.insertInto('devices')
			.values({
				id: 'dev_1',
				name: 'Kiosk',
				environment: 'custom',
				base_url: 'http://platform.test',
				mode: 'kiosk',
				api_key_ciphertext: 'sealed',
				api_key_fingerprint: 'fp',
				created_at: AT
			})
			.execute();
	});
	afterEach(() => store.close());

	it('counts the journal’s unsettled entries by state, none of the settled ones', async () => {
		const journal = new Journal(store);
		const statuses: JournalStatus[] = [
			'pending',
			'uncertain',
			'uncertain',
			'needs-staff',
			'succeeded',
			'failed',
			'resolved'
		];
		for (const [index, status] of statuses.entries()) {
			const id = await journal.begin({
				deviceId: 'dev_1',
				operation: 'createDeposit',
				reference: `sale-${index}`,
				request: {}
			});
			if (status !== 'pending') await journal.settle(id, status);
		}
		expect(await journal.unsettledCounts()).toEqual({
			pending: 1,
			uncertain: 2,
			'needs-staff': 1
		});
	});

	it('the inbox’s depth is its waiting callbacks, the outbox’s its steps not sent', async () => {
		const inbox = new OrderInbox(store);
		const outbox = new OrderOutbox(store);
		expect([await inbox.depth(), await outbox.depth()]).toEqual([0, 0]);
		await store.db
			.insertInto('order_inbox')
			.values(
				(['waiting', 'waiting', 'fetched', 'failed'] as const).map((state, index) => ({
					order_id: `ord_${index}`,
					device_id: 'dev_1',
					received_at: AT,
					last_callback_at: AT,
					state,
					next_attempt_at: AT
				}))
			)
			.execute();
		await store.db
			.insertInto('order_outbox')
			.values(
				(['pending', 'sent', 'failed'] as const).map((state, index) => ({
					order_id: `ord_${index}`,
					device_id: 'dev_1',
					action: 'ready',
					state,
					next_attempt_at: AT,
					created_at: AT
				}))
			)
			.execute();
		expect([await inbox.depth(), await outbox.depth()]).toEqual([2, 1]);
	});

	it('times every transaction’s commit, not a lazy write (no transaction)', async () => {
		const before = await commitsTimed(engine);
		await store.db
			.transaction()
			.execute((trx) =>
				trx.updateTable('devices').set({ name: 'Kiosk 1' }).where('id', '=', 'dev_1').execute()
			);
		await store.writeLazily((db) =>
			db.updateTable('devices').set({ name: 'Kiosk 2' }).where('id', '=', 'dev_1')
		);
		expect(await commitsTimed(engine)).toBe(before + 1);
	});
});
