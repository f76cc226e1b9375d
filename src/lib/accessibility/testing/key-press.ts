/** A key press as a keyboard (a keypad, a code reader) sends it, for the specs of the keypad. */
import type { KeyPress } from '../keypad.ts';

export const keyPress = (
	code: string,
	key = code,
	modifiers: Partial<KeyPress> = {}
): KeyPress => ({
	code,
	key,
	shiftKey: false,
	ctrlKey: false,
	altKey: false,
	metaKey: false,
	...modifiers
});
