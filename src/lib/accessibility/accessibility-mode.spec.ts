import { describe, expect, it, vi } from 'vitest';
import { AccessibilityMode } from './accessibility-mode.svelte.ts';
import type { MediaDevicesLike } from './headset.ts';
import type { SpeechOutput } from './speech-output.ts';

function speechOutput(): SpeechOutput {
	return {
		availability: vi.fn(async (locale) => (locale === 'en' ? 'available' : 'unavailable')),
		speak: vi.fn(async () => 'available' as const),
		repeat: vi.fn(async () => undefined),
		cancel: vi.fn(),
		volume: 0.6,
		louder: vi.fn(),
		softer: vi.fn(),
		reset: vi.fn()
	};
}

/** `<html>` as applyTo writes it. */
function root() {
	const attributes = new Map<string, string>();
	const properties = new Map<string, string>();
	return {
		attributes,
		properties,
		setAttribute: (name: string, value: string) => void attributes.set(name, value),
		removeAttribute: (name: string) => void attributes.delete(name),
		style: {
			setProperty: (name: string, value: string) => void properties.set(name, value),
			removeProperty: (name: string) => (properties.delete(name), '')
		} as CSSStyleDeclaration
	};
}

describe('AccessibilityMode', () => {
	it('starts off, with nothing on <html>', () => {
		const mode = new AccessibilityMode({ speech: speechOutput(), mediaDevices: null });
		const html = root();
		mode.applyTo(html);
		expect([mode.active, mode.speechOn, mode.reach, mode.largeText, mode.highContrast]).toEqual([
			false,
			false,
			false,
			false,
			false
		]);
		expect(html.attributes.size + html.properties.size).toBe(0);
	});

	it('turns speech on when started by a keypad or a headset, not by the button', () => {
		for (const trigger of ['keypad', 'headset'] as const) {
			const mode = new AccessibilityMode({ speech: speechOutput(), mediaDevices: null });
			expect(mode.start(trigger)).toBe(true);
			expect([mode.active, mode.startedBy, mode.speechOn]).toEqual([true, trigger, true]);
		}
		const mode = new AccessibilityMode({ speech: speechOutput(), mediaDevices: null });
		mode.start('button');
		expect([mode.active, mode.startedBy, mode.speechOn]).toEqual([true, 'button', false]);
	});

	it('keeps what the guest chose when started again', () => {
		const mode = new AccessibilityMode({ speech: speechOutput(), mediaDevices: null });
		mode.start('keypad');
		mode.speechOn = false;
		expect(mode.start('keypad')).toBe(false);
		expect([mode.startedBy, mode.speechOn]).toEqual(['keypad', false]);
	});

	it('stops what is being said when speech is turned off', () => {
		const speech = speechOutput();
		const mode = new AccessibilityMode({ speech, mediaDevices: null });
		mode.start('keypad');
		mode.speechOn = false;
		expect(speech.cancel).toHaveBeenCalledOnce();
	});

	it('shows the choices on <html>, and the reach band as CSS variables', () => {
		const mode = new AccessibilityMode({ speech: speechOutput(), mediaDevices: null });
		const html = root();
		mode.start('button');
		mode.highContrast = true;
		mode.largeText = true;
		mode.reach = true;
		mode.geometry = { lowerEdgeMm: 950, visibleHeightMm: 698 };
		mode.viewportHeight = 1920;
		mode.applyTo(html);
		expect(Object.fromEntries(html.attributes)).toEqual({
			'data-contrast': 'high',
			'data-text': 'large',
			'data-reach': 'on'
		});
		expect(mode.reachBand).toEqual({ top: 1178, bottom: 1920 });
		expect(Object.fromEntries(html.properties)).toEqual({
			'--reach-top': '1178px',
			'--reach-bottom': '1920px'
		});
		mode.geometry = { lowerEdgeMm: 1400, visibleHeightMm: 698 };
		mode.largeText = false;
		mode.applyTo(html);
		expect(mode.reachBand).toBeNull();
		expect(html.properties.size).toBe(0);
		expect(html.attributes.has('data-text')).toBe(false);
	});

	it('takes everything off <html> when the screen goes away', () => {
		const mode = new AccessibilityMode({ speech: speechOutput(), mediaDevices: null });
		const html = root();
		mode.start('button');
		mode.highContrast = mode.reach = true;
		mode.geometry = { lowerEdgeMm: 950, visibleHeightMm: 698 };
		mode.viewportHeight = 1920;
		const remove = mode.applyTo(html);
		expect(html.attributes.size + html.properties.size).toBe(4);
		remove();
		expect(html.attributes.size + html.properties.size).toBe(0);
	});

	it('resets everything for the next guest, speech and volume included', () => {
		const speech = speechOutput();
		const mode = new AccessibilityMode({ speech, mediaDevices: null });
		const html = root();
		mode.start('keypad');
		mode.reach = mode.largeText = mode.highContrast = true;
		mode.reset();
		mode.applyTo(html);
		expect([mode.active, mode.startedBy, mode.speechOn, mode.reach, mode.largeText]).toEqual([
			false,
			null,
			false,
			false,
			false
		]);
		expect(mode.highContrast).toBe(false);
		expect(speech.reset).toHaveBeenCalledOnce();
		expect(html.attributes.size).toBe(0);
	});

	it("tells whether the screen's language has a voice", async () => {
		const mode = new AccessibilityMode({ speech: speechOutput(), mediaDevices: null });
		expect(await mode.checkSpeech('en')).toBe('available');
		expect(mode.speechState).toBe('available');
		await mode.checkSpeech('de');
		expect(mode.speechState).toBe('unavailable');
	});

	it('keeps the answer for the language asked about last', async () => {
		const speech = speechOutput();
		let answerEnglish: (state: 'available') => void = () => undefined;
		vi.mocked(speech.availability).mockImplementationOnce(
			() => new Promise((resolve) => (answerEnglish = resolve))
		);
		const mode = new AccessibilityMode({ speech, mediaDevices: null });
		const english = mode.checkSpeech('en');
		await mode.checkSpeech('de');
		answerEnglish('available');
		await english;
		expect(mode.speechState).toBe('unavailable');
	});

	it('starts when a headset is plugged in, until it stops watching', async () => {
		const target = new EventTarget();
		let outputs = [{ kind: 'audiooutput', deviceId: 'speakers' }];
		const mediaDevices = {
			enumerateDevices: async () => outputs as MediaDeviceInfo[],
			addEventListener: target.addEventListener.bind(target),
			removeEventListener: target.removeEventListener.bind(target)
		} satisfies MediaDevicesLike;
		const mode = new AccessibilityMode({ speech: speechOutput(), mediaDevices });
		const stop = mode.watchHeadsets();
		await new Promise((resolve) => setTimeout(resolve, 0));
		outputs = [...outputs, { kind: 'audiooutput', deviceId: 'headset' }];
		target.dispatchEvent(new Event('devicechange'));
		await expect.poll(() => mode.active).toBe(true);
		expect([mode.startedBy, mode.speechOn]).toEqual(['headset', true]);
		stop();
	});

	it('does not watch where there are no media devices', () => {
		const mode = new AccessibilityMode({ speech: speechOutput(), mediaDevices: null });
		expect(() => mode.watchHeadsets()()).not.toThrow();
	});
});
