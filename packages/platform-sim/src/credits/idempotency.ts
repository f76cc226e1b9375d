/**
 * X-Idempotency-Key ("Prevents duplicate transactions when the same QR is scanned twice";
 * "unique per device", spec 3 Authentication). Records are kept per device and key; only
 * successful previews are recorded, so a failed preview (INSUFFICIENT_CREDIT) may be retried
 * with the same key and different values.
 */
import type { Reply } from '../routing.ts';
import type { SimState } from '../state.ts';
import { CreditErrorCode, creditError } from './errors.ts';
import type { PreviewBody } from './schemas.ts';

/** JSON with object keys sorted at every level, so equal values give equal text. */
export function canonicalJson(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
	if (value !== null && typeof value === 'object') {
		const entries = Object.entries(value)
			.filter(([, entry]) => entry !== undefined)
			.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
		return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(',')}}`;
	}
	return JSON.stringify(value);
}

/** What makes two previews "the same": the normalized transaction key and the parsed body. */
export function previewFingerprint(transactionKey: string, body: PreviewBody): string {
	return canonicalJson({ transactionKey, body });
}

/**
 * The stored reply when this device already used the key with the same values (even if the
 * transaction key has since been used or has expired); 400
 * IDEMPOTENCY_KEY_HAS_ALREADY_BEEN_USED_WITH_DIFFERENT_VALUES ("Key reused with a different
 * payload") when the values differ; undefined for a new key.
 */
export function replayPreview(
	state: SimState,
	deviceId: string,
	idempotencyKey: string,
	fingerprint: string
): Reply | undefined {
	const record = state.idempotency.find(
		(candidate) => candidate.deviceId === deviceId && candidate.idempotencyKey === idempotencyKey
	);
	if (!record) return undefined;
	if (record.requestFingerprint !== fingerprint) {
		throw creditError(
			CreditErrorCode.idempotencyKeyReused,
			'The idempotency key was already used with different values; use a new key.',
			['X-Idempotency-Key: already used with a different transaction key or body']
		);
	}
	return { status: record.status, body: structuredClone(record.responseBody) };
}

export function rememberPreview(
	state: SimState,
	record: { deviceId: string; idempotencyKey: string; fingerprint: string; transactionId: string },
	reply: Reply
): void {
	state.idempotency.push({
		deviceId: record.deviceId,
		idempotencyKey: record.idempotencyKey,
		requestFingerprint: record.fingerprint,
		transactionId: record.transactionId,
		status: reply.status,
		responseBody: structuredClone(reply.body)
	});
}
