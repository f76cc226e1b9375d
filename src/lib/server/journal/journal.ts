/**
 * The journal of money-affecting platform calls (credit preview/update/finalize/cancel/refund,
 * deposit create/validate, external counter payments) and of the kiosk's card terminal payments.
 * An entry is written *before* the call is sent and updated with its outcome, so a crash or a
 * lost answer leaves an `uncertain` or `pending` entry to resolve instead of a guess. Requests are
 * stored without secrets.
 */
import { stringify } from 'csv-stringify/sync';
import { PlatformApiError, PlatformClientError } from '../platform/errors.ts';
import type { Database } from '../store/database.ts';

export const JOURNAL_STATUSES = [
	'pending',
	'succeeded',
	'failed',
	'uncertain',
	'resolved',
	'needs-staff'
] as const;
export type JournalStatus = (typeof JOURNAL_STATUSES)[number];

export interface JournalEntry {
	id: number;
	deviceId: string;
	operation: string;
	/** What the call belongs to: a sale, a return, an order. */
	reference: string;
	request: unknown;
	status: JournalStatus;
	errorCode: string | null;
	result: unknown;
	attempts: number;
	createdAt: string;
	updatedAt: string;
}

export interface JournalFilter {
	status?: JournalStatus;
	deviceId?: string;
	operation?: string;
	reference?: string;
	limit?: number;
}

interface JournalRow {
	id: number;
	device_id: string;
	operation: string;
	reference: string;
	request: string;
	status: JournalStatus;
	error_code: string | null;
	result: string | null;
	attempts: number;
	created_at: string;
	updated_at: string;
}

const toEntry = (row: JournalRow): JournalEntry => ({
	id: row.id,
	deviceId: row.device_id,
	operation: row.operation,
	reference: row.reference,
	request: JSON.parse(row.request),
	status: row.status,
	errorCode: row.error_code,
	result: row.result === null ? null : JSON.parse(row.result),
	attempts: row.attempts,
	createdAt: row.created_at,
	updatedAt: row.updated_at
});

export class Journal {
	readonly #db: Database;
	readonly #now: () => Date;

	constructor(db: Database, now: () => Date = () => new Date()) {
		this.#db = db;
		this.#now = now;
	}

	/** Records a call about to be sent; returns the entry id. */
	begin(entry: {
		deviceId: string;
		operation: string;
		reference: string;
		request: unknown;
	}): number {
		const at = this.#now().toISOString();
		const { lastInsertRowid } = this.#db
			.prepare(
				`INSERT INTO journal (device_id, operation, reference, request, status, attempts, created_at, updated_at)
				 VALUES (?, ?, ?, ?, 'pending', 1, ?, ?)`
			)
			.run(entry.deviceId, entry.operation, entry.reference, JSON.stringify(entry.request), at, at);
		return Number(lastInsertRowid);
	}

	settle(
		id: number,
		status: JournalStatus,
		outcome: { errorCode?: string; result?: unknown } = {}
	) {
		this.#db
			.prepare(
				`UPDATE journal SET status = ?, error_code = ?, result = ?, updated_at = ? WHERE id = ?`
			)
			.run(
				status,
				outcome.errorCode ?? null,
				outcome.result === undefined ? null : JSON.stringify(outcome.result),
				this.#now().toISOString(),
				id
			);
	}

	/** Counts another attempt of the same call (a retry while resolving). */
	retrying(id: number): void {
		this.#db
			.prepare('UPDATE journal SET attempts = attempts + 1, updated_at = ? WHERE id = ?')
			.run(this.#now().toISOString(), id);
	}

	/**
	 * Journals `call`: pending before, then succeeded (with `summarize(result)`), failed (the
	 * platform refused: outcome known) or uncertain (it may have acted). Rethrows errors.
	 */
	async record<T>(
		entry: { deviceId: string; operation: string; reference: string; request: unknown },
		call: () => Promise<T>,
		summarize: (result: T) => unknown = () => undefined
	): Promise<T> {
		const id = this.begin(entry);
		try {
			const result = await call();
			this.settle(id, 'succeeded', { result: summarize(result) });
			return result;
		} catch (error) {
			this.settleFailure(id, error);
			throw error;
		}
	}

	settleFailure(id: number, error: unknown): void {
		if (error instanceof PlatformClientError && error.outcome === 'known') {
			const errorCode = error instanceof PlatformApiError ? error.errorCode : error.kind;
			this.settle(id, 'failed', { errorCode });
		} else {
			const errorCode = error instanceof PlatformClientError ? error.kind : 'internal-error';
			this.settle(id, 'uncertain', { errorCode });
		}
	}

	get(id: number): JournalEntry | undefined {
		const row = this.#db.prepare('SELECT * FROM journal WHERE id = ?').get(id);
		return row ? toEntry(row as unknown as JournalRow) : undefined;
	}

	list(filter: JournalFilter = {}): JournalEntry[] {
		const where: string[] = [];
		const values: string[] = [];
		for (const [column, value] of [
			['status', filter.status],
			['device_id', filter.deviceId],
			['operation', filter.operation],
			['reference', filter.reference]
		] as const) {
			if (value !== undefined) {
				where.push(`${column} = ?`);
				values.push(value);
			}
		}
		const sql = `SELECT * FROM journal ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
			ORDER BY id DESC LIMIT ${Math.min(Math.max(filter.limit ?? 500, 1), 10_000)}`;
		return (this.#db.prepare(sql).all(...values) as unknown as JournalRow[]).map(toEntry);
	}

	/** Entries whose outcome is still open: sent but unanswered (pending after a crash) or uncertain. */
	unresolved(): JournalEntry[] {
		const rows = this.#db
			.prepare(`SELECT * FROM journal WHERE status IN ('pending', 'uncertain') ORDER BY id`)
			.all();
		return (rows as unknown as JournalRow[]).map(toEntry);
	}
}

const CSV_COLUMNS = [
	'id',
	'createdAt',
	'updatedAt',
	'deviceId',
	'operation',
	'reference',
	'status',
	'errorCode',
	'attempts',
	'request',
	'result'
] as const;

/** RFC 4180 CSV; cells a spreadsheet would run as a formula are prefixed with '. */
export function journalToCsv(entries: JournalEntry[]): string {
	const cell = (value: unknown) => {
		const text =
			value === null || value === undefined
				? ''
				: typeof value === 'string'
					? value
					: JSON.stringify(value);
		return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
	};
	return stringify(
		entries.map((entry) => CSV_COLUMNS.map((column) => cell(entry[column]))),
		{ header: true, columns: [...CSV_COLUMNS], record_delimiter: 'windows' }
	);
}
