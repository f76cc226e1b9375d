import { serverContext } from '#lib/server/context.ts';
import {
	DEMO_EXIT_PIN,
	DEMO_MANAGER_PASSWORD,
	DEMO_STAFF_PASSWORD
} from '#lib/server/demo-setup.ts';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = async () => {
	const { config, devices } = serverContext();
	if (!config.demo) return { demo: null };
	return {
		demo: {
			simulatorPage: `${config.baseUrls.simulator}/_sim/`,
			modes: [...new Set((await devices.list()).map((device) => device.mode))],
			staffPassword: DEMO_STAFF_PASSWORD,
			managerPassword: DEMO_MANAGER_PASSWORD,
			exitPin: DEMO_EXIT_PIN
		}
	};
};
