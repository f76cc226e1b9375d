/**
 * Speech output of the guest screens (docs/accessibility.md, Speech output; EN 301 549 5.1.3): what
 * the screens say, in the screen's language, by a voice of this device only.
 *
 * - Only local voices (`localService`): a remote voice would send what the guest orders, and
 *   their receipt, to a speech service (5.1.3.9, private access to personal data) and fall silent
 *   when the network does. A language without a local voice is 'unavailable', never a remote one
 *   or another language's voice (5.1.3.14, spoken languages).
 * - Each utterance interrupts the one before (5.1.3.5, automatic interruption); the last one can
 *   be repeated and anything can be stopped (5.1.3.4, user control).
 * - Volume in steps, back to the default for every guest (5.1.3.12, 5.1.3.13); reset also forgets
 *   the last utterance, so the next guest cannot have the previous guest's receipt repeated.
 */
import { systemTimers, type Timers } from '#lib/board/timers.ts';
import type { Locale } from '#lib/paraglide/runtime.js';

export type SpeechState = 'available' | 'unavailable';

export interface SpeechOutput {
	/** Whether a local voice speaks `locale`; waits for the device's voice list while it loads. */
	availability(locale: Locale): Promise<SpeechState>;
	/** Stops what is being said, then says `text` in `locale`; says nothing without a voice. */
	speak(text: string, locale: Locale): Promise<SpeechState>;
	/** Says the last utterance again (at the current volume). */
	repeat(): Promise<void>;
	cancel(): void;
	/** 0..1; applies from the next utterance (speech cannot change volume mid-sentence). */
	readonly volume: number;
	louder(): void;
	softer(): void;
	/** End of a guest: silent, default volume, nothing left to repeat. */
	reset(): void;
}

export type VoiceLike = Pick<SpeechSynthesisVoice, 'lang' | 'localService' | 'default'>;

export interface UtteranceLike {
	text: string;
	lang: string;
	voice: VoiceLike | null;
	volume: number;
}

/** The part of the browser's `speechSynthesis` used here. */
export interface SpeechSynthesisLike {
	getVoices(): readonly VoiceLike[];
	speak(utterance: UtteranceLike): void;
	cancel(): void;
	addEventListener(type: 'voiceschanged', listener: () => void): void;
	removeEventListener(type: 'voiceschanged', listener: () => void): void;
}

/** Where the Web Speech API is found: the browser's global object, or a test's stand-in. */
export interface SpeechSource {
	speechSynthesis?: SpeechSynthesisLike;
	SpeechSynthesisUtterance?: new (text: string) => UtteranceLike;
}

export interface WebSpeechOptions {
	/**
	 * Read at every call, not kept: the browser tests replace `window.speechSynthesis` with a
	 * recorder after the screen has started.
	 */
	source?: SpeechSource;
	timers?: Pick<Timers, 'setTimeout' | 'clearTimeout'>;
	/** How long to wait for a voice list that is still empty (none may ever come). */
	voiceWaitMs?: number;
}

/** Volume in five steps of 0.2. The lowest is still audible: silence is turning speech off. */
const VOLUME_STEPS = 5;
const DEFAULT_VOLUME_STEP = 3;

/**
 * The device's voice for `locale` (en → en-*, de → de-*): local voices only; the device's
 * default voice when it speaks the language, else the first that does.
 */
export function localVoiceFor<Voice extends VoiceLike>(
	voices: readonly Voice[],
	locale: Locale
): Voice | null {
	const speaksLocale = (voice: Voice) => {
		// Some platforms write en_GB.
		const lang = voice.lang.toLowerCase().replace('_', '-');
		return lang === locale || lang.startsWith(`${locale}-`);
	};
	const candidates = voices.filter((voice) => voice.localService && speaksLocale(voice));
	return candidates.find((voice) => voice.default) ?? candidates[0] ?? null;
}

export class WebSpeechOutput implements SpeechOutput {
	readonly #source: SpeechSource;
	readonly #timers: Pick<Timers, 'setTimeout' | 'clearTimeout'>;
	readonly #voiceWaitMs: number;
	#volumeStep = DEFAULT_VOLUME_STEP;
	#last: { text: string; locale: Locale } | null = null;
	/** Counts speak and cancel calls: an utterance that waited for voices is dropped once a later call came. */
	#turn = 0;

	constructor({
		source = globalThis,
		timers = systemTimers,
		voiceWaitMs = 2_000
	}: WebSpeechOptions = {}) {
		this.#source = source;
		this.#timers = timers;
		this.#voiceWaitMs = voiceWaitMs;
	}

	get volume(): number {
		return this.#volumeStep / VOLUME_STEPS;
	}

	async availability(locale: Locale): Promise<SpeechState> {
		return (await this.#voiceFor(locale)) ? 'available' : 'unavailable';
	}

	async speak(text: string, locale: Locale): Promise<SpeechState> {
		const turn = this.#interrupt();
		this.#last = { text, locale };
		const voice = await this.#voiceFor(locale);
		const { speechSynthesis, SpeechSynthesisUtterance } = this.#source;
		if (!voice || !speechSynthesis || !SpeechSynthesisUtterance) return 'unavailable';
		if (turn === this.#turn) {
			const utterance = new SpeechSynthesisUtterance(text);
			utterance.voice = voice;
			utterance.lang = voice.lang;
			utterance.volume = this.volume;
			speechSynthesis.speak(utterance);
		}
		return 'available';
	}

	async repeat(): Promise<void> {
		if (this.#last) await this.speak(this.#last.text, this.#last.locale);
	}

	cancel(): void {
		this.#interrupt();
	}

	louder(): void {
		this.#volumeStep = Math.min(VOLUME_STEPS, this.#volumeStep + 1);
	}

	softer(): void {
		this.#volumeStep = Math.max(1, this.#volumeStep - 1);
	}

	reset(): void {
		this.#interrupt();
		this.#volumeStep = DEFAULT_VOLUME_STEP;
		this.#last = null;
	}

	#interrupt(): number {
		this.#source.speechSynthesis?.cancel();
		this.#turn += 1;
		return this.#turn;
	}

	async #voiceFor(locale: Locale): Promise<VoiceLike | null> {
		const synthesis = this.#source.speechSynthesis;
		if (!synthesis || !this.#source.SpeechSynthesisUtterance) return null;
		// Chromium fills the list only after the page has asked once, then says `voiceschanged`.
		if (synthesis.getVoices().length === 0) await this.#voicesLoaded(synthesis);
		return localVoiceFor(synthesis.getVoices(), locale);
	}

	#voicesLoaded(synthesis: SpeechSynthesisLike): Promise<void> {
		return new Promise((resolve) => {
			const loaded = () => {
				synthesis.removeEventListener('voiceschanged', loaded);
				this.#timers.clearTimeout(timer);
				resolve();
			};
			synthesis.addEventListener('voiceschanged', loaded);
			const timer = this.#timers.setTimeout(loaded, this.#voiceWaitMs);
		});
	}
}
