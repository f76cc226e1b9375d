/**
 * Sound that staff switch on once per screen and that stays on across reloads: the choice is
 * remembered in the browser's storage. Browsers play sound only after a tap (autoplay policy),
 * and after each reload again, so while sound is wanted but held back `needsGesture` says that a
 * tap is needed (a kiosk browser started with `--autoplay-policy=no-user-gesture-required` needs
 * none). Used by the order board's new-order alert and the pickup screen's chime.
 */
import type { AudioContextLike, Tone } from './chime.ts';
import { playTones } from './chime.ts';

export interface StorageLike {
	getItem(key: string): string | null;
	setItem(key: string, value: string): void;
}

export interface RememberedSoundOptions {
	/** Where this screen remembers whether sound is wanted ('on' / 'off'). */
	storageKey: string;
	createAudioContext?: () => AudioContextLike;
	/** null: the choice is not remembered. Default: the browser's localStorage. */
	storage?: StorageLike | null;
}

export class RememberedSound {
	#enabled = $state(false);
	/** 'none' until the first sound creates the audio context. */
	#audioState: AudioContextState | 'none' = $state('none');
	/** Sound is wanted but the browser holds it back until a tap: ask for one. */
	readonly needsGesture = $derived(this.#enabled && this.#audioState !== 'running');

	readonly #storageKey: string;
	readonly #createAudioContext: () => AudioContextLike;
	readonly #storage: StorageLike | null;
	#context: AudioContextLike | null = null;

	constructor({
		storageKey,
		createAudioContext = () => new AudioContext(),
		storage = browserStorage()
	}: RememberedSoundOptions) {
		this.#storageKey = storageKey;
		this.#createAudioContext = createAudioContext;
		this.#storage = storage;
		this.#enabled = this.#recall();
	}

	/** Staff want sound on this screen (remembered). */
	get enabled(): boolean {
		return this.#enabled;
	}

	/**
	 * Sound on (remembered), confirmed by `confirmation`. Call it from a tap (click handler): only
	 * then may the browser start the audio. Resolves whether sound now plays.
	 */
	enable(confirmation: readonly Tone[]): Promise<boolean> {
		this.#enabled = true;
		this.#remember('on');
		return this.play(confirmation);
	}

	/** Sound off (remembered). */
	disable(): void {
		this.#enabled = false;
		this.#remember('off');
	}

	/**
	 * After a reload, any tap may unlock the sound staff switched on before, silently. Call it
	 * from taps while `needsGesture` (a `click` or `pointerup`: a `pointerdown` of a finger does
	 * not count as a tap for the browser). Resolves whether sound now plays.
	 */
	resume(): Promise<boolean> {
		return this.#enabled ? this.play([]) : Promise.resolve(false);
	}

	/** The tones if sound is wanted; resolves whether they sound. */
	chime(tones: readonly Tone[]): Promise<boolean> {
		return this.#enabled ? this.play(tones) : Promise.resolve(false);
	}

	/**
	 * The tones whether sound is wanted or not (a speaker test, from a tap): starts the audio if it
	 * is not running; resolves whether they sound (a muted or missing speaker it cannot know).
	 */
	async play(tones: readonly Tone[]): Promise<boolean> {
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
		// Never on a suspended clock: every chime given to it while the screen waits for a tap
		// would sound at once when it resumes.
		if (context.state !== 'running') return false;
		playTones(context, tones);
		return true;
	}

	/** The screen goes away: the audio device is released. */
	destroy(): void {
		void this.#context?.close().catch(() => undefined);
		this.#context = null;
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
			return this.#storage?.getItem(this.#storageKey) === 'on';
		} catch {
			return false;
		}
	}

	#remember(choice: 'on' | 'off'): void {
		try {
			this.#storage?.setItem(this.#storageKey, choice);
		} catch {
			// Storage refused (private mode, full): the choice holds until the next reload.
		}
	}
}

/** localStorage in a browser; none while the server renders the page, or where it is blocked. */
export function browserStorage(): StorageLike | null {
	try {
		return typeof window === 'undefined' ? null : window.localStorage;
	} catch {
		return null;
	}
}
