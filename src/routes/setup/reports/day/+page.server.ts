import { requireManager } from '#lib/server/auth/roles.ts';
import { serverContext } from '#lib/server/context.ts';
import { readDayReport } from '#lib/server/reports/day-report-source.ts';
import { venueDayOf } from '#lib/server/venue-time.ts';
import type { PageServerLoad } from './$types';

/** Reports are a manager's (docs/manual.md, Roles). */
export const load: PageServerLoad = async ({ url, locals }) => {
	requireManager(locals);
	const context = serverContext();
	const timeZone = context.config.venueTimeZone;
	const today = venueDayOf(new Date(), timeZone);
	const day = url.searchParams.get('day') ?? today;
	const read = await readDayReport(context, day.slice(0, 20));
	return {
		day: read ? day : today,
		/** The day asked for was not one: today's report is shown, and the page says so. */
		invalidDay: read ? null : day.slice(0, 20),
		today,
		timeZone,
		...(read ?? (await readDayReport(context, today))!)
	};
};
