import { serverContext } from '#lib/server/context.ts';
import { clientAddress } from '#lib/server/http/client-address.ts';
import { metricsAnswer } from '#lib/server/metrics/metrics-endpoint.ts';
import type { RequestHandler } from './$types';

/**
 * Prometheus' scrape (docs/server.md, Monitoring): only for the token or the addresses configured
 * (lib/server/metrics/metrics-access.ts); without either it does not exist.
 */
export const GET: RequestHandler = ({ request, getClientAddress }) =>
	metricsAnswer(serverContext(), {
		authorization: request.headers.get('authorization'),
		address: clientAddress(getClientAddress)
	});
