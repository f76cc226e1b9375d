/**
 * Two kiosk servers resolving the same open journal entry at the same moment (two servers on one
 * database): the entry is worked by the one that holds it, so an uncertain finalize is repeated
 * once — one finalize reaches the platform — and the other server counts it as still open.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlatformClient } from '../platform/client.ts';
import type { Store } from '../store/store.ts';
import { ENGINES, openSharedTestStores } from '../store/testing/test-stores.ts';
import { Journal } from './journal.ts';
import { JournalOperation } from './journal-operation.ts';
import { resolveOpenEntries } from './resolver.ts';

describe.each(ENGINES)('two servers resolving one entry on %s', (engine) => {
	let stores: Store[];
	beforeEach(async () => {
		stores = await openSharedTestStores(engine, 2);
	});
	afterEach(async () => {
		await Promise.all(stores.map((store) => store.close()));
	});

	it('an uncertain finalize is repeated by one server: one call, one resolution', async () => {
		const [a, b] = stores.map(
			(store, index) => new Journal(store, undefined, { server: `server-${index}`, ms: 60_000 })
		) as [Journal, Journal];
		const id = await a.begin({
			deviceId: 'dev-kiosk',
			operation: JournalOperation.creditFinalize,
			reference: 'sale-1',
			request: { transactionId: 'ctx-1' }
		});
		// The answer was lost: the sender gave the entry up as uncertain.
		await a.settle(id, 'uncertain', { errorCode: 'timeout' });

		const finalized: string[] = [];
		let answer = () => {};
		const answered = new Promise<void>((resolve) => (answer = resolve));
		const platform = {
			credits: {
				finalize: async (transactionId: string) => {
					finalized.push(transactionId);
					await answered;
				}
			}
		} as unknown as PlatformClient;
		const runs = [a, b].map((journal) => resolveOpenEntries(journal, async () => platform));
		// While the platform has not answered the one server, the other finds the entry held.
		expect(await Promise.race(runs)).toEqual({ resolved: 0, flagged: 0, stillOpen: 1 });
		answer();
		const summaries = await Promise.all(runs);

		expect(finalized).toEqual(['ctx-1']);
		expect(summaries).toEqual(
			expect.arrayContaining([
				{ resolved: 1, flagged: 0, stillOpen: 0 },
				{ resolved: 0, flagged: 0, stillOpen: 1 }
			])
		);
		expect(await b.get(id)).toMatchObject({ status: 'resolved', attempts: 2, heldBy: null });
	});
});
