import { readForm } from '#lib/server/http/forms.ts';
import { fail, redirect } from '@sveltejs/kit';
import { requireManager } from '#lib/server/auth/roles.ts';
import { serverContext } from '#lib/server/context.ts';
import { ENVIRONMENTS } from '#lib/server/devices/device-repository.ts';
import { addDevice } from '#lib/server/setup/add-device.ts';
import type { Actions, PageServerLoad } from './$types';

export const load: PageServerLoad = ({ locals }) => {
	requireManager(locals);
	const { baseUrls } = serverContext().config;
	return {
		// Environments with a configured address, and "custom" (typed) always.
		environments: ENVIRONMENTS.filter(
			(environment) => environment === 'custom' || baseUrls[environment]
		)
	};
};

export const actions: Actions = {
	default: async ({ request, locals }) => {
		const actor = requireManager(locals);
		const result = await addDevice(serverContext(), actor, await readForm(request));
		if (!result.ok) return fail(400, { values: result.values, errors: result.errors });
		redirect(303, `/setup/devices/${result.deviceId}?saved=1`);
	}
};
