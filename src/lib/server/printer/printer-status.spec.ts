import { describe, expect, it } from 'vitest';
import {
	inTurnPaperNearEnd,
	isInTurnAnswer,
	isRealTimeAnswer,
	statusOf
} from './printer-status.ts';

/** DLE EOT answers: the fixed bits (0x12) and the given ones. */
const answers = (printer = 0, offlineCause = 0, rollPaper = 0) => ({
	printer: 0x12 | printer,
	offlineCause: 0x12 | offlineCause,
	rollPaper: 0x12 | rollPaper
});

describe('statusOf', () => {
	it('is ready when no bit says otherwise, and tells a roll near its end', () => {
		expect(statusOf(answers())).toEqual({ condition: 'ready', paperNearEnd: false });
		expect(statusOf(answers(0, 0, 0x0c))).toEqual({ condition: 'ready', paperNearEnd: true });
	});

	it.each([
		['cover open', answers(0x08, 0x04), 'cover-open'],
		['roll end sensor', answers(0x08, 0, 0x60), 'paper-out'],
		['stopped at a paper end', answers(0x08, 0x20), 'paper-out'],
		['an error', answers(0x08, 0x40), 'offline'],
		['paper fed by hand', answers(0x08, 0x08), 'offline'],
		['offline, no cause given', answers(0x08), 'offline']
	])('reads %s', (_, bytes, condition) => {
		expect(statusOf(bytes)).toMatchObject({ condition });
	});

	it('names an open cover before the paper end it may cause', () => {
		expect(statusOf(answers(0x08, 0x24, 0x6c))).toMatchObject({
			condition: 'cover-open',
			paperNearEnd: true
		});
	});
});

describe('answer forms', () => {
	it('tells a DLE EOT answer from a GS r answer by the fixed bits', () => {
		for (let byte = 0; byte < 256; byte += 1) {
			expect(isRealTimeAnswer(byte) && isInTurnAnswer(byte)).toBe(false);
		}
		expect([0x12, 0x1a, 0x32, 0x7e].every(isRealTimeAnswer)).toBe(true);
		expect([0x00, 0x03, 0x0c].every(isInTurnAnswer)).toBe(true);
		expect(isRealTimeAnswer(0x00) || isInTurnAnswer(0x12)).toBe(false);
		expect([inTurnPaperNearEnd(0x03), inTurnPaperNearEnd(0x00)]).toEqual([true, false]);
	});
});
