/**
 * Resolving journal entries whose outcome is open (pending after a crash, or uncertain), on
 * start-up, periodically and on request from the diagnostics page. Only what is safe to repeat is
 * repeated; everything else is flagged for staff rather than guessed:
 * - finalize (spec 3: repeatable with the same items) and cancel (never deducts) are retried;
 * - a preview alone moves no money: an unfinalized preview expires without deduction (spec 3
 *   States), so it is resolved as such;
 * - a staff refund's parts (credit refund, card refund: refunds/sale-refunds.ts) are settled by
 *   their own flow through `settle`: a lost credit refund is repeated once and the answer read by
 *   refunds/lost-refund.ts (spec 3 gives it no idempotency key and no read-back), a card refund
 *   read back from the terminal;
 * - the rest (deposit create and validate, update, external counter payments, card payments on
 *   the kiosk's terminal, the checkout's own card refunds) needs a person, or the flow that owns
 *   it resolves it first: entries of a sale the checkout saga still drives (`ownedElsewhere`) are
 *   left to its recovery.
 * An entry is worked only while this server holds it (`Journal.claim`): an entry another kiosk
 * server is still waiting for, or resolving, is left alone, and counts as still open.
 */
import type { PlatformClient } from '../platform/client.ts';
import { isRefusal, PlatformClientError } from '../platform/errors.ts';
import type { Journal, JournalEntry } from './journal.ts';
import { JournalOperation } from './journal-operation.ts';

export interface ResolutionSummary {
	resolved: number;
	flagged: number;
	stillOpen: number;
}

type Outcome = 'resolved' | 'needs-staff' | 'still-open';

/**
 * Settles an open entry its own flow knows how to settle, while this server holds it; null for
 * an entry it does not handle, which is resolved as usual. `platform`: the client of the entry's
 * device, undefined once the device is removed.
 */
export type EntrySettler = (
	entry: JournalEntry,
	platform: PlatformClient | undefined
) => Promise<Outcome | null>;

async function repeat(
	journal: Journal,
	entry: JournalEntry,
	call: () => Promise<unknown>
): Promise<Outcome> {
	await journal.retrying(entry.id);
	try {
		await call();
		await journal.settle(entry.id, 'resolved', { result: { resolvedBy: 'retry' } });
		return 'resolved';
	} catch (error) {
		if (isRefusal(error)) {
			// The platform refused: the call cannot be completed by repeating it.
			await journal.settle(entry.id, 'needs-staff', { errorCode: error.errorCode });
			return 'needs-staff';
		}
		if (error instanceof PlatformClientError) return 'still-open';
		throw error;
	}
}

function transactionIdOf(entry: JournalEntry): string | undefined {
	const request = entry.request as { transactionId?: unknown } | null;
	return typeof request?.transactionId === 'string' ? request.transactionId : undefined;
}

async function resolveEntry(
	journal: Journal,
	entry: JournalEntry,
	platform: PlatformClient
): Promise<Outcome> {
	const transactionId = transactionIdOf(entry);
	switch (entry.operation) {
		case JournalOperation.creditFinalize:
			if (!transactionId) break;
			return repeat(journal, entry, () => platform.credits.finalize(transactionId));
		case JournalOperation.creditCancel:
			if (!transactionId) break;
			return repeat(journal, entry, () => platform.credits.cancel(transactionId));
		case JournalOperation.creditPreview:
			await journal.settle(entry.id, 'resolved', {
				result: { resolvedBy: 'preview-expires-unfinalized' }
			});
			return 'resolved';
	}
	await journal.settle(entry.id, 'needs-staff', { errorCode: entry.errorCode ?? 'uncertain' });
	return 'needs-staff';
}

async function resolveClaimed(
	journal: Journal,
	entry: JournalEntry,
	platform: PlatformClient | undefined
): Promise<Outcome> {
	if (platform) return resolveEntry(journal, entry, platform);
	await journal.settle(entry.id, 'needs-staff', { errorCode: 'device-removed' });
	return 'needs-staff';
}

/**
 * Resolves every open entry; `platformFor` gives the client of the entry's device; entries
 * `ownedElsewhere` are left to the flow that owns them; `settle` takes the entries its flow
 * settles itself (staff refunds).
 */
export async function resolveOpenEntries(
	journal: Journal,
	platformFor: (deviceId: string) => Promise<PlatformClient | undefined>,
	ownedElsewhere: (entry: JournalEntry) => Promise<boolean> = async () => false,
	settle: EntrySettler = async () => null
): Promise<ResolutionSummary> {
	const summary: ResolutionSummary = { resolved: 0, flagged: 0, stillOpen: 0 };
	for (const entry of await journal.unresolved()) {
		if ((await ownedElsewhere(entry)) || !(await journal.claim(entry))) {
			summary.stillOpen += 1;
			continue;
		}
		const platform = await platformFor(entry.deviceId);
		const outcome =
			(await settle(entry, platform)) ?? (await resolveClaimed(journal, entry, platform));
		if (outcome === 'still-open') await journal.release(entry.id);
		if (outcome === 'resolved') summary.resolved += 1;
		else if (outcome === 'needs-staff') summary.flagged += 1;
		else summary.stillOpen += 1;
	}
	return summary;
}
