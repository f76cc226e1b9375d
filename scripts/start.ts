/**
 * `npm start`: the built kiosk server and, unless PLATFORM_BASE_URL names a real platform, the
 * embedded platform simulator with its demo data. Prints the URLs to open.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startSimulator } from '#sim/http-server.ts';

const kioskPort = Number(process.env.PORT ?? 3000);
process.env.PORT = String(kioskPort);

if (!process.env.PLATFORM_BASE_URL) {
	const simulator = await startSimulator({
		port: Number(process.env.SIM_PORT ?? 4010),
		host: process.env.SIM_HOST ?? '127.0.0.1'
	});
	process.env.SIMULATOR_URL = simulator.url;
	console.log(
		`Platform simulator:  ${simulator.url}  (demo data; guest phone page: ${simulator.url}/_sim/)`
	);
}

// adapter-node's server starts listening when imported; it reads PORT and HOST.
await import(pathToFileURL(resolve(import.meta.dirname, '../build/index.js')).href);
console.log(`Venue Kiosk:         http://localhost:${kioskPort}/`);
