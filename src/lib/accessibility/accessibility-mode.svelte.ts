/**
 * The accessibility choices of the guest at the screen (docs/accessibility.md): reach, large text,
 * high contrast and speech, on from the moment the guest starts the mode until their session ends.
 *
 * The guest starts it in a way they can use: the always-visible button in the lower corner, the
 * first press of a keypad key, or a headset plugged in (headset.ts). A keypad or a headset means
 * the guest wants to hear the screen, so those turn speech on; the button opens the choices and
 * turns nothing on by itself. `reset` ends it for the next guest (EN 301 549 5.1.3.13: the volume
 * too).
 *
 * The screen shows the choices through `<html>`'s attributes (`applyTo`): high-contrast.css and
 * large-text.css key on them, and rem sizes follow the root font size, which only `<html>` sets.
 */
import type { Locale } from '#lib/paraglide/runtime.js';
import type { ScreenGeometry } from '#lib/shared/screen-geometry.ts';
import { watchHeadsets, type MediaDevicesLike } from './headset.ts';
import { reachBand as reachBandOf } from './reach-zone.ts';
import type { SpeechOutput, SpeechState } from './speech-output.ts';

export type AccessibilityTrigger = 'button' | 'keypad' | 'headset';

export interface AccessibilityModeOptions {
	speech: SpeechOutput;
	/** `navigator.mediaDevices` (the default, where there is one); null: no headset detection. */
	mediaDevices?: MediaDevicesLike | null;
}

type RootAttribute = 'data-contrast' | 'data-text' | 'data-reach';
type ReachVariable = '--reach-top' | '--reach-bottom';
type RootElement = Pick<HTMLElement, 'setAttribute' | 'removeAttribute' | 'style'>;

export class AccessibilityMode {
	active = $state(false);
	/** How the guest started it (the screen may greet a keypad user with the keys' help). */
	startedBy: AccessibilityTrigger | null = $state(null);
	reach = $state(false);
	largeText = $state(false);
	highContrast = $state(false);
	/** Whether the screen's language has a local voice (`checkSpeech`). */
	speechState: SpeechState = $state('unavailable');
	/** The venue's screen mounting (server: screens/screen-geometry.ts); null: not known. */
	geometry: ScreenGeometry | null = $state(null);
	/** The viewport's height in CSS pixels (`bind:innerHeight` on svelte:window). */
	viewportHeight = $state(0);

	/** Rows inside the reach range (EN 301 549 8.3.3); null: none, or the mounting is not known. */
	readonly reachBand = $derived(
		this.geometry ? reachBandOf(this.geometry, this.viewportHeight) : null
	);

	/** For `<html>`: absent attributes are removed. */
	readonly rootAttributes: Readonly<Record<RootAttribute, string | null>> = $derived({
		'data-contrast': this.highContrast ? 'high' : null,
		'data-text': this.largeText ? 'large' : null,
		'data-reach': this.reach ? 'on' : null
	});

	/** The reach band for the screens' CSS, in px from the viewport's top; null while there is none. */
	readonly reachVariables: Readonly<Record<ReachVariable, string | null>> = $derived({
		'--reach-top': this.reachBand ? `${this.reachBand.top}px` : null,
		'--reach-bottom': this.reachBand ? `${this.reachBand.bottom}px` : null
	});

	readonly #speech: SpeechOutput;
	readonly #mediaDevices: MediaDevicesLike | null;
	#speechOn = $state(false);
	#speechLocale: Locale | null = null;

	constructor({
		speech,
		mediaDevices = typeof navigator === 'undefined' ? null : (navigator.mediaDevices ?? null)
	}: AccessibilityModeOptions) {
		this.#speech = speech;
		this.#mediaDevices = mediaDevices;
	}

	/** Whether the screen speaks; turning it off stops what is being said. */
	get speechOn(): boolean {
		return this.#speechOn;
	}

	set speechOn(on: boolean) {
		this.#speechOn = on;
		if (!on) this.#speech.cancel();
	}

	/** Starts the mode; false when it is on already (what the guest chose since stays). */
	start(trigger: AccessibilityTrigger): boolean {
		if (this.active) return false;
		this.active = true;
		this.startedBy = trigger;
		if (trigger !== 'button') this.#speechOn = true;
		return true;
	}

	/** The guest's session ended: everything off, speech silent at the default volume. */
	reset(): void {
		this.active = false;
		this.startedBy = null;
		this.reach = false;
		this.largeText = false;
		this.highContrast = false;
		this.#speechOn = false;
		this.#speech.reset();
	}

	/** Asks whether `locale` has a local voice (when the screen's language changes). */
	async checkSpeech(locale: Locale): Promise<SpeechState> {
		this.#speechLocale = locale;
		const state = await this.#speech.availability(locale);
		// A guest switching languages quickly: the last language asked about decides.
		if (this.#speechLocale === locale) this.speechState = state;
		return state;
	}

	/** Starts the mode when a headset is plugged in; returns the function that stops watching. */
	watchHeadsets(): () => void {
		if (!this.#mediaDevices) return () => undefined;
		return watchHeadsets(this.#mediaDevices, () => this.start('headset'));
	}

	/**
	 * Writes the choices onto `root` (`<html>`) and returns what takes them off again: return it
	 * from an `$effect` (`$effect(() => mode.applyTo(document.documentElement))`), so `<html>`
	 * follows the choices and is left clean when the screen goes away.
	 */
	applyTo(root: RootElement): () => void {
		for (const [name, value] of Object.entries(this.rootAttributes)) {
			if (value === null) root.removeAttribute(name);
			else root.setAttribute(name, value);
		}
		for (const [name, value] of Object.entries(this.reachVariables)) {
			if (value === null) root.style.removeProperty(name);
			else root.style.setProperty(name, value);
		}
		return () => {
			for (const name of Object.keys(this.rootAttributes)) root.removeAttribute(name);
			for (const name of Object.keys(this.reachVariables)) root.style.removeProperty(name);
		};
	}
}
