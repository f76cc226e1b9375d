/**
 * The order callbacks as a direct route (http/direct-route.ts says why): a callback
 * (`POST /api/orders/callback/<token>?orderId=<id>`, no body) on an allowed host is answered on
 * node's request, by the same `answerCallback` (callback-request.ts) and as its SvelteKit route
 * (routes/api/orders/callback/[token]/+server.ts) answers it: the same status and JSON body, the
 * security headers (http/security-headers.ts), the request's id and log line
 * (http/request-log.ts).
 *
 * It takes only what it answers the same way; the rest goes on to SvelteKit, which answers it as
 * before: another method (405), a request with a body, a path SvelteKit would decode or refuse
 * (percent-escapes, a trailing slash), and a host other than ORIGIN's (421, http/allowed-host.ts).
 * An unexpected error is logged and answered 500 with no detail, as SvelteKit answers one.
 */
import type { IncomingMessage } from 'node:http';
import { isAllowedHost } from '../http/allowed-host.ts';
import type { DirectRoute } from '../http/direct-route.ts';
import { logRequest, REQUEST_ID_HEADER, requestIdOf } from '../http/request-log.ts';
import { securityHeadersOf } from '../http/security-headers.ts';
import { inRequest, logUnexpected } from '../logging/logger.ts';
import { answerCallback, type CallbackAnswer } from './callback-request.ts';
import { CALLBACK_PATH } from './callback-tokens.ts';

/** SvelteKit's id of the callback route, which the log line names. */
const ROUTE_ID = `${CALLBACK_PATH}/[token]`;

/** The path of a callback, exactly: the token as it is sent, nothing SvelteKit would decode. */
const CALLBACK_ADDRESS = new RegExp(`^${CALLBACK_PATH}/([A-Za-z0-9_-]+)$`);

const SECURITY_HEADERS = securityHeadersOf(new URL(`${CALLBACK_PATH}/token`, 'http://localhost'));

type CallbackReceiver = Parameters<typeof answerCallback>[0];

export interface DirectCallbackDeps {
	counterOrders: CallbackReceiver;
	/** ORIGIN, when the operator set it: then only requests naming its host are callbacks. */
	originOf(): string | undefined;
}

export function directCallbacks({ counterOrders, originOf }: DirectCallbackDeps): DirectRoute {
	return (request, response) => {
		if (request.method !== 'POST' || hasBody(request)) return false;
		const url = request.url ?? '';
		const queryAt = url.indexOf('?');
		const path = queryAt === -1 ? url : url.slice(0, queryAt);
		const token = CALLBACK_ADDRESS.exec(path)?.[1];
		if (token === undefined) return false;
		const origin = originOf();
		if (origin !== undefined && !isAllowedHost(request.headers.host ?? null, origin)) {
			return false;
		}
		const started = performance.now();
		const sentId = request.headers[REQUEST_ID_HEADER];
		const scope = {
			requestId: requestIdOf(typeof sentId === 'string' ? sentId : null),
			deviceId: () => null
		};
		const query = new URLSearchParams(queryAt === -1 ? '' : url.slice(queryAt + 1));
		void inRequest(scope, () => answered(counterOrders, token, query)).then(({ status, body }) => {
			const text = JSON.stringify(body);
			response.writeHead(status, {
				...SECURITY_HEADERS,
				'content-type': 'application/json',
				'content-length': Buffer.byteLength(text),
				[REQUEST_ID_HEADER]: scope.requestId
			});
			response.end(text);
			logRequest(scope, { method: 'POST', route: ROUTE_ID, status, started });
		});
		return true;
	};
}

/** Whether the request says it carries a body (a callback has none). */
function hasBody(request: IncomingMessage): boolean {
	const length = request.headers['content-length'];
	return request.headers['transfer-encoding'] !== undefined || (length ?? '0') !== '0';
}

type DirectAnswer = CallbackAnswer | { status: 500; body: { message: string } };

async function answered(
	counterOrders: CallbackReceiver,
	token: string,
	query: URLSearchParams
): Promise<DirectAnswer> {
	try {
		return await answerCallback(counterOrders, token, query);
	} catch (error) {
		logUnexpected(error);
		return { status: 500, body: { message: 'Internal Error' } };
	}
}
