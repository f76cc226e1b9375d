/**
 * Server configuration from the environment, read once. `PLATFORM_BASE_URL` points the kiosk at
 * a real platform; without it `npm start` runs the embedded simulator and sets it to that.
 */
export interface ServerConfig {
	/** The platform's {base_url}. */
	platformBaseUrl: string;
	/** True when the upstream is the embedded simulator (demo mode). */
	demo: boolean;
}

export function loadServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
	return {
		platformBaseUrl: env.PLATFORM_BASE_URL ?? 'http://127.0.0.1:4010',
		demo: env.KIOSK_DEMO === '1' || env.PLATFORM_BASE_URL === undefined
	};
}
