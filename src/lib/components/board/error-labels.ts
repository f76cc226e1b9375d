/**
 * Why the board refused a step, in words. Each message named: a key built at run time
 * (`board_error_${error}`) would make the bundler keep every message of the app in the board's
 * JavaScript. A refusal missing here does not compile.
 */
import type { BoardActionError } from '#lib/shared/order-board.ts';
import { m } from '#lib/paraglide/messages.js';

export const BOARD_ERROR_LABEL: Record<BoardActionError, () => string> = {
	'bad-request': m.board_error_bad_request,
	'unknown-order': m.board_error_unknown_order,
	'not-offered': m.board_error_not_offered,
	busy: m.board_error_busy,
	'message-too-long': m.board_error_message_too_long,
	'desks-refused': m.board_error_desks_refused,
	'desks-unreachable': m.board_error_desks_unreachable,
	'unknown-product': m.board_error_unknown_product,
	'id-check-needed': m.board_error_id_check_needed
};
