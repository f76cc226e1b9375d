import { loadServerConfig } from '#lib/server/config.ts';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = () => {
	const { demo, baseUrls } = loadServerConfig();
	return { demo, simulatorPage: demo ? `${baseUrls.simulator}/_sim/` : undefined };
};
