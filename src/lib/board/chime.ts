/**
 * The board's sounds, synthesized with Web Audio (no audio file to load or to fail): short tones,
 * each an oscillator through a gain envelope. The structural types below are what the board needs
 * of an AudioContext, so that a spec can give it a fake.
 */

export interface AudioParamLike {
	setValueAtTime(value: number, time: number): unknown;
	exponentialRampToValueAtTime(value: number, time: number): unknown;
}

export interface AudioNodeLike {
	connect(destination: AudioNodeLike): unknown;
}

export interface OscillatorLike extends AudioNodeLike {
	type: OscillatorType;
	frequency: AudioParamLike;
	start(when: number): void;
	stop(when: number): void;
}

export interface GainLike extends AudioNodeLike {
	gain: AudioParamLike;
}

export interface AudioContextLike {
	/** 'running' only once the browser lets the page play sound (after a tap). */
	readonly state: AudioContextState;
	readonly currentTime: number;
	readonly destination: AudioNodeLike;
	createOscillator(): OscillatorLike;
	createGain(): GainLike;
	resume(): Promise<void>;
	close(): Promise<void>;
	/** The browser changes the state by itself too (tablet asleep, a call interrupting audio). */
	addEventListener(type: 'statechange', listener: () => void): void;
}

export interface Tone {
	type: OscillatorType;
	/** Hz. */
	frequency: number;
	/** Seconds after the sound begins. */
	offset: number;
	/** Seconds. */
	duration: number;
}

/** A new order: two rising tones, a doorbell heard over a kitchen's noise. */
export const CHIME: readonly Tone[] = [
	{ type: 'triangle', frequency: 880, offset: 0, duration: 0.25 },
	{ type: 'triangle', frequency: 1318.5, offset: 0.2, duration: 0.45 }
];

/** Sound was switched on: one short tone, unlike the chime (no one takes it for an order). */
export const CONFIRMATION: readonly Tone[] = [
	{ type: 'sine', frequency: 660, offset: 0, duration: 0.15 }
];

/** Loudest point of each tone's envelope (1 is full scale; two overlapping tones must not clip). */
export const PEAK_GAIN = 0.4;
/** How fast a tone swells to its peak: a tone switched on at full gain clicks. */
export const ATTACK_SECONDS = 0.015;
/**
 * How far ahead the sound is scheduled: events set in the past start late and lose their attack,
 * and `currentTime` has moved on a little by the time the nodes reach the audio thread.
 */
export const LEAD_SECONDS = 0.02;
/** An exponential ramp cannot reach 0: it starts from and fades to this instead (inaudible). */
export const SILENT_GAIN = 0.0001;

export function playTones(context: AudioContextLike, tones: readonly Tone[]): void {
	const begin = context.currentTime + LEAD_SECONDS;
	for (const tone of tones) {
		const start = begin + tone.offset;
		const end = start + tone.duration;
		const oscillator = context.createOscillator();
		oscillator.type = tone.type;
		oscillator.frequency.setValueAtTime(tone.frequency, start);
		const envelope = context.createGain();
		envelope.gain.setValueAtTime(SILENT_GAIN, start);
		envelope.gain.exponentialRampToValueAtTime(PEAK_GAIN, start + ATTACK_SECONDS);
		envelope.gain.exponentialRampToValueAtTime(SILENT_GAIN, end);
		oscillator.connect(envelope);
		envelope.connect(context.destination);
		oscillator.start(start);
		oscillator.stop(end);
	}
}
