import { auditToCsv } from '#lib/server/audit/audit-log.ts';
import { requireManager } from '#lib/server/auth/roles.ts';
import { serverContext } from '#lib/server/context.ts';
import { auditQueryFrom } from '#lib/server/setup/audit-query.ts';
import { error } from '@sveltejs/kit';
import type { RequestHandler } from './$types';

/** The audit log as CSV, with the page's filter (at most 10 000 entries, newest first). */
export const GET: RequestHandler = async ({ locals, url }) => {
	requireManager(locals);
	const { audit, config } = serverContext();
	const query = auditQueryFrom(url.searchParams, config.venueTimeZone);
	if (query.invalid.length > 0) error(400, `cannot read: ${query.invalid.join(', ')}`);
	const page = await audit.list(query.filter, { before: query.before, limit: 10_000 });
	return new Response(auditToCsv(page.entries), {
		headers: {
			'content-type': 'text/csv; charset=utf-8',
			'content-disposition': 'attachment; filename="audit-log.csv"'
		}
	});
};
