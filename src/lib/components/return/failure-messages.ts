/**
 * The return station's failure messages and buttons, each imported by name: the bundle carries
 * only these (a lookup by key, translate() in shared/message.ts, would carry the whole catalogue).
 * A new failure message that is missing here does not compile.
 */
import type {
	ReturnMessage,
	ReturnFailureMessage,
	ReturnProblemAction
} from '#lib/return/failures.ts';
import { m } from '#lib/paraglide/messages.js';

type Inputs = { place: string; seconds: number; minutes: number };

const RETURN_FAILURE_MESSAGES: Record<ReturnFailureMessage, (inputs: Inputs) => string> = {
	return_failure_code_empty: m.return_failure_code_empty,
	return_failure_code_length: m.return_failure_code_length,
	return_failure_code_invalid: m.return_failure_code_invalid,
	return_failure_code_loyalty: m.return_failure_code_loyalty,
	return_failure_not_found: m.return_failure_not_found,
	return_failure_other_location: m.return_failure_other_location,
	return_failure_other_location_named: m.return_failure_other_location_named,
	return_failure_nothing_left: m.return_failure_nothing_left,
	return_failure_counts_changed: m.return_failure_counts_changed,
	return_failure_not_returned: m.return_failure_not_returned,
	return_failure_nothing_chosen: m.return_failure_nothing_chosen,
	return_failure_pin_wrong: m.return_failure_pin_wrong,
	return_failure_pin_wait_seconds: m.return_failure_pin_wait_seconds,
	return_failure_pin_wait_minutes: m.return_failure_pin_wait_minutes,
	return_failure_outcome_unknown: m.return_failure_outcome_unknown,
	return_failure_unavailable: m.return_failure_unavailable,
	return_failure_deposits_offline: m.return_failure_deposits_offline,
	return_failure_offline: m.return_failure_offline,
	return_failure_refused: m.return_failure_refused,
	return_failure_network: m.return_failure_network,
	return_failure_generic: m.return_failure_generic
};

/** The message in the screen's language. */
export function returnMessageText({ key, params }: ReturnMessage): string {
	return RETURN_FAILURE_MESSAGES[key]({ place: '', seconds: 0, minutes: 0, ...params });
}

/** The buttons offered with a message. */
export const RETURN_ACTION_LABELS: Record<ReturnProblemAction, () => string> = {
	'check-again': m.return_check_again,
	'start-over': m.return_start_over
};
