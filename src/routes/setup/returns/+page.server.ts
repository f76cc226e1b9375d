import { requireManager } from '#lib/server/auth/roles.ts';
import { venueNames } from '#lib/server/catalog/menu-names.ts';
import { serverContext } from '#lib/server/context.ts';
import { returnsBetween, stationTotals } from '#lib/server/returns/return-records.ts';
import { venueDay, venueDayOf } from '#lib/server/venue-time.ts';
import type { PageServerLoad } from './$types';

/** The cash count, like the day report, is a manager's (docs/manual.md, Roles). */
export const load: PageServerLoad = async ({ url, locals }) => {
	requireManager(locals);
	const { config, journal, devices, catalog, settings } = serverContext();
	const timeZone = config.venueTimeZone;
	const today = venueDayOf(new Date(), timeZone);
	const asked = (url.searchParams.get('day') ?? today).slice(0, 20);
	const range = venueDay(asked, timeZone);
	const day = range ? asked : today;
	const [records, all, currencyCode, menuNames] = await Promise.all([
		returnsBetween(journal, range ?? venueDay(today, timeZone)!),
		devices.list(),
		catalog.currencyCode(),
		venueNames(settings)
	]);
	const names = new Map(all.map((device) => [device.id, device.name]));
	const stations = stationTotals(records).map((totals) => ({
		...totals,
		name: names.get(totals.deviceId) ?? totals.deviceId
	}));
	return {
		day,
		today,
		invalidDay: range ? null : asked,
		timeZone,
		currencyCode,
		containerNames: menuNames.containers,
		stations,
		returns: records.map((record) => ({
			...record,
			station: names.get(record.deviceId) ?? record.deviceId
		}))
	};
};
