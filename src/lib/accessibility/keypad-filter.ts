/**
 * Which key presses are the tactile keypad's (keypad.ts), told apart from a USB card or code
 * reader's: a reader is a keyboard too and types a code — letters and digits — then Enter. Keys
 * that type a character are never the keypad's (they are left to the page), and an Enter that
 * follows a typed character within `READER_ENTER_MS` is the reader's end of a code, not the guest
 * selecting the focused control.
 */
import { isTextField, keypadAction, type KeypadAction, type KeyPress } from './keypad.ts';

/** A reader types a whole code within a few ms per key; a guest's next key takes far longer. */
export const READER_ENTER_MS = 150;

export class KeypadFilter {
	readonly #now: () => number;
	#lastCharacterAt = Number.NEGATIVE_INFINITY;

	constructor(now: () => number = () => performance.now()) {
		this.#now = now;
	}

	/** The keypad's action of this key press; null when it is not the keypad's. */
	actionOf(event: KeyPress & Pick<KeyboardEvent, 'target'>): KeypadAction | null {
		const now = this.#now();
		if ([...event.key].length === 1 && !event.code.startsWith('Numpad')) {
			this.#lastCharacterAt = now;
			return null;
		}
		const inTextField = isTextField(event.target);
		const readersEnter = event.key === 'Enter' && now - this.#lastCharacterAt < READER_ENTER_MS;
		if (readersEnter && !inTextField) return null;
		return keypadAction(event, inTextField);
	}
}
