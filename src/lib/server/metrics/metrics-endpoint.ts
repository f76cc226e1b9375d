/**
 * The answer of GET /metrics: the registry's text for a scraper the guard lets through
 * (metrics-access.ts), else 404 (nothing configured: the endpoint does not exist), 403 (an
 * address outside METRICS_ALLOW) or 401 with the scheme to use (no or a wrong token). Never
 * cached: every scrape reads the figures of now.
 */
import { error } from '@sveltejs/kit';
import type { ServerContext } from '../context.ts';
import type { MetricsRequest } from './metrics-access.ts';
import { METRICS_CONTENT_TYPE, scrapeMetrics } from './registry.ts';

/** Where Prometheus scrapes (the route under src/routes/metrics). */
export const METRICS_PATH = '/metrics';

export async function metricsAnswer(
	context: ServerContext,
	request: MetricsRequest
): Promise<Response> {
	const decision = context.metricsAccess(request);
	if (decision === 'not-found') error(404, 'Not Found');
	if (decision === 'forbidden') return new Response('Forbidden\n', { status: 403 });
	if (decision === 'unauthorized') {
		return new Response('Unauthorized\n', {
			status: 401,
			headers: { 'www-authenticate': 'Bearer realm="metrics"' }
		});
	}
	return new Response(await scrapeMetrics(context), {
		headers: { 'content-type': METRICS_CONTENT_TYPE, 'cache-control': 'no-store' }
	});
}
