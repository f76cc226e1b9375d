/** What to tell staff when a platform call made from the setup pages fails. */
import { message, type Message } from '#lib/shared/message.ts';
import {
	PlatformApiError,
	PlatformMalformedResponseError,
	PlatformNetworkError,
	PlatformTimeoutError
} from '../platform/errors.ts';

export function platformFailureMessage(error: unknown): Message {
	if (error instanceof PlatformApiError) {
		if (error.status === 401) return message('error_key_rejected');
		if (error.status === 403) return message('error_key_forbidden');
		if (error.status === 404) return message('error_device_not_found');
		return message('error_platform_bad_answer', { detail: `${error.status} ${error.errorCode}` });
	}
	if (error instanceof PlatformTimeoutError) return message('error_platform_timeout');
	if (error instanceof PlatformNetworkError) return message('error_platform_unreachable');
	if (error instanceof PlatformMalformedResponseError) {
		return message('error_platform_bad_answer', { detail: error.problems.slice(0, 2).join('; ') });
	}
	throw error;
}
