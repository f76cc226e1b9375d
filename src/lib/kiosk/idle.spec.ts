import { describe, expect, it } from 'vitest';
import {
	beepDue,
	IdleCountdown,
	MIN_WARNING_SECONDS,
	SECOND_BEEP_AT,
	WARNING_SECONDS
} from './idle.ts';

const T0 = 1_000_000;
const s = (seconds: number) => T0 + seconds * 1000;

describe('the idle countdown', () => {
	it('warns after the idle time, for at least 20 seconds (WCAG 2.2.1), then expires', () => {
		expect(WARNING_SECONDS).toBeGreaterThanOrEqual(MIN_WARNING_SECONDS);
		expect(MIN_WARNING_SECONDS).toBeGreaterThanOrEqual(20);
		const idle = new IdleCountdown(60, T0);
		expect(idle.phase(s(59.9))).toBe('active');
		expect(idle.phase(s(60))).toBe('warning');
		expect(idle.secondsLeft(s(60))).toBe(WARNING_SECONDS);
		expect(idle.secondsLeft(s(60.2))).toBe(WARNING_SECONDS);
		expect(idle.secondsLeft(s(61))).toBe(WARNING_SECONDS - 1);
		expect(idle.phase(s(60 + WARNING_SECONDS - 0.1))).toBe('warning');
		expect(idle.secondsLeft(s(60 + WARNING_SECONDS - 0.1))).toBe(1);
		expect(idle.phase(s(60 + WARNING_SECONDS))).toBe('expired');
		expect(idle.secondsLeft(s(60 + WARNING_SECONDS))).toBe(0);
	});

	it('never counts down less than 20 seconds', () => {
		const idle = new IdleCountdown(5, T0, 3);
		expect(idle.phase(s(5 + 19))).toBe('warning');
		expect(idle.secondsLeft(s(5))).toBe(20);
	});

	it('a touch while active starts the idle time afresh', () => {
		const idle = new IdleCountdown(60, T0);
		idle.activity(s(50));
		expect(idle.phase(s(100))).toBe('active');
		expect(idle.phase(s(110))).toBe('warning');
	});

	it('during the warning only "I\'m still here" counts, as often as the guest likes', () => {
		const idle = new IdleCountdown(10, T0);
		idle.activity(s(12));
		expect(idle.phase(s(12))).toBe('warning');
		let now = T0;
		for (let round = 0; round < 5; round += 1) {
			now += 10_000 + 15_000;
			expect(idle.phase(now)).toBe('warning');
			expect(idle.extend(now)).toBe(true);
			expect(idle.phase(now)).toBe('active');
			expect(idle.secondsLeft(now)).toBe(WARNING_SECONDS);
		}
	});

	it('once expired, it stays expired', () => {
		const idle = new IdleCountdown(10, T0);
		const late = s(10 + WARNING_SECONDS + 1);
		expect(idle.extend(late)).toBe(false);
		idle.activity(late);
		expect(idle.phase(late)).toBe('expired');
	});

	it('refuses a non-positive idle time', () => {
		expect(() => new IdleCountdown(0, T0)).toThrow(RangeError);
	});
});

describe('the beep', () => {
	it('sounds as the countdown begins and once more at 10 seconds left', () => {
		expect(beepDue(null, WARNING_SECONDS)).toBe(true);
		expect(beepDue(WARNING_SECONDS, WARNING_SECONDS - 1)).toBe(false);
		expect(beepDue(SECOND_BEEP_AT + 1, SECOND_BEEP_AT)).toBe(true);
		expect(beepDue(SECOND_BEEP_AT, SECOND_BEEP_AT)).toBe(false);
		expect(beepDue(SECOND_BEEP_AT, SECOND_BEEP_AT - 1)).toBe(false);
	});
});
