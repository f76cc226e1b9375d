/**
 * The accessibility mode of one guest screen (ordering kiosk, return station), put together:
 * the guest's choices (AccessibilityMode), the voice (SpeechOutput), the tactile keypad
 * (KeypadNavigator, fed only the keypad's keys: KeypadFilter) and what is said (SpeechGuide).
 * The screen's panel creates one once a guest starts the mode, attaches it to the screen's root,
 * tells it the language and the mounting, and resets it after every guest.
 */
import type { Locale } from '#lib/paraglide/runtime.js';
import { AccessibilityMode, type AccessibilityTrigger } from './accessibility-mode.svelte.ts';
import { KeypadFilter } from './keypad-filter.ts';
import { KeypadNavigator } from './keypad-navigator.ts';
import { SpeechGuide, type SpeechGuideLabels } from './speech-guide.ts';
import { WebSpeechOutput, type SpeechOutput } from './speech-output.ts';

export interface GuestAccessibilityOptions {
	/** The screen's language now: speech follows it. */
	locale: () => Locale;
	/** The keypad's "back" on the screen's step (a dialog's back closes the dialog first). */
	back: () => void;
	/** What is said besides the page: help for the keys, the mode starting, state names. */
	phrases: SpeechGuideLabels & { started: () => string; help: () => string };
	speech?: SpeechOutput;
}

export class GuestAccessibility {
	readonly mode: AccessibilityMode;
	readonly speech: SpeechOutput;
	/** The voice's volume as the screen shows it (SpeechOutput's own is not reactive). */
	volume = $state(0);
	readonly #options: GuestAccessibilityOptions;
	readonly #keys = new KeypadFilter();

	constructor(options: GuestAccessibilityOptions) {
		this.#options = options;
		this.speech = options.speech ?? new WebSpeechOutput();
		this.mode = new AccessibilityMode({ speech: this.speech });
		this.volume = this.speech.volume;
	}

	louder(): void {
		this.speech.louder();
		this.volume = this.speech.volume;
	}

	softer(): void {
		this.speech.softer();
		this.volume = this.speech.volume;
	}

	/** Says `text` when the guest has speech on and the language has a local voice. */
	say(text: string): void {
		if (this.mode.speechOn && this.mode.speechState === 'available')
			void this.speech.speak(text, this.#options.locale());
	}

	/** The guest starts the mode (the button, a keypad key, a headset). */
	start(trigger: AccessibilityTrigger): void {
		if (!this.mode.start(trigger) || !this.mode.speechOn) return;
		// Just loaded, the voices may not be known yet: asked first, then said.
		void this.mode
			.checkSpeech(this.#options.locale())
			.then(() => this.say(this.#options.phrases.started()));
	}

	/** The end of a guest: everything back to normal for the next one. */
	reset(): void {
		this.mode.reset();
		this.volume = this.speech.volume;
	}

	/**
	 * Listens to the keypad, says what happens in `root`, watches for a headset, and writes the
	 * choices onto `<html>`; returns what stops all of it (the screen going away).
	 */
	attach(root: HTMLElement): () => void {
		const navigator = new KeypadNavigator(root);
		navigator.setBackHandler(() => this.#options.back());
		const onKey = (event: KeyboardEvent) => this.#onKey(event, navigator);
		window.addEventListener('keydown', onKey, { capture: true });
		const stopGuide = new SpeechGuide(
			root,
			(text) => this.say(text),
			this.#options.phrases
		).start();
		const stopHeadsets = this.mode.watchHeadsets();
		return () => {
			window.removeEventListener('keydown', onKey, { capture: true });
			stopGuide();
			stopHeadsets();
			this.speech.cancel();
		};
	}

	#onKey(event: KeyboardEvent, navigator: KeypadNavigator): void {
		const key = this.#keys.actionOf(event);
		if (!key) return;
		// The first keypad key of a guest starts the mode and is heard as that: nothing else. Back
		// on an open modal dialog (Escape on the age question) closes it, mode or not, as Escape
		// does in any page.
		if (!this.mode.active && !(key === 'back' && navigator.dialogOpen)) {
			event.preventDefault();
			this.start('keypad');
			return;
		}
		const action = navigator.handleKeydown(event);
		if (action === 'help') this.say(this.#options.phrases.help());
		else if (action === 'repeat') void this.speech.repeat();
		else if (action === 'louder') this.louder();
		else if (action === 'softer') this.softer();
	}
}
