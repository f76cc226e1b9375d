/**
 * The kiosk server: serves the built app (`build/`, or BUILD_DIR) on HOST:PORT and prints the
 * addresses it listens on. The production start command (`node scripts/serve.ts`, with the
 * production dependencies only); `npm start` runs it too, after the simulator in demo mode. It
 * needs nothing but Node and the build: no simulator, no build tools.
 */
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Uploads in the setup pages: a menu file up to 1 MB, a product picture up to 8 MB (its form a
 *  little more: setup/picture-upload.ts). */
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

type Handler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * Where the app, as it starts, offers the route it answers on node's own request, ahead of
 * SvelteKit (src/lib/server/http/direct-route.ts says which and why; serve.spec.ts checks that
 * the two name the same symbol). Read here because this file loads the build as a file and
 * shares no module with it.
 */
export const DIRECT_ROUTE = Symbol.for('venue-kiosk.direct-route');

/** The route the app offered: it answers the request (true) or leaves it to `handler`. */
function directRoute(): (req: IncomingMessage, res: ServerResponse) => boolean {
	const offered = (globalThis as Record<symbol, unknown>)[DIRECT_ROUTE];
	return typeof offered === 'function' ? (offered as ReturnType<typeof directRoute>) : () => false;
}

/** The addresses to open: the one listened on, or for every interface this machine's own. */
export function listeningUrls({ address, port }: AddressInfo): string[] {
	const url = (host: string) => `http://${host.includes(':') ? `[${host}]` : host}:${port}/`;
	if (address !== '0.0.0.0' && address !== '::') return [url(address)];
	const own = Object.values(networkInterfaces())
		.flatMap((nets) => nets ?? [])
		.filter((net) => !net.internal && net.family === 'IPv4')
		.map((net) => url(net.address));
	return [url('localhost'), ...own];
}

/** The build to serve: `build/` (`npm run build`) unless BUILD_DIR names another one. */
const buildDir = resolve(import.meta.dirname, '..', process.env.BUILD_DIR ?? 'build');

/**
 * The app's start-up (hooks.server.ts `init`, run as the handler loads) refused the
 * configuration: its message names each bad variable, and that is all the operator needs —
 * printed alone, and the process ends. Anything else is thrown on as it is.
 */
function stopOnBadConfiguration(error: unknown): never {
	if (!(error instanceof Error) || error.name !== 'ConfigurationError') throw error;
	console.error(error.message);
	process.exit(1);
}

/** Serves the build; resolves once the server listens. */
export async function serve(): Promise<Server> {
	const handlerFile = resolve(buildDir, 'handler.js');
	if (!existsSync(handlerFile)) {
		console.error(`No build in ${buildDir}: build the app first (npm run build).`);
		process.exit(1);
	}
	const { handler } = (await import(pathToFileURL(handlerFile).href).catch(
		stopOnBadConfiguration
	)) as { handler: Handler };
	const direct = directRoute();
	const server = createServer((req, res) => {
		if (direct(req, res)) return;
		if (!behindProxy) req.headers[OWN_PROTOCOL_HEADER] = 'http';
		handler(req, res, () => {
			res.statusCode = 404;
			res.end('Not found');
		});
	});
	for (const signal of ['SIGINT', 'SIGTERM'] as const) {
		process.once(signal, () => {
			server.close(() => process.exit(0));
			server.closeIdleConnections();
		});
	}
	const port = Number(process.env.PORT ?? 3000);
	const host = process.env.HOST ?? '0.0.0.0';
	await new Promise<void>((listening, failed) => {
		server.once('error', failed);
		server.listen(port, host, listening);
	});
	const [first, ...more] = listeningUrls(server.address() as AddressInfo);
	console.log(`Venue Kiosk:         ${first}${more.length ? `  (also ${more.join(', ')})` : ''}`);
	return server;
}

if (import.meta.main) await serve();
