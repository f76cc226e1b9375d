/**
 * The journal and its resolver against the simulator: an uncertain credit finalize (answer lost)
 * is resolved by repeating it — spec 3 "finalize … repeatable" — without a second deduction;
 * a lost deposit create is flagged for staff, never blindly repeated.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_JOURNAL_LEASE_MS, Journal } from '#lib/server/journal/journal.ts';
import { JournalOperation } from '#lib/server/journal/journal-operation.ts';
import { resolveOpenEntries } from '#lib/server/journal/resolver.ts';
import { contractStore } from './contract-store.ts';
import { caught, clientFor } from './client-support.ts';
import { useSimulator } from './harness.ts';

const sim = useSimulator();

async function walletBalance(walletId: string): Promise<number> {
	return (await sim.control('GET', `/_sim/wallets/${walletId}`)).body.balance;
}

describe('journal resolver', () => {
	it('an uncertain finalize is repeated once the platform answers: credits deducted exactly once', async () => {
		const journal = new Journal(await contractStore());
		// No client retries: the lost answer must be the journal's to resolve.
		const platform = clientFor(sim, 'dev_kiosk_main', { timeoutMs: 300 });
		const { transactionKey } = (
			await sim.control('POST', '/_sim/transaction-keys', { walletId: 'wallet_plenty' })
		).body;
		const preview = await platform.credits.preview({
			transactionKey,
			idempotencyKey: 'sale-1',
			paymentType: 'CREDIT',
			currencyCode: 'EUR',
			items: [
				{ productId: 'drink_water', name: 'Still water', quantity: 2, unitPriceMinor: 300, vat: 7 }
			]
		});
		expect(preview.totalCreditsMinor).toBe(600);

		await sim.control('POST', '/_sim/faults', {
			path: `/v3/integrations/credit-transactions/${preview.transactionId}/finalize`,
			mode: 'drop',
			count: 4
		});
		const lost = await caught(
			journal.record(
				{
					deviceId: 'dev_kiosk_main',
					operation: JournalOperation.creditFinalize,
					reference: 'sale-1',
					request: { transactionId: preview.transactionId }
				},
				() => platform.credits.finalize(preview.transactionId)
			)
		);
		expect(lost.outcome).toBe('uncertain');
		expect(await journal.unresolved()).toHaveLength(1);
		expect(await walletBalance('wallet_plenty')).toBe(494);

		const summary = await resolveOpenEntries(journal, async () => platform);
		expect(summary).toEqual({ resolved: 1, flagged: 0, stillOpen: 0 });
		expect((await journal.list())[0]).toMatchObject({ status: 'resolved', attempts: 2 });
		expect(await walletBalance('wallet_plenty')).toBe(494);
	});

	it('a lost deposit create is flagged for staff, not repeated', async () => {
		const journal = new Journal(await contractStore());
		const platform = clientFor(sim, 'dev_kiosk_main');
		await sim.control('POST', '/_sim/faults', {
			method: 'POST',
			path: '/v1/integrations/hybrid-revo-token-transactions',
			mode: 'drop'
		});
		await caught(
			journal.record(
				{
					deviceId: 'dev_kiosk_main',
					operation: JournalOperation.depositCreate,
					reference: 'sale-2',
					request: { items: [{ productId: 'drink_pils', quantity: 1 }] }
				},
				() => platform.deposits.createTransaction([{ productId: 'drink_pils', quantity: 1 }])
			)
		);
		const summary = await resolveOpenEntries(journal, async () => platform);
		expect(summary).toEqual({ resolved: 0, flagged: 1, stillOpen: 0 });
		expect((await journal.list())[0]).toMatchObject({ status: 'needs-staff', attempts: 1 });
		// Exactly one transaction was issued: the next one is number 2.
		const next = await platform.deposits.createTransaction([
			{ productId: 'drink_pils', quantity: 1 }
		]);
		expect(next.sequenceNumber).toBe('000002');
	});

	it('an entry whose device was removed is flagged', async () => {
		const store = await contractStore();
		const lease = { server: 'kiosk-server', ms: DEFAULT_JOURNAL_LEASE_MS };
		// Sent by a run of the server that died before the answer came…
		await new Journal(store, undefined, lease).begin({
			deviceId: 'gone',
			operation: JournalOperation.creditFinalize,
			reference: 'x',
			request: {}
		});
		// …and resolved by its restart, which no longer knows the device.
		const journal = new Journal(store, undefined, lease);
		expect(await resolveOpenEntries(journal, async () => undefined)).toEqual({
			resolved: 0,
			flagged: 1,
			stillOpen: 0
		});
	});
});
