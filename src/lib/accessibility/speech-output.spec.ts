import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
	localVoiceFor,
	WebSpeechOutput,
	type SpeechSource,
	type UtteranceLike,
	type VoiceLike
} from './speech-output.ts';

const voice = (lang: string, localService = true, isDefault = false) => ({
	name: `${lang}${localService ? '' : ' (online)'}`,
	lang,
	localService,
	default: isDefault
});

/** The browser's speechSynthesis as the browser tests see it: what is said, and every cancel. */
class RecordingSynthesis extends EventTarget {
	voices: VoiceLike[] = [];
	readonly log: string[] = [];
	readonly spoken: UtteranceLike[] = [];
	getVoices() {
		return this.voices;
	}
	speak(utterance: UtteranceLike) {
		this.log.push(`speak ${utterance.text}`);
		this.spoken.push(utterance);
	}
	cancel() {
		this.log.push('cancel');
	}
	loadVoices(voices: VoiceLike[]) {
		this.voices = voices;
		this.dispatchEvent(new Event('voiceschanged'));
	}
}

class Utterance implements UtteranceLike {
	text: string;
	lang = '';
	voice: VoiceLike | null = null;
	volume = 1;
	constructor(text: string) {
		this.text = text;
	}
}

const DEVICE_VOICES = [
	voice('en-US', false, true),
	voice('de-DE'),
	voice('en-GB'),
	voice('en-US', true, true)
];

function speechWith(voices: VoiceLike[]) {
	const synthesis = new RecordingSynthesis();
	synthesis.voices = voices;
	const source: SpeechSource = { speechSynthesis: synthesis, SpeechSynthesisUtterance: Utterance };
	return { synthesis, speech: new WebSpeechOutput({ source, voiceWaitMs: 2_000 }) };
}

describe('WebSpeechOutput', () => {
	beforeEach(() => vi.useFakeTimers());
	afterEach(() => vi.useRealTimers());

	it("speaks in the screen's language with a local voice of it", async () => {
		const { synthesis, speech } = speechWith(DEVICE_VOICES);
		expect(await speech.speak('Your order', 'en')).toBe('available');
		expect(await speech.speak('Ihre Bestellung', 'de')).toBe('available');
		expect(synthesis.spoken.map(({ text, lang, voice }) => [text, lang, voice])).toEqual([
			['Your order', 'en-US', DEVICE_VOICES[3]],
			['Ihre Bestellung', 'de-DE', DEVICE_VOICES[1]]
		]);
	});

	it('never uses a remote voice, nor another language’s voice', async () => {
		const { synthesis, speech } = speechWith([voice('en-US', false), voice('de-DE', false)]);
		expect(await speech.availability('en')).toBe('unavailable');
		expect(await speech.speak('Your order', 'en')).toBe('unavailable');
		const englishOnly = speechWith([voice('en-GB')]);
		expect(await englishOnly.speech.speak('Ihre Bestellung', 'de')).toBe('unavailable');
		expect([...synthesis.spoken, ...englishOnly.synthesis.spoken]).toEqual([]);
	});

	it('stops what is being said before each new utterance', async () => {
		const { synthesis, speech } = speechWith(DEVICE_VOICES);
		await speech.speak('Menu', 'en');
		await speech.speak('Pretzel, 4 euros', 'en');
		speech.cancel();
		expect(synthesis.log).toEqual([
			'cancel',
			'speak Menu',
			'cancel',
			'speak Pretzel, 4 euros',
			'cancel'
		]);
	});

	it('waits for the voice list while it is still empty', async () => {
		const { synthesis, speech } = speechWith([]);
		const spoken = speech.speak('Welcome', 'en');
		await vi.advanceTimersByTimeAsync(500);
		expect(synthesis.spoken).toEqual([]);
		synthesis.loadVoices(DEVICE_VOICES);
		expect(await spoken).toBe('available');
		expect(synthesis.log).toEqual(['cancel', 'speak Welcome']);
	});

	it('is unavailable when no voice list comes', async () => {
		const { synthesis, speech } = speechWith([]);
		const availability = speech.availability('de');
		await vi.advanceTimersByTimeAsync(2_000);
		expect(await availability).toBe('unavailable');
		// Voices that come later are used from then on.
		synthesis.voices = DEVICE_VOICES;
		expect(await speech.availability('de')).toBe('available');
	});

	it('says only the latest of utterances that waited for voices, and nothing once cancelled', async () => {
		const { synthesis, speech } = speechWith([]);
		const first = speech.speak('Menu', 'en');
		const second = speech.speak('Basket', 'en');
		synthesis.loadVoices(DEVICE_VOICES);
		await Promise.all([first, second]);
		expect(synthesis.spoken.map(({ text }) => text)).toEqual(['Basket']);

		const waiting = speechWith([]);
		const dropped = waiting.speech.speak('Receipt', 'en');
		waiting.speech.cancel();
		waiting.synthesis.loadVoices(DEVICE_VOICES);
		await dropped;
		expect(waiting.synthesis.spoken).toEqual([]);
	});

	it('repeats the last utterance, in its language, at the volume now', async () => {
		const { synthesis, speech } = speechWith(DEVICE_VOICES);
		await speech.speak('Total 8 euros', 'de');
		speech.louder();
		await speech.repeat();
		expect(synthesis.log).toEqual([
			'cancel',
			'speak Total 8 euros',
			'cancel',
			'speak Total 8 euros'
		]);
		expect(synthesis.spoken.map(({ lang, volume }) => [lang, volume])).toEqual([
			['de-DE', 0.6],
			['de-DE', 0.8]
		]);
	});

	it('steps the volume between 0.2 and 1, and resets it, silence and the last utterance for the next guest', async () => {
		const { synthesis, speech } = speechWith(DEVICE_VOICES);
		expect(speech.volume).toBe(0.6);
		for (let press = 0; press < 5; press += 1) speech.louder();
		expect(speech.volume).toBe(1);
		for (let press = 0; press < 9; press += 1) speech.softer();
		expect(speech.volume).toBe(0.2);
		await speech.speak('Your deposit code is valid for 14 days', 'en');
		speech.reset();
		expect(speech.volume).toBe(0.6);
		await speech.repeat();
		expect(synthesis.log).toEqual([
			'cancel',
			'speak Your deposit code is valid for 14 days',
			'cancel'
		]);
	});

	it('reads speechSynthesis at each call, so a test can replace it later', async () => {
		const source: SpeechSource = {};
		const speech = new WebSpeechOutput({ source });
		expect(await speech.availability('en')).toBe('unavailable');
		const recorder = new RecordingSynthesis();
		recorder.voices = DEVICE_VOICES;
		source.speechSynthesis = recorder;
		source.SpeechSynthesisUtterance = Utterance;
		await speech.speak('Hello', 'en');
		expect(recorder.log).toEqual(['cancel', 'speak Hello']);
	});

	it('is unavailable where there is no Web Speech (the server, Node)', async () => {
		expect(await new WebSpeechOutput().speak('Hello', 'en')).toBe('unavailable');
	});
});

describe('localVoiceFor', () => {
	it('matches the language whatever the region and spelling', () => {
		const voices = [voice('EN_gb'), voice('de-AT'), voice('de')];
		expect(localVoiceFor(voices, 'en')).toBe(voices[0]);
		expect(localVoiceFor(voices, 'de')).toBe(voices[1]);
	});

	it('takes the device’s default voice when it speaks the language', () => {
		const voices = [voice('de-CH'), voice('de-DE', true, true)];
		expect(localVoiceFor(voices, 'de')).toBe(voices[1]);
	});

	it('does not take a language that only starts alike', () => {
		expect(localVoiceFor([voice('enx-US'), voice('dek')], 'en')).toBeNull();
		expect(localVoiceFor([voice('enx-US'), voice('dek')], 'de')).toBeNull();
	});
});
