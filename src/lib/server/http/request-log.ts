/**
 * One log line per request (docs/server.md, Monitoring): method, route, status and time taken,
 * with the request's id — the `X-Request-Id` a proxy or client sent, when it is well formed,
 * else a new one — which every other line of the request carries too (logging/logger.ts) and
 * which the answer echoes, so a guest's "it failed at 21:14" leads to the lines of that request.
 * The route is SvelteKit's route id (`/api/kiosk/sales/[id]/pay`), never the address: a path may
 * carry a deposit code, a query a loyalty key.
 */
import { randomUUID } from 'node:crypto';
import type { Handle } from '@sveltejs/kit/hooks';
import { inRequest, log, type RequestScope } from '../logging/logger.ts';

export const REQUEST_ID_HEADER = 'x-request-id';

/** A UUID or a tracing system's id: letters, digits and `.-_:`, at most 128 characters. */
const WELL_FORMED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request's id: the one it came with, if well formed, else a new one. */
export function requestIdOf(sent: string | null): string {
	return sent !== null && WELL_FORMED_ID.test(sent) ? sent : randomUUID();
}

/** What the request's log line says besides its id. */
export interface RequestLine {
	method: string;
	/** The route's id, never the address (see above). */
	route: string | null;
	status: number;
	/** `performance.now()` as the request came. */
	started: number;
}

/** The request's one line, once it is answered. */
export function logRequest(scope: RequestScope, { method, route, status, started }: RequestLine) {
	const durationMs = Math.round((performance.now() - started) * 10) / 10;
	inRequest(scope, () => log.info({ method, route, status, durationMs }, 'request'));
}

export const requestLog: Handle = async ({ event, resolve }) => {
	const started = performance.now();
	const scope = {
		requestId: requestIdOf(event.request.headers.get(REQUEST_ID_HEADER)),
		deviceId: () => event.locals.screenDeviceId ?? null
	};
	const response = await inRequest(scope, () => resolve(event));
	response.headers.set(REQUEST_ID_HEADER, scope.requestId);
	const { method } = event.request;
	logRequest(scope, { method, route: event.route.id, status: response.status, started });
	return response;
};
