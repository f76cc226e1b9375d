/**
 * What the store stops keeping, so that no table grows for ever (a flood of forged callbacks,
 * years of sales):
 *
 * - the order inbox's rows whose fetch is over (fetched, failed), `retention.orderInboxMs`
 *   (ORDER_INBOX_RETENTION_HOURS, 48) after their last callback — the orders themselves stay on
 *   the board's record (app_orders);
 * - sessions once they have expired (the login throttle forgets its own counters a day after
 *   their last failure, auth/attempt-throttle.ts);
 * - the journal's settled entries (succeeded, failed, resolved), `retention.journalMs`
 *   (JOURNAL_RETENTION_DAYS, 400) after their last change — never an open one (pending,
 *   uncertain) or one that needs staff. That is the window of the day report (and of the sale
 *   page's journal): a day within it reports in full. Its deposit ledger counts a container's
 *   returns from the sale that issued it, so the journal also keeps everything since the
 *   earliest sale whose deposits were still out when the window began.
 *
 * A periodic job on one server at a time (context.ts, store/job-leases.ts). It deletes in
 * batches of BATCH rows, each one short statement, and lets other work in between: never a long
 * lock on the store.
 */
import type { SessionStore } from '../auth/sessions.ts';
import type { ServerConfig } from '../config.ts';
import type { OrderInbox } from '../counter-orders/order-inbox.ts';
import type { Journal } from '../journal/journal.ts';
import type { SaleRepository } from '../sales/sale-repository.ts';

/** How often the job runs. */
export const RETENTION_INTERVAL_MS = 3_600_000;

/** Rows per statement. */
const BATCH = 500;

export interface RetentionDeps {
	inbox: Pick<OrderInbox, 'prune'>;
	sessions: Pick<SessionStore, 'deleteExpired'>;
	journal: Pick<Journal, 'prune'>;
	sales: Pick<SaleRepository, 'firstPaidWithDepositsOutAfter'>;
	retention: ServerConfig['retention'];
	now?: () => Date;
}

/** Rows deleted, per kind. */
export interface RetentionSummary {
	inbox: number;
	sessions: number;
	journal: number;
}

export async function pruneStore(deps: RetentionDeps): Promise<RetentionSummary> {
	const now = (deps.now ?? (() => new Date()))();
	const inboxBefore = new Date(now.getTime() - deps.retention.orderInboxMs);
	const journalBefore = await journalCutoff(deps, now);
	return {
		inbox: await inBatches((limit) => deps.inbox.prune(inboxBefore, limit)),
		sessions: await inBatches((limit) => deps.sessions.deleteExpired(limit)),
		journal: await inBatches((limit) => deps.journal.prune(journalBefore, limit))
	};
}

/** The window's start, or the earliest sale whose deposits were out then if that is earlier. */
async function journalCutoff(deps: RetentionDeps, now: Date): Promise<Date> {
	const windowStart = new Date(now.getTime() - deps.retention.journalMs);
	const firstIssue = await deps.sales.firstPaidWithDepositsOutAfter(windowStart.toISOString());
	return firstIssue !== null && Date.parse(firstIssue) < windowStart.getTime()
		? new Date(firstIssue)
		: windowStart;
}

async function inBatches(prune: (limit: number) => Promise<number>): Promise<number> {
	let total = 0;
	for (;;) {
		const deleted = await prune(BATCH);
		total += deleted;
		if (deleted < BATCH) return total;
		// Requests waiting for the store go first.
		await new Promise((resolve) => setImmediate(resolve));
	}
}
