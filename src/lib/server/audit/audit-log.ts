/**
 * The audit log (docs/back-office.md, The audit log): who changed which setting, device or the
 * menu, who refunded what and who settled what in the journal, when. Written by the modules that
 * make the back office's changes (setup/*: setting-changes, menu-edits, device-admin, add-device,
 * refund-steps, journal-steps, staff-login; orders/sold-out: the board's sold-out list;
 * orders/board-actions: the board's ID checks) once a
 * change succeeded, and for a refund when it is confirmed (what was asked) and when it ended
 * (its outcomes, or why it was refused); never by a route. Details hold what was changed — before
 * and after where that makes sense — and never a secret: no API key, password, token, PIN or
 * callback address is given to `write` (and the keys that name one are dropped, should a caller
 * slip).
 *
 * Newest first, in pages: a page ends at an id, and the next (older) page starts below it, so a
 * page stays the same while new entries arrive.
 */
import { stringify } from 'csv-stringify/sync';
import type { StaffMember, StaffRole } from '../auth/roles.ts';
import type { Store, StoreDb } from '../store/store.ts';
import type { Row } from '../store/tables.ts';

/** What was done: a short code each (the audit page's filter and its labels). */
export const AUDIT_ACTIONS = [
	'passwords.first-run',
	'password.staff',
	'password.manager',
	'settings.kiosk',
	'settings.return-station',
	'settings.order-board',
	'settings.screen-geometry',
	'settings.screen-pin',
	'settings.guest-languages',
	'settings.age-limits',
	'settings.fleet',
	'device.add',
	'device.remove',
	'device.pair',
	'device.callback-rotate',
	'device.printer',
	'device.terminal',
	'device.reload',
	'device.out-of-order',
	'device.in-service',
	'device.unattended',
	'terminal.day-closing',
	'menu.import',
	'menu.availability',
	'menu.sold-out',
	'menu.facts',
	'menu.age',
	'order.id-checked',
	'menu.picture',
	'menu.picture-remove',
	'menu.names',
	'refund.requested',
	'refund.outcome',
	'refund.refused',
	'refund.check-again',
	'journal.handled',
	'journal.resolve-now'
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const isAuditAction = (text: string | null): text is AuditAction =>
	(AUDIT_ACTIONS as readonly (string | null)[]).includes(text);

export interface AuditEntry {
	id: number;
	at: string;
	actorName: string;
	actorRole: StaffRole;
	action: AuditAction;
	/** What it was done to: a sale id, a device id, a product id; null for the venue's settings. */
	subject: string | null;
	details: Record<string, unknown>;
}

export interface AuditFilter {
	action?: AuditAction;
	/** Instants (ISO 8601): from inclusive, to exclusive (a venue's day: venue-time.ts). */
	from?: string;
	to?: string;
}

export interface AuditPage {
	entries: AuditEntry[];
	/** The id the next (older) page starts below; null on the last page. */
	next: number | null;
}

export const AUDIT_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 10_000;

/** Detail keys that would name a secret: never stored, whatever a caller passes. */
const SECRET_KEY = /password|passphrase|secret|token|api_?key|callback|(^|_)pin$|[a-z]Pin$|^pin/i;

function withoutSecrets(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(withoutSecrets);
	if (value !== null && typeof value === 'object') {
		return Object.fromEntries(
			Object.entries(value)
				.filter(([key]) => !SECRET_KEY.test(key))
				.map(([key, inner]) => [key, withoutSecrets(inner)])
		);
	}
	return value;
}

const toEntry = (row: Row<'audit_log'>): AuditEntry => ({
	id: row.id,
	at: row.at,
	actorName: row.actor_name,
	actorRole: row.actor_role,
	action: row.action as AuditAction,
	subject: row.subject,
	details: JSON.parse(row.details) as Record<string, unknown>
});

export class AuditLog {
	readonly #db: StoreDb;
	readonly #now: () => Date;

	constructor(store: Store, now: () => Date = () => new Date()) {
		this.#db = store.db;
		this.#now = now;
	}

	/** Records that `actor` did `action` (to `subject`); `db`: inside the change's transaction. */
	async write(
		actor: StaffMember,
		action: AuditAction,
		subject: string | null,
		details: Record<string, unknown> = {},
		db: StoreDb = this.#db
	): Promise<AuditEntry> {
		const row = await db
			.insertInto('audit_log')
			.values({
				at: this.#now().toISOString(),
				actor_name: actor.name,
				actor_role: actor.role,
				action,
				subject,
				details: JSON.stringify(withoutSecrets(details) ?? {})
			})
			.returningAll()
			.executeTakeFirstOrThrow();
		return toEntry(row);
	}

	/** A page of entries matching `filter`, newest first, below id `before` (the previous page's `next`). */
	async list(
		filter: AuditFilter = {},
		page: { before?: number; limit?: number } = {}
	): Promise<AuditPage> {
		const limit = Math.min(Math.max(page.limit ?? AUDIT_PAGE_SIZE, 1), MAX_PAGE_SIZE);
		let query = this.#db.selectFrom('audit_log').selectAll();
		if (filter.action !== undefined) query = query.where('action', '=', filter.action);
		if (filter.from !== undefined) query = query.where('at', '>=', filter.from);
		if (filter.to !== undefined) query = query.where('at', '<', filter.to);
		if (page.before !== undefined) query = query.where('id', '<', page.before);
		// One more than the page: whether an older page exists, without counting.
		const rows = await query
			.orderBy('id', 'desc')
			.limit(limit + 1)
			.execute();
		const entries = rows.slice(0, limit).map(toEntry);
		return {
			entries,
			next: rows.length > limit ? entries[entries.length - 1]!.id : null
		};
	}
}

const CSV_COLUMNS = ['id', 'at', 'actorName', 'actorRole', 'action', 'subject', 'details'] as const;

/**
 * RFC 4180 CSV; a cell a spreadsheet would run as a formula (a name typed at login as
 * `=HYPERLINK(…)`) is prefixed with '.
 */
export function auditToCsv(entries: AuditEntry[]): string {
	const cell = (value: unknown) => {
		const text =
			value === null || value === undefined
				? ''
				: typeof value === 'string'
					? value
					: typeof value === 'number'
						? String(value)
						: JSON.stringify(value);
		return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
	};
	return stringify(
		entries.map((entry) => CSV_COLUMNS.map((column) => cell(entry[column]))),
		{ header: true, columns: [...CSV_COLUMNS], record_delimiter: 'windows' }
	);
}
