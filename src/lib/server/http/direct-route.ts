/**
 * Requests answered on node's own request, ahead of SvelteKit: the platform's order callbacks
 * (counter-orders/direct-callbacks.ts), which come in bursts of hundreds and whose answer the
 * platform waits for.
 *
 * Why: before SvelteKit sees a request, adapter-node makes a web `Request` of it (undici's
 * headers, a body stream); SvelteKit then routes it, runs the hooks and streams the `Response`
 * back. For a callback, whose own work is one shared commit, that was 0.25 ms of the 0.4 ms it
 * took the server's one thread (`npm run bench:callbacks`, CPU profile of a burst), and fifty
 * callbacks in flight wait for each other's share.
 *
 * How: as the app starts (hooks.server.ts `init`) it offers one route here; the server that
 * serves the build (scripts/serve.ts) asks it first with every request. They meet on a globally
 * registered symbol, not a module: scripts/serve.ts loads the build as a file and shares no
 * module with it. A direct route answers only a request it handles whole, as its SvelteKit route
 * would (status, body, headers, log line); anything else (another method, a body, another
 * host) goes on to SvelteKit, whose route stays the only one under `vite dev`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Answers the request and says true, or leaves it alone and says false. */
export type DirectRoute = (request: IncomingMessage, response: ServerResponse) => boolean;

/** The symbol scripts/serve.ts reads (its `DIRECT_ROUTE`; serve.spec.ts checks they agree). */
export const DIRECT_ROUTE = Symbol.for('venue-kiosk.direct-route');

/** From now on, `route` is asked first with each request the built server takes. */
export function offerDirectRoute(route: DirectRoute): void {
	(globalThis as Record<symbol, unknown>)[DIRECT_ROUTE] = route;
}
