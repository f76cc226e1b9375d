/**
 * Every way a return can fail ends in a clear message and a defined next step on the screen
 * (spec 1 client recovery rules 2–4, and the lost answers). Pure: the session applies the plan.
 */
import type { MessageKey } from '#lib/shared/message.ts';
import type { ReturnFailure } from '#lib/shared/return-view.ts';
import { waitMessage } from '#lib/shared/wait-message.ts';

/**
 * A failure of the JSON API, or what the browser saw instead of an answer ('network'), or knew
 * before asking (nothing is sent): the kiosk server cannot be reached now ('offline'), or the
 * platform's deposits cannot ('deposits-offline').
 */
export type ReturnApiFailure =
	ReturnFailure | 'not-paired' | 'network' | 'offline' | 'deposits-offline' | 'server';

export const RETURN_API_FAILURES: readonly ReturnApiFailure[] = [
	'code-empty',
	'code-wrong-length',
	'code-invalid',
	'code-is-loyalty-key',
	'code-not-found',
	'other-location',
	'nothing-left',
	'counts-changed',
	'not-returned',
	'nothing-chosen',
	'staff-pin-wrong',
	'staff-pin-rate-limited',
	'outcome-unknown',
	'platform-unavailable',
	'platform-refused',
	'bad-request',
	'not-paired',
	'network',
	'server'
];

/** What failed: checking a code, or confirming the return. */
export type ReturnStage = 'scan' | 'confirm';

/** Where the screen goes: a step, `stay` where it is, or `reload` (the screen was unpaired). */
type NextStep = 'scan' | 'choose' | 'staff' | 'stay' | 'reload';

/** Buttons offered with the message. */
export type ReturnProblemAction = 'check-again' | 'start-over';

/** The return station's failure messages (failure-messages.ts renders them by name). */
export type ReturnFailureMessage = Extract<MessageKey, `return_failure_${string}`>;

/**
 * A failure message, with the place a code was issued at, or how long the PIN keypad waits, where
 * the message names it.
 */
export interface ReturnMessage {
	key: ReturnFailureMessage;
	params?: { place: string } | { seconds: number } | { minutes: number };
}

export interface ReturnPlan {
	message: ReturnMessage;
	next: NextStep;
	actions: ReturnProblemAction[];
}

const plan = (
	key: ReturnFailureMessage,
	next: NextStep,
	actions: ReturnProblemAction[] = [],
	params?: ReturnMessage['params']
): ReturnPlan => ({ message: params ? { key, params } : { key }, next, actions });

/**
 * `place`: where an `other-location` code was issued, when the server knows it; `waitMs`: how
 * long the PIN keypad waits after too many wrong PINs.
 */
export function planFor(
	failure: ReturnApiFailure,
	stage: ReturnStage,
	place: string | null = null,
	waitMs: number | null = null
): ReturnPlan {
	switch (failure) {
		case 'code-empty':
			return plan('return_failure_code_empty', 'scan');
		case 'code-wrong-length':
			return plan('return_failure_code_length', 'scan');
		case 'code-invalid':
			return plan('return_failure_code_invalid', 'scan');
		case 'code-is-loyalty-key':
			return plan('return_failure_code_loyalty', 'scan');
		case 'code-not-found':
			return plan('return_failure_not_found', 'scan');
		case 'other-location':
			return place
				? plan('return_failure_other_location_named', 'scan', [], { place })
				: plan('return_failure_other_location', 'scan');
		case 'nothing-left':
			return plan('return_failure_nothing_left', 'scan');
		case 'counts-changed':
			return plan('return_failure_counts_changed', 'choose');
		case 'not-returned':
			return plan('return_failure_not_returned', 'choose');
		case 'nothing-chosen':
			return plan('return_failure_nothing_chosen', 'choose');
		case 'staff-pin-wrong':
			return plan('return_failure_pin_wrong', 'staff');
		case 'staff-pin-rate-limited': {
			const wait = waitMessage(waitMs ?? 0);
			return 'seconds' in wait.params
				? plan('return_failure_pin_wait_seconds', 'staff', [], wait.params)
				: plan('return_failure_pin_wait_minutes', 'staff', [], wait.params);
		}
		case 'outcome-unknown':
			return plan('return_failure_outcome_unknown', 'stay', ['check-again', 'start-over']);
		case 'platform-unavailable':
			// Nothing happened (the server knows): the guest may try the same step again.
			return plan('return_failure_unavailable', stage === 'scan' ? 'scan' : 'stay');
		case 'platform-refused':
			return plan('return_failure_refused', 'scan');
		case 'not-paired':
			return plan('return_failure_generic', 'reload');
		case 'offline':
			// Returns pause: a new code or a new confirm waits until the server answers again.
			return plan('return_failure_offline', stage === 'scan' ? 'scan' : 'stay');
		case 'deposits-offline':
			// The same pause, while the platform's deposits (not the server) are out of reach.
			return plan('return_failure_deposits_offline', stage === 'scan' ? 'scan' : 'stay');
		case 'network':
		case 'server':
			// A confirm whose answer did not arrive may have happened: ask the server again.
			return stage === 'scan'
				? plan('return_failure_network', 'scan')
				: plan('return_failure_outcome_unknown', 'stay', ['check-again', 'start-over']);
		case 'bad-request':
			return plan('return_failure_generic', 'scan');
	}
}
