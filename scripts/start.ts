/**
 * `npm start`: builds the app if the tree changed since its last build (scripts/build.ts), starts
 * the embedded platform simulator with its demo data unless PLATFORM_BASE_URL names a real
 * platform, and serves the build (scripts/serve.ts). Prints the URLs to open.
 *
 * A build named by BUILD_DIR is served as it is. The simulator is loaded only when it runs, so a
 * server for a real platform needs none of its code.
 */
import { build, buildIsCurrent } from './build.ts';
import { serve } from './serve.ts';

if (!process.env.BUILD_DIR && !buildIsCurrent()) {
	console.log('Building the app: the tree changed since its last build (or it has none)…');
	build();
}

if (process.env.PLATFORM_BASE_URL) {
	// A real platform: no simulator, no demo.
} else if (process.env.SIMULATOR_URL) {
	// Demo mode against a simulator that runs on its own (`npm run sim`): it keeps its state while
	// this server restarts (the crash tests kill this server, never the platform).
	console.log(`Platform simulator:  ${process.env.SIMULATOR_URL}  (running separately)`);
} else {
	const { startSimulator } = await import('#sim/http-server.ts');
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
