/**
 * Who may read /metrics (docs/server.md, Monitoring). The figures tell how the venue sells, so
 * the endpoint is never public by default: with neither METRICS_TOKEN nor METRICS_ALLOW set it
 * does not exist (404). Each guard that is set must pass — the source address in METRICS_ALLOW
 * (else 403), the bearer token of METRICS_TOKEN (else 401) — so an operator who sets both gets
 * both. The token is compared in constant time (over digests of equal length), so the time of an
 * answer tells nothing of how much of a guess was right.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { ServerConfig } from '../config.ts';
import { rangeMatcher } from './address-ranges.ts';

export type MetricsDecision = 'allowed' | 'not-found' | 'forbidden' | 'unauthorized';

export interface MetricsRequest {
	/** The Authorization header, if any. */
	authorization: string | null;
	/** The client's address (http/client-address.ts: behind a proxy, the one it names). */
	address: string;
}

export type MetricsGuard = (request: MetricsRequest) => MetricsDecision;

/** The decision for METRICS_TOKEN and METRICS_ALLOW as configured. */
export function metricsGuard({ token, allow }: ServerConfig['metrics']): MetricsGuard {
	if (token === undefined && allow.length === 0) return () => 'not-found';
	const allowed = allow.length > 0 ? rangeMatcher(allow) : null;
	const expected = token === undefined ? null : digest(token);
	return ({ authorization, address }) => {
		if (allowed && !allowed(address)) return 'forbidden';
		if (expected && !timingSafeEqual(digest(bearerOf(authorization)), expected)) {
			return 'unauthorized';
		}
		return 'allowed';
	};
}

function bearerOf(authorization: string | null): string {
	const match = /^Bearer +(\S+) *$/i.exec(authorization ?? '');
	return match?.[1] ?? '';
}

function digest(text: string): Buffer {
	return createHash('sha256').update(text).digest();
}
