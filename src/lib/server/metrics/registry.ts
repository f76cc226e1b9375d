/**
 * The server's metrics (docs/server.md, Monitoring), in one prom-client registry that /metrics
 * answers from: Node's own (prom-client's default metrics: event-loop lag, heap, CPU, handles),
 * the counters and histograms the code moves as things happen (sales, platform calls, store
 * commits: their modules beside this one), and gauges read at scrape time.
 *
 * A scrape-time gauge is a module's `read` of what the store or the server knows now (journal
 * entries by state, queue depths, devices by role: server-gauges.ts). Other parts register
 * theirs here with `registerScrapeGauge`; each read is an indexed count, for SQLite answers on
 * the server's thread. A read that fails leaves its gauge empty for that scrape and is logged:
 * the other figures are still answered.
 */
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import type { ServerContext } from '../context.ts';
import { log, messageOf } from '../logging/logger.ts';

export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

/** One value of a gauge, with its labels. */
export interface GaugeReading {
	labels: Record<string, string>;
	value: number;
}

export interface ScrapeGauge {
	/** Prometheus name, `kiosk_…`, in the base unit (seconds, bytes) or a count. */
	name: string;
	help: string;
	labelNames: readonly string[];
	read(context: ServerContext): Promise<GaugeReading[]>;
}

const scrapeGauges = new Map<string, { gauge: Gauge; read: ScrapeGauge['read'] }>();

/**
 * Adds a gauge read at every scrape. Registering a name again replaces the earlier gauge (each
 * server context registers its own: the tests open many in one process).
 */
export function registerScrapeGauge({ name, help, labelNames, read }: ScrapeGauge): void {
	if (scrapeGauges.has(name)) metricsRegistry.removeSingleMetric(name);
	const gauge = new Gauge({ name, help, labelNames, registers: [metricsRegistry] });
	scrapeGauges.set(name, { gauge, read });
}

/** The Prometheus text of every metric, the scrape-time gauges read now from `context`. */
export async function scrapeMetrics(context: ServerContext): Promise<string> {
	await Promise.all(
		[...scrapeGauges].map(async ([name, { gauge, read }]) => {
			gauge.reset();
			try {
				for (const { labels, value } of await read(context)) gauge.set(labels, value);
			} catch (error) {
				log.warn(`metrics: ${name} not read: ${messageOf(error)}`);
			}
		})
	);
	return metricsRegistry.metrics();
}

export const METRICS_CONTENT_TYPE = metricsRegistry.contentType;
