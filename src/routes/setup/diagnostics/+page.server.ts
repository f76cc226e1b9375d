import { readForm } from '#lib/server/http/forms.ts';
import { serverContext } from '#lib/server/context.ts';
import { JOURNAL_STATUSES } from '#lib/server/journal/journal.ts';
import { orderPaymentToCheck } from '#lib/server/counter-orders/step-sender.ts';
import { staffTaskOf } from '#lib/server/sales/staff-tasks.ts';
import { allDeviceOverviews } from '#lib/server/setup/device-overview.ts';
import { JOURNAL_OPERATIONS, journalFilterFrom } from '#lib/server/setup/journal-filter.ts';
import { fail } from '@sveltejs/kit';
import { staffOf } from '#lib/server/auth/roles.ts';
import { markHandled, resolveNow } from '#lib/server/setup/journal-steps.ts';
import type { Actions, PageServerLoad } from './$types';

export const load: PageServerLoad = async ({ url }) => {
	const context = serverContext();
	const filter = journalFilterFrom(url.searchParams);
	const devices = await allDeviceOverviews(context);
	return {
		devices,
		/** Each kiosk's receipt printer, asked how it is now, and its last print. */
		printers: (
			await Promise.all(
				devices
					.filter(({ device }) => device.mode === 'kiosk')
					.map(async ({ device }) => {
						const printer = await context.printing.diagnose(device.id);
						return printer && { name: device.name, ...printer };
					})
			)
		).filter((printer) => printer !== null),
		entries: await context.journal.list(filter),
		filter,
		statuses: JOURNAL_STATUSES,
		operations: JOURNAL_OPERATIONS,
		unresolved: await Promise.all(
			[
				...(await context.journal.unresolved()),
				...(await context.journal.list({ status: 'needs-staff' }))
			].map(async (entry) => {
				const sale = await context.sales.get(entry.reference);
				return {
					...entry,
					task: sale ? staffTaskOf(sale) : null,
					orderPayment: orderPaymentToCheck(entry)
				};
			})
		)
	};
};

/** setup/journal-steps.ts changes the journal and writes the audit entries. */
export const actions: Actions = {
	/** Reads every device's identity and deposits again: what the periodic refresh does. */
	refresh: async () => {
		await serverContext().refreshAll();
	},
	resolve: async ({ locals }) => ({ summary: await resolveNow(serverContext(), staffOf(locals)) }),
	handled: async ({ request, locals }) => {
		if (!(await markHandled(serverContext(), staffOf(locals), await readForm(request))))
			return fail(400);
	}
};
