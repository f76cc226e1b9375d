import { serverContext } from '#lib/server/context.ts';
import { PAYMENT_KINDS } from '#lib/server/sales/sale-amounts.ts';
import { cursorText, SALE_STATUSES } from '#lib/server/sales/sale-search.ts';
import { saleListRow } from '#lib/server/setup/sale-list.ts';
import { saleSearchFrom } from '#lib/server/setup/sale-search-query.ts';
import type { PageServerLoad } from './$types';

/** Sales per page: a tablet's screenful. */
const PAGE_SIZE = 25;

function pageQuery(search: URLSearchParams, after: string | null): string {
	const query = new URLSearchParams(search);
	if (after === null) query.delete('after');
	else query.set('after', after);
	return query.toString();
}

export const load: PageServerLoad = async ({ url }) => {
	const { config, devices, catalog, sales } = serverContext();
	const allDevices = await devices.list();
	const timeZone = config.venueTimeZone;
	const query = saleSearchFrom(url.searchParams, {
		timeZone,
		currencyCode: await catalog.currencyCode(),
		deviceIds: allDevices.map((device) => device.id)
	});
	const page =
		query.invalid.length > 0
			? { sales: [], next: null }
			: await sales.search(query.search, { after: query.after, limit: PAGE_SIZE });
	const names = new Map(allDevices.map((device) => [device.id, device.name]));
	return {
		values: query.values,
		invalid: query.invalid,
		rows: page.sales.map((sale) => saleListRow(sale, names)),
		/** The same search from its newest sale, and one page further (older sales). */
		pages: {
			newest: query.after === undefined ? null : pageQuery(url.searchParams, null),
			older: page.next && pageQuery(url.searchParams, cursorText(page.next))
		},
		devices: allDevices
			.filter((device) => device.mode === 'kiosk')
			.map(({ id, name }) => ({ id, name })),
		statuses: SALE_STATUSES,
		paymentKinds: PAYMENT_KINDS,
		timeZone
	};
};
