import { m } from '#lib/paraglide/messages.js';
import { requireManager } from '#lib/server/auth/roles.ts';
import { serverContext } from '#lib/server/context.ts';
import { dayReportToCsv } from '#lib/server/reports/day-report-csv.ts';
import { readDayReport } from '#lib/server/reports/day-report-source.ts';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = async ({ url, locals }) => {
	requireManager(locals);
	const day = (url.searchParams.get('day') ?? '').slice(0, 20);
	const read = await readDayReport(serverContext(), day);
	if (!read)
		return new Response(m.report_invalid_day({ day }), {
			status: 400,
			headers: { 'content-type': 'text/plain; charset=utf-8' }
		});
	return new Response(dayReportToCsv(read.report, m.report_total()), {
		headers: {
			'content-type': 'text/csv; charset=utf-8',
			'content-disposition': `attachment; filename="day-report-${read.report.day}.csv"`
		}
	});
};
