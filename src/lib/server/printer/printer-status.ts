/**
 * What an ESC/POS printer's status bytes say (docs/printer.md "Status bytes"): the real-time
 * answers to DLE EOT 1 (printer), 2 (offline cause) and 4 (roll paper sensor), and the in-turn
 * answer to GS r 1 (paper sensor), with Epson's bit meanings.
 */

export const DLE_EOT_PRINTER = Uint8Array.of(0x10, 0x04, 1);
export const DLE_EOT_OFFLINE_CAUSE = Uint8Array.of(0x10, 0x04, 2);
export const DLE_EOT_ROLL_PAPER = Uint8Array.of(0x10, 0x04, 4);
/**
 * GS r 1 runs when the printer reaches it in its buffer — after everything sent before it has
 * printed — and is not run at all while printing is stopped: its answer confirms a job.
 */
export const GS_R_PAPER_SENSOR = Uint8Array.of(0x1d, 0x72, 1);

/** Every DLE EOT answer has the form 0xx1xx10: bits 1 and 4 on, bits 0 and 7 off. */
export const isRealTimeAnswer = (byte: number) => (byte & 0x93) === 0x12;
/** A GS r answer has bits 4 and 7 off, so it is never taken for a DLE EOT answer. */
export const isInTurnAnswer = (byte: number) => (byte & 0x90) === 0x00;

export interface RealTimeAnswers {
	/** DLE EOT 1. */
	printer: number;
	/** DLE EOT 2. */
	offlineCause: number;
	/** DLE EOT 4. */
	rollPaper: number;
}

/** What the printer says of itself; it names only the first problem a person must solve. */
export type ReportedStatus =
	| { condition: 'ready'; paperNearEnd: boolean }
	| {
			condition: 'cover-open' | 'paper-out' | 'offline';
			paperNearEnd: boolean;
			detail: string;
	  };

/** `unreachable`: no connection, or nothing on it that answers status queries. */
export type PrinterStatus = ReportedStatus | { condition: 'unreachable'; detail: string };

const bit = (byte: number, mask: number) => (byte & mask) !== 0;

/** A cover must be closed before paper can be fed, so an open cover is named first. */
export function statusOf(answers: RealTimeAnswers): ReportedStatus {
	const { printer, offlineCause, rollPaper } = answers;
	// DLE EOT 4 bits 2–3: the near-end sensor sees little paper; bits 5–6: the end sensor none.
	const paperNearEnd = bit(rollPaper, 0x0c);
	if (bit(offlineCause, 0x04)) {
		return { condition: 'cover-open', paperNearEnd, detail: 'the cover is open' };
	}
	// DLE EOT 2 bit 5: printing stopped at a paper end.
	if (bit(rollPaper, 0x60) || bit(offlineCause, 0x20)) {
		return { condition: 'paper-out', paperNearEnd, detail: 'the paper roll is empty' };
	}
	// DLE EOT 2 bit 6: an error (cutter, head temperature, mechanism).
	if (bit(offlineCause, 0x40)) {
		return { condition: 'offline', paperNearEnd, detail: 'the printer reports an error' };
	}
	// DLE EOT 2 bit 3: paper is being fed with the FEED button.
	if (bit(offlineCause, 0x08)) {
		return { condition: 'offline', paperNearEnd, detail: 'paper is being fed by hand' };
	}
	// DLE EOT 1 bit 3: offline for a reason not reported above.
	if (bit(printer, 0x08)) {
		return { condition: 'offline', paperNearEnd, detail: 'the printer is offline' };
	}
	return { condition: 'ready', paperNearEnd };
}

/** GS r 1 bits 0–1: the near-end sensor sees little paper. */
export const inTurnPaperNearEnd = (byte: number) => bit(byte, 0x03);
