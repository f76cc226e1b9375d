/**
 * What a screen's last receipt and card payment say of its printer and card terminal, for its
 * heartbeat (screen-heartbeat.svelte.ts): the kiosk keeps the raw outcomes (kiosk-session), this
 * reads them — loaded with the heartbeat, so not in the kiosk's initial JavaScript.
 */
import type { ApiFailure } from '#lib/kiosk/failures.ts';
import type { ReceiptPrintOutcome } from '#lib/kiosk/kiosk-api.ts';
import type { PrinterCondition, TerminalCondition } from '#lib/shared/fleet.ts';

/** The printer as the last receipt found it; null: nothing known (no printer, none printed). */
export function printerCondition(outcome: ReceiptPrintOutcome | null): PrinterCondition | null {
	switch (outcome) {
		case 'printed':
		case 'already-printed':
			return 'ok';
		case 'paper-out':
		case 'cover-open':
		case 'offline':
			return outcome;
		default:
			return null;
	}
}

/**
 * The terminal as the last card payment found it: it answered (paid or declined), or it could
 * not be reached (the outcome unknown); null for anything that does not tell.
 */
export function terminalCondition(answer: 'paid' | ApiFailure | null): TerminalCondition | null {
	if (answer === 'paid' || answer === 'card-declined') return 'ok';
	return answer === 'card-outcome-unknown' ? 'unreachable' : null;
}
