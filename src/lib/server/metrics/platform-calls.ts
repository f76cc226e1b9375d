/**
 * Every attempt of a platform call, as the one sender (platform/transport.ts) makes it: counted
 * and timed by operation and outcome (`kiosk_platform_calls_total`,
 * `kiosk_platform_call_duration_seconds`) and logged as one line with its attempt number, so a
 * retried call shows each try. The outcome is `ok` or the failure's kind: `http-4xx` (the
 * platform refused), `http-5xx`, `timeout`, `network`, `malformed-response`. No key, header or
 * body reaches a label or a line: only the operation id, the outcome, the status and the
 * platform's error code.
 */
import { Counter, Histogram } from 'prom-client';
import { log } from '../logging/logger.ts';
import { PlatformApiError, type PlatformClientError } from '../platform/errors.ts';
import { metricsRegistry } from './registry.ts';

const calls = new Counter({
	name: 'kiosk_platform_calls_total',
	help: 'Platform call attempts (each retry counts), by operation and outcome',
	labelNames: ['operation', 'outcome'],
	registers: [metricsRegistry]
});

const durations = new Histogram({
	name: 'kiosk_platform_call_duration_seconds',
	help: 'Time of one platform call attempt until its answer was read, by operation and outcome',
	labelNames: ['operation', 'outcome'],
	buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
	registers: [metricsRegistry]
});

export interface PlatformAttempt {
	operation: string;
	/** 1 for the first try. */
	attempt: number;
	durationMs: number;
	/** null: answered and valid. */
	error: PlatformClientError | null;
}

export function outcomeOf(error: PlatformClientError | null): string {
	if (error === null) return 'ok';
	if (error instanceof PlatformApiError) return `http-${Math.floor(error.status / 100)}xx`;
	return error.kind;
}

export function reportPlatformAttempt({ operation, attempt, durationMs, error }: PlatformAttempt) {
	const outcome = outcomeOf(error);
	calls.inc({ operation, outcome });
	durations.observe({ operation, outcome }, durationMs / 1000);
	const line = { operation, outcome, attempt, durationMs: Math.round(durationMs * 10) / 10 };
	if (error === null) log.info(line, 'platform call');
	else
		log.warn(
			error instanceof PlatformApiError
				? { ...line, status: error.status, errorCode: error.errorCode }
				: line,
			'platform call'
		);
}
