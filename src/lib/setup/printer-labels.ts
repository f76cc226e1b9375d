/** A receipt printer's state and a print's outcome in staff's words (setup, diagnostics). */
import type { ReceiptPrintOutcome } from '#lib/kiosk/kiosk-api.ts';
import { m } from '#lib/paraglide/messages.js';

/** What stops a printer, as it reports it and as a print ends. */
const PROBLEM_LABEL = {
	'paper-out': m.printer_result_paper_out,
	'cover-open': m.printer_result_cover_open,
	offline: m.printer_result_offline
};

export function printOutcomeLabel(outcome: ReceiptPrintOutcome): string {
	switch (outcome) {
		case 'printed':
		case 'already-printed':
			return m.printer_result_printed();
		case 'paper-out':
		case 'cover-open':
		case 'offline':
			return PROBLEM_LABEL[outcome]();
		case 'no-printer':
			return m.printer_result_no_printer();
		case 'failed':
		case 'not-paid':
			return m.printer_result_failed();
	}
}

/** The printer's own report (server/printer/printer-status.ts PrinterStatus). */
export function printerConditionLabel(status: {
	condition: 'ready' | 'paper-out' | 'cover-open' | 'offline' | 'unreachable';
	paperNearEnd?: boolean;
}): string {
	switch (status.condition) {
		case 'ready':
			return status.paperNearEnd ? m.printer_status_paper_near_end() : m.printer_status_ready();
		case 'paper-out':
		case 'cover-open':
		case 'offline':
			return PROBLEM_LABEL[status.condition]();
		case 'unreachable':
			return m.printer_status_unreachable();
	}
}
