import { serverContext } from '#lib/server/context.ts';
import { saleDetails } from '#lib/server/setup/sale-details.ts';
import { error } from '@sveltejs/kit';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = async ({ params }) => {
	const context = serverContext();
	const details = await saleDetails(context, params.id, new Date());
	if (!details) error(404, 'no such sale');
	return { ...details, timeZone: context.config.venueTimeZone };
};
