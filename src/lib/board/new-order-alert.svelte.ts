/**
 * The order board's new-order alert: the board flashes and a chime sounds when orders come in, and
 * both repeat until staff acknowledge them. Never sound alone: the flash runs with the sound off
 * too. Browsers play sound only after a tap (autoplay policy), and after each reload again, so
 * the board asks for a tap while sound is wanted but held back (`needsGesture`).
 */
import { CHIME, CONFIRMATION, playTones, type AudioContextLike, type Tone } from './chime.ts';
import { systemTimers, type Timers } from './timers.ts';

/** Where the tablet remembers whether staff want sound ('on' / 'off'). */
export const SOUND_STORAGE_KEY = 'venue-kiosk:board-sound';
/** How often the chime repeats while an order is unacknowledged. */
export const REPEAT_MS = 4000;

export interface StorageLike {
	getItem(key: string): string | null;
	setItem(key: string, value: string): void;
}

export interface NewOrderAlertOptions {
	createAudioContext?: () => AudioContextLike;
	/** null: the choice is not remembered. Default: the browser's localStorage. */
	storage?: StorageLike | null;
	timers?: Pick<Timers, 'setInterval' | 'clearInterval'>;
	repeatMs?: number;
}

export class NewOrderAlert {
	#soundEnabled = $state(false);
	#unacknowledged: string[] = $state([]);
	/** 'none' until the first sound creates the audio context. */
	#audioState: AudioContextState | 'none' = $state('none');
	/** The board flashes while an order is unacknowledged, whether sound is on or not. */
	readonly flashing = $derived(this.#unacknowledged.length > 0);
	/** Sound is wanted but the browser holds it back until a tap: ask for one. */
	readonly needsGesture = $derived(this.#soundEnabled && this.#audioState !== 'running');

	readonly #createAudioContext: () => AudioContextLike;
	readonly #storage: StorageLike | null;
	readonly #timers: Pick<Timers, 'setInterval' | 'clearInterval'>;
	readonly #repeatMs: number;
	#context: AudioContextLike | null = null;
	#repeat: unknown = undefined;

	constructor({
		createAudioContext = () => new AudioContext(),
		storage = browserStorage(),
		timers = systemTimers,
		repeatMs = REPEAT_MS
	}: NewOrderAlertOptions = {}) {
		this.#createAudioContext = createAudioContext;
		this.#storage = storage;
		this.#timers = timers;
		this.#repeatMs = repeatMs;
		this.#soundEnabled = this.#recall();
	}

	/** Staff want to hear new orders (remembered on this tablet). */
	get soundEnabled(): boolean {
		return this.#soundEnabled;
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
		this.#soundEnabled = true;
		this.#remember('on');
		return this.#play(CONFIRMATION);
	}

	/** Sound off (remembered); the board still flashes. */
	disableSound(): void {
		this.#soundEnabled = false;
		this.#remember('off');
	}

	/**
	 * After a reload, any tap on the board may unlock the sound staff switched on before, silently.
	 * Call it from taps while `needsGesture` (a `click` or `pointerup`: a `pointerdown` of a finger
	 * does not count as a tap for the browser). Resolves whether sound now plays.
	 */
	resumeAudio(): Promise<boolean> {
		return this.#soundEnabled ? this.#play([]) : Promise.resolve(false);
	}

	/**
	 * Staff check the speaker: the chime once, also while sound is off. Call it from a tap.
	 * Resolves whether the audio actually ran (a muted or missing speaker it cannot know).
	 */
	selfTest(): Promise<boolean> {
		return this.#play(CHIME);
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
		void this.#context?.close().catch(() => undefined);
		this.#context = null;
	}

	/** Keeps repeating with the sound off, so that switching it on mid-alert chimes at the next turn. */
	#chime(): void {
		if (this.#soundEnabled) void this.#play(CHIME);
	}

	/** Starts the audio if it is not running, then the tones; resolves whether they sound. */
	async #play(tones: readonly Tone[]): Promise<boolean> {
		const context = this.#audio();
		if (!context) return false;
		if (context.state !== 'running') {
			try {
				// Called before anything is awaited: the browser lets audio start only while it
				// handles the tap.
				await context.resume();
			} catch {
				// Refused (closed meanwhile): the state says so.
			}
		}
		// Never on a suspended clock: every chime given to it while the board waits for a tap would
		// sound at once when it resumes.
		if (context.state !== 'running') return false;
		playTones(context, tones);
		return true;
	}

	/**
	 * The audio context, created at the first sound; null where the browser has no Web Audio. A
	 * chime may create it without a tap: the browser lets it run if the page was tapped before,
	 * else it stays suspended and `needsGesture` asks for a tap.
	 */
	#audio(): AudioContextLike | null {
		if (this.#context) return this.#context;
		try {
			const context = this.#createAudioContext();
			this.#context = context;
			this.#audioState = context.state;
			context.addEventListener('statechange', () => (this.#audioState = context.state));
			return context;
		} catch {
			return null;
		}
	}

	#recall(): boolean {
		try {
			return this.#storage?.getItem(SOUND_STORAGE_KEY) === 'on';
		} catch {
			return false;
		}
	}

	#remember(choice: 'on' | 'off'): void {
		try {
			this.#storage?.setItem(SOUND_STORAGE_KEY, choice);
		} catch {
			// Storage refused (private mode, full): the choice holds until the next reload.
		}
	}
}

/** localStorage in a browser; none while the server renders the page, or where it is blocked. */
function browserStorage(): StorageLike | null {
	try {
		return typeof window === 'undefined' ? null : window.localStorage;
	} catch {
		return null;
	}
}
