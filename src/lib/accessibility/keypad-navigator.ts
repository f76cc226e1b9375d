/**
 * Moves the focus of a guest screen with the keypad (keypad.ts): previous and next go through the
 * focusable, visible, enabled controls under the screen's root in document order (WCAG 2.2 2.4.3,
 * focus order) and wrap around at the ends, so no control is a dead end (2.1.2, no keyboard
 * trap). While a modal <dialog> is open only its controls take part: the browser has made
 * everything else inert, and the dialog's own way out is Back, as Escape is the browser's.
 * Select clicks the focused control; Back calls the screen's back handler. Help, repeat and the
 * volume are the caller's (speech): `handleKeydown` returns them.
 */
import { isTextField, keypadAction, type KeypadAction } from './keypad.ts';
import { openModalDialog } from './modal-dialog.ts';

/** What can take part in sequential focus; `tabIndex` then says whether it does. */
const FOCUSABLE = [
	'a[href]',
	'area[href]',
	'button',
	'input:not([type="hidden"])',
	'select',
	'textarea',
	'summary',
	'iframe',
	'[contenteditable]',
	'[tabindex]'
].join(',');

/** Actions that act once per press: a held key repeats previous, next and the volume only. */
const ONCE_PER_PRESS = new Set<KeypadAction>(['select', 'back', 'help', 'repeat']);

export class KeypadNavigator {
	readonly #root: HTMLElement;
	#back: (() => void) | null = null;

	constructor(root: HTMLElement) {
		this.#root = root;
	}

	/** The screen's Back for the step it shows (null: Back does nothing there). */
	setBackHandler(handler: (() => void) | null): void {
		this.#back = handler;
	}

	/**
	 * Acts on a keydown of the screen and returns its action, or null when the key is not the
	 * keypad's; the browser's own handling of the key is prevented only when it is. Help, repeat,
	 * louder and softer are returned for the caller to do.
	 */
	handleKeydown(event: KeyboardEvent): KeypadAction | null {
		if (event.defaultPrevented || event.isComposing) return null;
		const action = keypadAction(event, isTextField(event.target));
		if (!action) return null;
		event.preventDefault();
		if (event.repeat && ONCE_PER_PRESS.has(action)) return null;
		if (action === 'previous' || action === 'next') this.move(action);
		else if (action === 'select') this.select();
		else if (action === 'back') this.back();
		return action;
	}

	/** Focuses the control before or after the focused one; returns it (null: there is none). */
	move(direction: 'previous' | 'next'): HTMLElement | null {
		const controls = this.#controls();
		const focused = this.#document.activeElement;
		// Focus outside the scope (the page) or hidden (left in a dialog just closed, until the
		// browser's focus fixup runs): start from the first or last.
		const from =
			focused !== null && this.#scope().contains(focused) && isShown(focused) ? focused : null;
		const target =
			direction === 'next'
				? ((from && controls.find((control) => follows(control, from))) ?? controls[0])
				: ((from && controls.findLast((control) => follows(from, control))) ?? controls.at(-1));
		target?.focus();
		return target ?? null;
	}

	/** Clicks the focused control, as a tap would; false when no control has the focus. */
	select(): boolean {
		const focused = this.#document.activeElement;
		if (!(focused instanceof HTMLElement) || !this.#controls().includes(focused)) return false;
		focused.click();
		return true;
	}

	/** Closes an open modal dialog as Escape would, else calls the back handler. */
	back(): boolean {
		const dialog = this.#modalDialog();
		if (dialog) {
			dialog.requestClose();
			return true;
		}
		this.#back?.();
		return this.#back !== null;
	}

	/** Whether a modal dialog is open (Back closes it). */
	get dialogOpen(): boolean {
		return this.#modalDialog() !== null;
	}

	get #document(): Document {
		return this.#root.ownerDocument;
	}

	#modalDialog(): HTMLDialogElement | null {
		return openModalDialog(this.#document);
	}

	#scope(): HTMLElement {
		return this.#modalDialog() ?? this.#root;
	}

	/** The controls that take part, in document order. */
	#controls(): HTMLElement[] {
		return [...this.#scope().querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
			(element) =>
				element.tabIndex >= 0 &&
				!element.matches(':disabled') &&
				element.closest('[inert]') === null &&
				isShown(element)
		);
	}
}

/**
 * Whether `later` comes after `earlier` in document order; what lies inside `earlier` comes after
 * it (a step's heading takes the focus, and Next goes to the step's first control).
 */
function follows(later: Element, earlier: Element): boolean {
	return (earlier.compareDocumentPosition(later) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
}

/** Drawn on the page: not in a hidden subtree, nor itself `visibility: hidden`. */
function isShown(element: Element): boolean {
	return element.checkVisibility({ visibilityProperty: true });
}
