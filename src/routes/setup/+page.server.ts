import { readForm } from '#lib/server/http/forms.ts';
import { fail } from '@sveltejs/kit';
import { serverContext } from '#lib/server/context.ts';
import { allDeviceOverviews } from '#lib/server/setup/device-overview.ts';
import { hasScreenPin, isPinFormat, setScreenPin } from '#lib/server/setup/screen-pin.ts';
import type { Actions, PageServerLoad } from './$types';

export const load: PageServerLoad = () => {
	const context = serverContext();
	return { devices: allDeviceOverviews(context), hasPin: hasScreenPin(context.settings) };
};

export const actions: Actions = {
	pin: async ({ request }) => {
		const pin = (await readForm(request)).get('pin');
		if (typeof pin !== 'string' || !isPinFormat(pin)) return fail(400, { pinError: true });
		await setScreenPin(serverContext().settings, pin);
		return { pinSaved: true };
	}
};
