/**
 * `npm start`: the built kiosk server and, unless PLATFORM_BASE_URL names a real platform, the
 * embedded platform simulator with its demo data. Prints the URLs to open.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startSimulator } from '#sim/http-server.ts';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';
// Uploads in the setup pages: a menu file up to 1 MB, a product picture up to 8 MB (its form a
// little more: setup/picture-upload.ts).
process.env.BODY_SIZE_LIMIT ??= '9M';
/**
 * adapter-node derives the request origin (checked on every form post) from PROTOCOL_HEADER and
 * assumes https without one. Kiosks often run on plain http in a venue LAN, so unless an operator
 * names the header of a trusted TLS proxy, this server tells the adapter the connection's own
 * protocol in a header of its own, overwriting anything a client sent.
 */
const OWN_PROTOCOL_HEADER = 'x-venue-kiosk-protocol';
const behindProxy = Boolean(process.env.PROTOCOL_HEADER);
process.env.PROTOCOL_HEADER ||= OWN_PROTOCOL_HEADER;

if (process.env.PLATFORM_BASE_URL) {
	// A real platform: no simulator, no demo.
} else if (process.env.SIMULATOR_URL) {
	// Demo mode against a simulator that runs on its own (`npm run sim`): it keeps its state while
	// this server restarts (the crash tests kill this server, never the platform).
	console.log(`Platform simulator:  ${process.env.SIMULATOR_URL}  (running separately)`);
} else {
	const simulator = await startSimulator({
		port: Number(process.env.SIM_PORT ?? 4010),
		host: process.env.SIM_HOST ?? '127.0.0.1'
	});
	process.env.SIMULATOR_URL = simulator.url;
	console.log(
		`Platform simulator:  ${simulator.url}  (demo data; guest phone page: ${simulator.url}/_sim/)`
	);
}

type Handler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
/** The built app to serve: `build/` (`npm run build`) unless BUILD_DIR names another build. */
const buildDir = resolve(import.meta.dirname, '..', process.env.BUILD_DIR ?? 'build');
const { handler } = (await import(pathToFileURL(resolve(buildDir, 'handler.js')).href)) as {
	handler: Handler;
};

const server = createServer((req, res) => {
	if (!behindProxy) req.headers[OWN_PROTOCOL_HEADER] = 'http';
	handler(req, res, () => {
		res.statusCode = 404;
		res.end('Not found');
	});
});
server.listen(port, host, () => {
	console.log(`Venue Kiosk:         http://localhost:${port}/`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
	process.once(signal, () => {
		server.close(() => process.exit(0));
		server.closeIdleConnections();
	});
}
