/**
 * The one mapping of keys to the guest screens' keypad actions (docs/accessibility.md, Tactile
 * keypad; EN 301 549 5.1.6.1, WCAG 2.2 2.1.1). Tactile keypads for kiosks are USB keyboards:
 * navigation pads send arrow keys and Enter, numeric pads send numpad keys (with NumLock on or
 * off), and some send letters. Keys are matched by `KeyboardEvent.code`, the physical key, so
 * NumLock and the keyboard layout change nothing; docs/accessibility.md explains each key (a spec
 * keeps its table equal to this).
 *
 * In a text field (the typed deposit code) a key that types or edits stays the field's: letters,
 * digits and signs (the code's alphabet has `-` and `_`, and a USB code reader types into the
 * field), Backspace, Delete, ←/→, Home/End, and Enter, which sends the field's form. ↑/↓, Tab and
 * Escape leave or cancel it as anywhere else.
 */

export type KeypadAction =
	'previous' | 'next' | 'select' | 'back' | 'help' | 'repeat' | 'louder' | 'softer';

/** `KeyboardEvent.code` → action. Tab is mapped by shift (below). */
export const KEYPAD_KEYS: Readonly<Record<string, KeypadAction>> = {
	// The arrows of navigation pads, and the numpad's arrow layout (8 up, 2 down, 4 left, 6 right).
	ArrowUp: 'previous',
	ArrowLeft: 'previous',
	Numpad8: 'previous',
	Numpad4: 'previous',
	ArrowDown: 'next',
	ArrowRight: 'next',
	Numpad2: 'next',
	Numpad6: 'next',
	// Enter and Space activate a control in every browser; 5 is the numpad's middle, the raised key.
	Enter: 'select',
	NumpadEnter: 'select',
	Space: 'select',
	Numpad5: 'select',
	// "Back" to keyboard users; the numpad's decimal key is Delete without NumLock.
	Escape: 'back',
	Backspace: 'back',
	NumpadDecimal: 'back',
	// The numpad's top row and right column: help, repeat, volume. No letter keys: a USB card or
	// code reader is a keyboard too, and the codes it types are letters and digits.
	NumpadMultiply: 'help',
	NumpadDivide: 'repeat',
	NumpadAdd: 'louder',
	NumpadSubtract: 'softer'
};

/** The parts of a `KeyboardEvent` the mapping reads. */
export type KeyPress = Pick<
	KeyboardEvent,
	'code' | 'key' | 'shiftKey' | 'ctrlKey' | 'altKey' | 'metaKey'
>;

/** Keys a text field uses to edit what it holds (by `key`, so the numpad's NumLock-off arrows count). */
const EDITING_KEYS = new Set([
	'Backspace',
	'Delete',
	'ArrowLeft',
	'ArrowRight',
	'Home',
	'End',
	'Enter'
]);

/** The action of `press`, or null for a key that is not the keypad's (or stays with a text field). */
export function keypadAction(press: KeyPress, inTextField: boolean): KeypadAction | null {
	// Shortcuts with Ctrl, Alt or Meta are the browser's and the system's.
	if (press.ctrlKey || press.altKey || press.metaKey) return null;
	if (press.code === 'Tab') return press.shiftKey ? 'previous' : 'next';
	if (inTextField && (typesCharacter(press.key) || EDITING_KEYS.has(press.key))) return null;
	return KEYPAD_KEYS[press.code] ?? null;
}

/** A key that types one character (`key` is the character itself; named keys are words). */
function typesCharacter(key: string): boolean {
	return [...key].length === 1;
}

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'tel', 'url', 'email', 'password', 'number']);

/** Whether keys typed at `target` go into a text: a text input, a textarea, editable content. */
export function isTextField(target: EventTarget | null): boolean {
	const element = target as Partial<HTMLInputElement> | null;
	if (!element || typeof element.tagName !== 'string') return false;
	if (element.isContentEditable) return true;
	const tag = element.tagName.toLowerCase();
	return tag === 'textarea' || (tag === 'input' && TEXT_INPUT_TYPES.has(element.type ?? 'text'));
}
