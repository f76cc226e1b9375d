import { describe, expect, it } from 'vitest';
import { printerCondition, terminalCondition } from './screen-report.ts';

describe('what the last receipt and card payment say', () => {
	it('of the printer', () => {
		expect(printerCondition('printed')).toBe('ok');
		expect(printerCondition('already-printed')).toBe('ok');
		expect(printerCondition('paper-out')).toBe('paper-out');
		expect(printerCondition('cover-open')).toBe('cover-open');
		expect(printerCondition('offline')).toBe('offline');
		expect(printerCondition('no-printer')).toBeNull();
		expect(printerCondition(null)).toBeNull();
	});

	it('of the card terminal', () => {
		expect(terminalCondition('paid')).toBe('ok');
		expect(terminalCondition('card-declined')).toBe('ok');
		expect(terminalCondition('card-outcome-unknown')).toBe('unreachable');
		expect(terminalCondition('network')).toBeNull();
		expect(terminalCondition(null)).toBeNull();
	});
});
