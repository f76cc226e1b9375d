/**
 * `npm start`: builds the app if the tree changed since its last build (scripts/build.ts), asks
 * for demo mode when no platform address is configured, starts the embedded platform simulator
 * with its demo data in demo mode (unless SIMULATOR_URL names one running on its own), and serves
 * the build (scripts/serve.ts). Prints the URLs to open.
 *
 * Demo mode is asked for here, on purpose and only here: the demo stays one command on a fresh
 * clone, while the production start command (`node scripts/serve.ts`) never turns it on. DEMO set
 * by the operator (true or false) is left as it is; any platform address means production. The
 * configuration is checked before the simulator starts, so a contradictory one stops at once.
 *
 * A build named by BUILD_DIR is served as it is. The simulator is loaded only when it runs, so a
 * server for a real platform needs none of its code.
 */
import {
	ConfigurationError,
	demoAskedFor,
	loadServerConfig,
	platformAddressesIn
} from '#lib/server/config.ts';
import { build, buildIsCurrent } from './build.ts';
import { serve } from './serve.ts';

if (!process.env.BUILD_DIR && !buildIsCurrent()) {
	console.log('Building the app: the tree changed since its last build (or it has none)…');
	build();
}

if (process.env.DEMO === undefined && platformAddressesIn(process.env).length === 0) {
	process.env.DEMO = 'true';
	console.log('No platform address configured: npm start runs the demo (DEMO=true).');
}
/** The simulator this start runs itself, in demo mode without a SIMULATOR_URL. */
const embedded = demoAskedFor(process.env) && !process.env.SIMULATOR_URL;
try {
	// The embedded simulator's address is known once it listens; any address stands for it here.
	loadServerConfig(embedded ? { ...process.env, SIMULATOR_URL: 'http://127.0.0.1' } : process.env);
} catch (error) {
	if (!(error instanceof ConfigurationError)) throw error;
	console.error(error.message);
	process.exit(1);
}

if (process.env.SIMULATOR_URL) {
	// Demo mode against a simulator that runs on its own (`npm run sim`): it keeps its state while
	// this server restarts (the crash tests kill this server, never the platform).
	console.log(`Platform simulator:  ${process.env.SIMULATOR_URL}  (running separately)`);
} else if (embedded) {
	const { startSimulator } = await import('@venue-kiosk/platform-sim/http-server.ts');
	const simulator = await startSimulator({
		port: Number(process.env.SIM_PORT ?? 4010),
		host: process.env.SIM_HOST ?? '127.0.0.1'
	});
	process.env.SIMULATOR_URL = simulator.url;
	console.log(
		`Platform simulator:  ${simulator.url}  (demo data; guest phone page: ${simulator.url}/_sim/)`
	);
}

await serve();
