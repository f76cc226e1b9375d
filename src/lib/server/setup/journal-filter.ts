/** The journal filter of the diagnostics page, read from the query string (unknown values ignored). */
import { JOURNAL_STATUSES, type JournalFilter } from '../journal/journal.ts';
import { JournalOperation } from '../journal/journal-operation.ts';

export const JOURNAL_OPERATIONS: string[] = Object.values(JournalOperation);

export function journalFilterFrom(query: URLSearchParams): JournalFilter {
	const status = query.get('status');
	const operation = query.get('operation');
	return {
		status: JOURNAL_STATUSES.find((known) => known === status),
		operation: JOURNAL_OPERATIONS.find((known) => known === operation),
		limit: 200
	};
}
