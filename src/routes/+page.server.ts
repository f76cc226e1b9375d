import { loadServerConfig } from '#lib/server/config.ts';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = () => {
	const { demo, platformBaseUrl } = loadServerConfig();
	return { demo, simulatorPage: demo ? `${platformBaseUrl}/_sim/` : undefined };
};
