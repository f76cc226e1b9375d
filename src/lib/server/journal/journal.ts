/**
 * The journal of money-affecting platform calls (credit preview/update/finalize/cancel/refund,
 * deposit create/validate, external counter payments) and of the kiosk's card terminal payments.
 * An entry is written *before* the call is sent and updated with its outcome, so a crash or a
 * lost answer leaves an `uncertain` or `pending` entry to resolve instead of a guess. Requests are
 * stored without secrets.
 */
import { randomUUID } from 'node:crypto';
import { toCsv } from '../http/csv.ts';
import { PlatformApiError, PlatformClientError } from '../platform/errors.ts';
import { touchedOne, type Store, type StoreDb } from '../store/store.ts';
import type { Row } from '../store/tables.ts';

export const JOURNAL_STATUSES = [
	'pending',
	'succeeded',
	'failed',
	'uncertain',
	'resolved',
	'needs-staff'
] as const;
export type JournalStatus = (typeof JOURNAL_STATUSES)[number];

/** An entry whose outcome is known and needs nobody: what the retention may remove. */
const SETTLED: JournalStatus[] = ['succeeded', 'failed', 'resolved'];

/** An entry that still wants something: its sender, the resolver, or staff. */
export const UNSETTLED_STATUSES = [
	'pending',
	'uncertain',
	'needs-staff'
] as const satisfies readonly JournalStatus[];

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
	/** The server run working the entry now (its sender, or a resolver), if any. */
	heldBy: string | null;
}

export interface JournalFilter {
	status?: JournalStatus;
	deviceId?: string;
	operation?: string;
	reference?: string;
	/** Entries begun in [since, until) (ISO 8601 instants). */
	since?: string;
	until?: string;
	/** Entries of any of these (the day report's sales); none matches an empty list. */
	references?: readonly string[];
	/** Entries older than this one (by id): the next page of a list read newest first. */
	beforeId?: number;
	limit?: number;
}

const toEntry = (row: Row<'journal'>): JournalEntry => ({
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
	updatedAt: row.updated_at,
	heldBy: row.lease_owner
});

/**
 * Who works an open entry: the server that sends the call holds the entry from `begin` until it
 * settles it, and a resolver takes an entry only once nobody holds it, for as long as it works
 * it. So of several kiosk servers on one store, none repeats or flags a call another is still
 * waiting for, and the entries of a server killed mid-call are taken over once its hold lapses
 * — by one server, once.
 */
export interface JournalLease {
	/** Names the server among those sharing the store, the same after a restart. */
	server: string;
	/** Longer than any call takes (the platform's time-outs and retries, a guest at the terminal). */
	ms: number;
}

export const DEFAULT_JOURNAL_LEASE_MS = 5 * 60_000;

export class Journal {
	readonly #store: Store;
	readonly #now: () => Date;
	readonly #lease: JournalLease;
	/** This run of the server: `server#run`. A restart is a new run of the same server. */
	readonly #owner: string;

	constructor(
		store: Store,
		now: () => Date = () => new Date(),
		lease: JournalLease = { server: `journal-${randomUUID()}`, ms: DEFAULT_JOURNAL_LEASE_MS }
	) {
		this.#store = store;
		this.#now = now;
		this.#lease = lease;
		this.#owner = `${lease.server}#${randomUUID()}`;
	}

	/**
	 * Whether an entry held by `owner` may be taken before its hold lapses: when an earlier run of
	 * this same server held it — that run is gone (a restart), so nobody waits for its answer.
	 */
	#heldByEarlierRun(owner: string | null): owner is string {
		return owner !== null && owner !== this.#owner && owner.startsWith(`${this.#lease.server}#`);
	}

	#leaseUntil(): string {
		return new Date(this.#now().getTime() + this.#lease.ms).toISOString();
	}

	/**
	 * Records a call about to be sent; returns the entry id. `db`: a transaction of the caller's,
	 * when the entry must commit together with what refers to it (a step's `journal_id`).
	 */
	async begin(
		entry: { deviceId: string; operation: string; reference: string; request: unknown },
		db: StoreDb = this.#store.db
	): Promise<number> {
		const at = this.#now().toISOString();
		const row = await db
			.insertInto('journal')
			.values({
				device_id: entry.deviceId,
				operation: entry.operation,
				reference: entry.reference,
				request: JSON.stringify(entry.request),
				status: 'pending',
				attempts: 1,
				created_at: at,
				updated_at: at,
				lease_owner: this.#owner,
				lease_until: this.#leaseUntil()
			})
			.returning('id')
			.executeTakeFirstOrThrow();
		return row.id;
	}

	/**
	 * Records an entry's outcome. `db`: a transaction of the caller's, when the outcome must commit
	 * together with what it means (the sale's next state).
	 */
	async settle(
		id: number,
		status: JournalStatus,
		outcome: { errorCode?: string; result?: unknown } = {},
		db: StoreDb = this.#store.db
	): Promise<void> {
		await db
			.updateTable('journal')
			.set({
				status,
				error_code: outcome.errorCode ?? null,
				result: outcome.result === undefined ? null : JSON.stringify(outcome.result),
				updated_at: this.#now().toISOString(),
				lease_owner: null,
				lease_until: null
			})
			.where('id', '=', id)
			.execute();
	}

	/**
	 * How many entries are in each unsettled status (the metrics): over the status index, never
	 * the settled entries that make up most of the table.
	 */
	async unsettledCounts(): Promise<Record<(typeof UNSETTLED_STATUSES)[number], number>> {
		const rows = await this.#store.db
			.selectFrom('journal')
			.select(['status', (eb) => eb.fn.countAll<number>().as('count')])
			.where('status', 'in', UNSETTLED_STATUSES)
			.groupBy('status')
			.execute();
		const count = (status: string) => Number(rows.find((row) => row.status === status)?.count ?? 0);
		return {
			pending: count('pending'),
			uncertain: count('uncertain'),
			'needs-staff': count('needs-staff')
		};
	}

	/**
	 * Takes an open entry to resolve it: only when nobody holds it (its sender settled or gave it
	 * up, or its hold lapsed), or an earlier run of this server held it. False: another server
	 * works it, or it changed since it was read.
	 */
	async claim(entry: JournalEntry): Promise<boolean> {
		const now = this.#now().toISOString();
		const result = await this.#store.db
			.updateTable('journal')
			.set({ lease_owner: this.#owner, lease_until: this.#leaseUntil() })
			.where('id', '=', entry.id)
			.where('status', 'in', ['pending', 'uncertain'])
			.where((eb) => {
				const free = [eb('lease_until', 'is', null), eb('lease_until', '<=', now)];
				const { heldBy } = entry;
				return eb.or(
					this.#heldByEarlierRun(heldBy) ? [...free, eb('lease_owner', '=', heldBy)] : free
				);
			})
			.executeTakeFirst();
		return touchedOne(result);
	}

	/** Gives up the hold on an entry still open (a repeat that found the platform unreachable). */
	async release(id: number): Promise<void> {
		await this.#store.db
			.updateTable('journal')
			.set({ lease_owner: null, lease_until: null })
			.where('id', '=', id)
			.where('lease_owner', '=', this.#owner)
			.execute();
	}

	/** Counts another attempt of the same call (a retry while resolving). */
	async retrying(id: number, db: StoreDb = this.#store.db): Promise<void> {
		await db
			.updateTable('journal')
			.set((eb) => ({
				attempts: eb('journal.attempts', '+', 1),
				updated_at: this.#now().toISOString()
			}))
			.where('id', '=', id)
			.execute();
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
		const id = await this.begin(entry);
		const result = await this.send(id, call);
		await this.settle(id, 'succeeded', { result: summarize(result) });
		return result;
	}

	/**
	 * Sends the call begun as entry `id`: a failure is settled (failed or uncertain) and rethrown;
	 * a success is returned with the entry still open, for the caller to settle together with
	 * what the answer means for it.
	 */
	async send<T>(id: number, call: () => Promise<T>): Promise<T> {
		try {
			return await call();
		} catch (error) {
			await this.settleFailure(id, error);
			throw error;
		}
	}

	async settleFailure(id: number, error: unknown): Promise<void> {
		if (error instanceof PlatformClientError && error.outcome === 'known') {
			const errorCode = error instanceof PlatformApiError ? error.errorCode : error.kind;
			await this.settle(id, 'failed', { errorCode });
		} else {
			const errorCode = error instanceof PlatformClientError ? error.kind : 'internal-error';
			await this.settle(id, 'uncertain', { errorCode });
		}
	}

	async get(id: number): Promise<JournalEntry | undefined> {
		const row = await this.#store.db
			.selectFrom('journal')
			.selectAll()
			.where('id', '=', id)
			.executeTakeFirst();
		return row ? toEntry(row) : undefined;
	}

	/** How many entries wait for staff, per device (the fleet page's `needs-staff`). */
	async needsStaffByDevice(): Promise<Map<string, number>> {
		const rows = await this.#store.db
			.selectFrom('journal')
			.select(['device_id', (eb) => eb.fn.countAll<number>().as('entries')])
			.where('status', '=', 'needs-staff')
			.groupBy('device_id')
			.execute();
		return new Map(rows.map((row) => [row.device_id, Number(row.entries)]));
	}

	/** Entries matching `filter`, newest first. `db`: a transaction of the caller's, to read in it. */
	async list(filter: JournalFilter = {}, db: StoreDb = this.#store.db): Promise<JournalEntry[]> {
		let query = db.selectFrom('journal').selectAll();
		if (filter.status !== undefined) query = query.where('status', '=', filter.status);
		if (filter.deviceId !== undefined) query = query.where('device_id', '=', filter.deviceId);
		if (filter.operation !== undefined) query = query.where('operation', '=', filter.operation);
		if (filter.reference !== undefined) query = query.where('reference', '=', filter.reference);
		if (filter.since !== undefined) query = query.where('created_at', '>=', filter.since);
		if (filter.until !== undefined) query = query.where('created_at', '<', filter.until);
		if (filter.beforeId !== undefined) query = query.where('id', '<', filter.beforeId);
		if (filter.references !== undefined) {
			if (filter.references.length === 0) return [];
			query = query.where('reference', 'in', filter.references);
		}
		const rows = await query
			.orderBy('id', 'desc')
			.limit(Math.min(Math.max(filter.limit ?? 500, 1), 10_000))
			.execute();
		return rows.map(toEntry);
	}

	/**
	 * Deletes up to `limit` settled entries (succeeded, failed, resolved) last changed before
	 * `before` (store/retention.ts); answers how many. An open entry (pending, uncertain) or one
	 * that needs staff stays, however old.
	 */
	async prune(before: Date, limit: number): Promise<number> {
		const result = await this.#store.db
			.deleteFrom('journal')
			.where('id', 'in', (eb) =>
				eb
					.selectFrom('journal')
					.select('id')
					.where('status', 'in', SETTLED)
					.where('updated_at', '<', before.toISOString())
					.limit(limit)
			)
			.executeTakeFirst();
		return Number(result.numDeletedRows);
	}

	/** Entries whose outcome is still open: sent but unanswered (pending after a crash) or uncertain. */
	async unresolved(): Promise<JournalEntry[]> {
		const rows = await this.#store.db
			.selectFrom('journal')
			.selectAll()
			.where('status', 'in', ['pending', 'uncertain'])
			.orderBy('id')
			.execute();
		return rows.map(toEntry);
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

/** The entries as CSV for a spreadsheet (http/csv.ts: no cell runs as a formula). */
export function journalToCsv(entries: JournalEntry[]): string {
	return toCsv(
		CSV_COLUMNS,
		entries.map((entry) => CSV_COLUMNS.map((column) => entry[column]))
	);
}
