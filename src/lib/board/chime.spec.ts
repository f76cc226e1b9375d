import { describe, expect, it } from 'vitest';
import {
	ATTACK_SECONDS,
	CHIME,
	CONFIRMATION,
	LEAD_SECONDS,
	PEAK_GAIN,
	SILENT_GAIN,
	playTones
} from './chime.ts';
import { FakeAudioContext } from './testing/fake-audio.ts';

describe('playTones', () => {
	it('plays each tone through its own envelope into the speakers, from a little ahead of now', () => {
		const context = new FakeAudioContext('running');
		context.currentTime = 12;
		playTones(context, CHIME);
		expect(context.played()).toEqual([880, 1318.5]);
		const begin = 12 + LEAD_SECONDS;
		const [first, second] = context.oscillators;
		const [firstGain, secondGain] = context.gains;
		expect(first).toMatchObject({ type: 'triangle', startedAt: begin, stoppedAt: begin + 0.25 });
		expect(first?.frequency.calls).toEqual([['set', 880, begin]]);
		expect(first?.connectedTo).toBe(firstGain);
		expect(firstGain?.connectedTo).toBe(context.destination);
		expect(firstGain?.gain.calls).toEqual([
			['set', SILENT_GAIN, begin],
			['ramp', PEAK_GAIN, begin + ATTACK_SECONDS],
			['ramp', SILENT_GAIN, begin + 0.25]
		]);
		expect(second).toMatchObject({ startedAt: begin + 0.2, stoppedAt: begin + 0.2 + 0.45 });
		expect(second?.connectedTo).toBe(secondGain);
		expect(secondGain?.connectedTo).toBe(context.destination);
	});

	it('never ramps to 0 (an exponential ramp cannot) and peaks low enough for two tones at once', () => {
		expect(SILENT_GAIN).toBeGreaterThan(0);
		expect(PEAK_GAIN * CHIME.length).toBeLessThanOrEqual(1);
	});

	it('lets each tone swell before it fades', () => {
		for (const tone of [...CHIME, ...CONFIRMATION]) {
			expect(tone.duration).toBeGreaterThan(ATTACK_SECONDS);
		}
	});

	it('the confirmation is one short tone, unlike the chime', () => {
		const context = new FakeAudioContext('running');
		playTones(context, CONFIRMATION);
		expect(context.played()).toEqual([660]);
		expect(CHIME.map((tone) => tone.frequency)).not.toContain(660);
	});
});
