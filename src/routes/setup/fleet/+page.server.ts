import { error, fail } from '@sveltejs/kit';
import { serverContext } from '#lib/server/context.ts';
import { fleetSettings } from '#lib/server/fleet/fleet-settings.ts';
import { readForm } from '#lib/server/http/forms.ts';
import type { Actions, PageServerLoad } from './$types';

/** The fleet page: every screen worst first, then live from /api/fleet (fleet/fleet.ts). */
export const load: PageServerLoad = async () => {
	const context = serverContext();
	return {
		fleet: await context.fleet.view(),
		settings: await fleetSettings(context.settings)
	};
};

/** Who may and the audit entries: fleet/fleet.ts. */
export const actions: Actions = {
	act: async ({ request, locals }) => {
		const result = await serverContext().fleet.act(locals.staff, await readForm(request));
		if (!result.ok)
			return fail(result.error === 'not-staff' ? 401 : 400, { actError: result.error });
	},
	settings: async ({ request, locals }) => {
		const result = await serverContext().fleet.changeSettings(
			locals.staff,
			await readForm(request)
		);
		// The error page says, in the page's language, that a manager must log in.
		if (!result.ok && result.error === 'manager-only') error(403, 'manager-only');
		if (!result.ok) return fail(400, { settingsError: result.error });
		return { settingsSaved: true };
	}
};
