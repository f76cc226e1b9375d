/**
 * How long to wait after too many wrong passwords or PINs (server/auth/attempt-throttle.ts), as
 * the person reads it: seconds under a minute, whole minutes (rounded up) from then on.
 */
import { m } from '#lib/paraglide/messages.js';
import type { Message } from './message.ts';

type WaitMessageKey = 'attempts_wait_seconds' | 'attempts_wait_minutes';

export interface WaitMessage extends Message {
	key: WaitMessageKey;
	params: { seconds: number } | { minutes: number };
}

export function waitMessage(waitMs: number): WaitMessage {
	const seconds = Math.max(1, Math.ceil(waitMs / 1_000));
	return seconds < 60
		? { key: 'attempts_wait_seconds', params: { seconds } }
		: { key: 'attempts_wait_minutes', params: { minutes: Math.ceil(seconds / 60) } };
}

/** The wait in the current language (by name: a guest screen's bundle carries only these two). */
export function waitText({ params }: WaitMessage): string {
	return 'seconds' in params ? m.attempts_wait_seconds(params) : m.attempts_wait_minutes(params);
}
