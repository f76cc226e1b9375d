/** The words of each staff step on a counter order (buttons, "sending…", problems). */
import type { CounterOrderAction } from '#lib/shared/order-board.ts';
import { m } from '#lib/paraglide/messages.js';

export const STEP_LABEL: Record<CounterOrderAction, () => string> = {
	collect: m.board_action_collect,
	'payment-failed': m.board_action_payment_failed,
	approve: m.board_action_approve,
	reject: m.board_action_reject,
	ready: m.board_action_ready,
	'picked-up': m.board_action_picked_up,
	left: m.board_action_left
};

/** The step's name in "sending…" and in problems (the button of a step that asks has "…"). */
export const STEP_NAME: Record<CounterOrderAction, () => string> = {
	...STEP_LABEL,
	reject: m.board_step_reject
};
