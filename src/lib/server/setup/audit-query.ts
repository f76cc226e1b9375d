/**
 * The audit page's filter and page, read from the query string: `action` (one of the codes),
 * `day` (the venue's calendar day, `2026-11-22`) and `before` (the id the page starts below). An
 * unknown action or a day that is not one is named back and nothing is listed.
 */
import { isAuditAction, type AuditFilter } from '../audit/audit-log.ts';
import { venueDay } from '../venue-time.ts';

export interface AuditQuery {
	filter: AuditFilter;
	before: number | undefined;
	/** The fields as typed, for the form. */
	values: { action: string; day: string };
	invalid: ('action' | 'day')[];
}

export function auditQueryFrom(search: URLSearchParams, timeZone: string): AuditQuery {
	const action = (search.get('action') ?? '').trim();
	const day = (search.get('day') ?? '').trim();
	const invalid: AuditQuery['invalid'] = [];
	const filter: AuditFilter = {};
	if (action) {
		if (isAuditAction(action)) filter.action = action;
		else invalid.push('action');
	}
	if (day) {
		const range = venueDay(day, timeZone);
		if (range) Object.assign(filter, range);
		else invalid.push('day');
	}
	const beforeText = search.get('before') ?? '';
	const before = /^[1-9]\d{0,15}$/.test(beforeText) ? Number(beforeText) : undefined;
	return { filter, before, values: { action, day }, invalid };
}
