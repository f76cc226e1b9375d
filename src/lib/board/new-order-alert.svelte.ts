/**
 * The order board's new-order alert: the board flashes and a chime sounds when orders come in, and
 * both repeat until staff acknowledge them. Never sound alone: the flash runs with the sound off
 * too. Whether sound is wanted, and the tap browsers require before it plays (also after each
 * reload), is the board's RememberedSound.
 */
import { CHIME, CONFIRMATION, type AudioContextLike } from './chime.ts';
import { RememberedSound, type StorageLike } from './remembered-sound.svelte.ts';
import { systemTimers, type Timers } from './timers.ts';

/** Where the tablet remembers whether staff want sound ('on' / 'off'). */
export const SOUND_STORAGE_KEY = 'venue-kiosk:board-sound';
/** How often the chime repeats while an order is unacknowledged. */
export const REPEAT_MS = 4000;

export interface NewOrderAlertOptions {
	createAudioContext?: () => AudioContextLike;
	/** null: the choice is not remembered. Default: the browser's localStorage. */
	storage?: StorageLike | null;
	timers?: Pick<Timers, 'setInterval' | 'clearInterval'>;
	repeatMs?: number;
}

export class NewOrderAlert {
	#unacknowledged: string[] = $state([]);
	/** The board flashes while an order is unacknowledged, whether sound is on or not. */
	readonly flashing = $derived(this.#unacknowledged.length > 0);

	readonly #sound: RememberedSound;
	readonly #timers: Pick<Timers, 'setInterval' | 'clearInterval'>;
	readonly #repeatMs: number;
	#repeat: unknown = undefined;

	constructor({
		createAudioContext,
		storage,
		timers = systemTimers,
		repeatMs = REPEAT_MS
	}: NewOrderAlertOptions = {}) {
		this.#sound = new RememberedSound({
			storageKey: SOUND_STORAGE_KEY,
			createAudioContext,
			storage
		});
		this.#timers = timers;
		this.#repeatMs = repeatMs;
	}

	/** Staff want to hear new orders (remembered on this tablet). */
	get soundEnabled(): boolean {
		return this.#sound.enabled;
	}

	/** Sound is wanted but the browser holds it back until a tap: ask for one. */
	get needsGesture(): boolean {
		return this.#sound.needsGesture;
	}

	/** The orders announced and not acknowledged yet, in the order they came. */
	get unacknowledged(): readonly string[] {
		return this.#unacknowledged;
	}

	/**
	 * Sound on (remembered), with a short confirmation. Call it from a tap (click handler): only
	 * then may the browser start the audio. Resolves whether sound now plays.
	 */
	enableSound(): Promise<boolean> {
		return this.#sound.enable(CONFIRMATION);
	}

	/** Sound off (remembered); the board still flashes. */
	disableSound(): void {
		this.#sound.disable();
	}

	/** After a reload, a tap on the board unlocks the sound switched on before (RememberedSound). */
	resumeAudio(): Promise<boolean> {
		return this.#sound.resume();
	}

	/**
	 * Staff check the speaker: the chime once, also while sound is off. Call it from a tap.
	 * Resolves whether the audio actually ran (a muted or missing speaker it cannot know).
	 */
	selfTest(): Promise<boolean> {
		return this.#sound.play(CHIME);
	}

	/** Orders came in: flash, and chime now and every `repeatMs` until they are acknowledged. */
	notify(keys: readonly string[]): void {
		const fresh = keys.filter(
			(key, index) => keys.indexOf(key) === index && !this.#unacknowledged.includes(key)
		);
		if (fresh.length === 0) return;
		this.#unacknowledged = [...this.#unacknowledged, ...fresh];
		// From now: a chime due in a moment for the earlier orders would sound twice in a row.
		this.#timers.clearInterval(this.#repeat);
		this.#chime();
		this.#repeat = this.#timers.setInterval(() => this.#chime(), this.#repeatMs);
	}

	/** One order seen (or gone from the board), or all of them. */
	acknowledge(key?: string): void {
		this.#unacknowledged =
			key === undefined ? [] : this.#unacknowledged.filter((pending) => pending !== key);
		if (this.#unacknowledged.length > 0) return;
		this.#timers.clearInterval(this.#repeat);
		this.#repeat = undefined;
	}

	/** The board goes away: no more sound, and the audio device is released. */
	destroy(): void {
		this.acknowledge();
		this.#sound.destroy();
	}

	/** Keeps repeating with the sound off, so that switching it on mid-alert chimes at the next turn. */
	#chime(): void {
		void this.#sound.chime(CHIME);
	}
}
