/**
 * A USB card/QR reader in keyboard mode ("keyboard wedge") types the code character by
 * character, a few milliseconds apart, and ends with Enter. A person types far slower. So:
 * characters that arrive less than `maxGapMs` apart and end with a (just as prompt) Enter are
 * one scan; slow typing is not. The logic is pure (timestamps come in), `attachKeyboardWedge`
 * wires it to a page's key events.
 */

export interface KeyboardWedgeOptions {
	/** The longest pause between two keys of one scan (default 50 ms). */
	maxGapMs?: number;
	/** The shortest scan (default 8 characters: keys are 32 hex digits, deposit codes 40). */
	minLength?: number;
}

/** Keys a reader's keyboard may press between characters (Shift for capitals). */
const MODIFIERS = new Set(['Shift', 'CapsLock', 'AltGraph', 'Alt', 'Control', 'Meta']);

export class KeyboardWedge {
	readonly maxGapMs: number;
	readonly minLength: number;
	#buffer = '';
	#lastTime = -Infinity;

	constructor(options: KeyboardWedgeOptions = {}) {
		this.maxGapMs = options.maxGapMs ?? 50;
		this.minLength = options.minLength ?? 8;
	}

	/**
	 * Feeds one key (a KeyboardEvent's `key`) pressed at `time` (ms). Returns the scanned value
	 * when this key is the Enter that completes a scan, else null.
	 */
	key(key: string, time: number): string | null {
		if (MODIFIERS.has(key)) return null;
		const prompt = time - this.#lastTime <= this.maxGapMs;
		this.#lastTime = time;
		if (key === 'Enter') {
			const value = this.#buffer;
			this.#buffer = '';
			return prompt && value.length >= this.minLength ? value : null;
		}
		if ([...key].length !== 1) {
			// Tab, arrows, Backspace…: not part of a scan.
			this.#buffer = '';
			return null;
		}
		// A slow key starts afresh: it may be the first character of a scan.
		this.#buffer = prompt ? this.#buffer + key : key;
		return null;
	}

	/** Forgets a scan in progress (focus moved into a text field, the page hid…). */
	reset(): void {
		this.#buffer = '';
		this.#lastTime = -Infinity;
	}
}

function isEditable(target: EventTarget | null): boolean {
	if (!(target instanceof HTMLElement)) return false;
	return (
		target.isContentEditable ||
		target instanceof HTMLInputElement ||
		target instanceof HTMLTextAreaElement ||
		target instanceof HTMLSelectElement
	);
}

/**
 * Listens for reader scans on `target` (usually `window`). Keys typed into a text field belong
 * to that field and are ignored. The Enter that completes a scan is swallowed, so it does not
 * also press the focused button. Returns the function that stops listening.
 */
export function attachKeyboardWedge(
	target: Window | HTMLElement,
	onScan: (value: string) => void,
	options?: KeyboardWedgeOptions
): () => void {
	const wedge = new KeyboardWedge(options);
	const onKeyDown = (event: KeyboardEvent) => {
		if (event.isComposing || event.repeat) return;
		if (event.ctrlKey || event.metaKey || (event.altKey && event.key !== 'AltGraph')) {
			wedge.reset();
			return;
		}
		if (isEditable(event.target)) {
			wedge.reset();
			return;
		}
		const value = wedge.key(event.key, event.timeStamp);
		if (value !== null) {
			event.preventDefault();
			onScan(value);
		}
	};
	target.addEventListener('keydown', onKeyDown as EventListener);
	return () => target.removeEventListener('keydown', onKeyDown as EventListener);
}
