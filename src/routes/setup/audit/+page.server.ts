import { AUDIT_ACTIONS, AUDIT_PAGE_SIZE } from '#lib/server/audit/audit-log.ts';
import { requireManager } from '#lib/server/auth/roles.ts';
import { serverContext } from '#lib/server/context.ts';
import { auditQueryFrom } from '#lib/server/setup/audit-query.ts';
import type { PageServerLoad } from './$types';

function pageQuery(search: URLSearchParams, before: number | null): string {
	const query = new URLSearchParams(search);
	if (before === null) query.delete('before');
	else query.set('before', String(before));
	return query.toString();
}

/** The audit log, newest first, a page at a time: a manager's page. */
export const load: PageServerLoad = async ({ locals, url }) => {
	requireManager(locals);
	const { audit, config } = serverContext();
	const timeZone = config.venueTimeZone;
	const query = auditQueryFrom(url.searchParams, timeZone);
	const page =
		query.invalid.length > 0
			? { entries: [], next: null }
			: await audit.list(query.filter, { before: query.before, limit: AUDIT_PAGE_SIZE });
	const exportQuery = new URLSearchParams(url.searchParams);
	exportQuery.delete('before');
	return {
		entries: page.entries,
		values: query.values,
		invalid: query.invalid,
		actions: AUDIT_ACTIONS,
		pages: {
			newest: query.before === undefined ? null : pageQuery(url.searchParams, null),
			older: page.next === null ? null : pageQuery(url.searchParams, page.next)
		},
		exportQuery: exportQuery.toString(),
		timeZone
	};
};
