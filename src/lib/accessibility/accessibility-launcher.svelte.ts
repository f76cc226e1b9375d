/**
 * What a guest screen carries of the accessibility mode before any guest asks for it: the button, a
 * listener for the first keypad key and a watch for a headset — and, when one of them starts the
 * mode, the rest loaded on demand (accessibility-chunk.ts: the voice, the keypad's walk, the
 * choices), so the screens' initial JavaScript stays within its budget (60 KB gzip,
 * docs/accessibility.md, Loading).
 */
import type { AccessibilityTrigger } from './accessibility-mode.svelte.ts';
import { watchHeadsets } from './headset.ts';
import { KeypadFilter } from './keypad-filter.ts';
import { openModalDialog } from './modal-dialog.ts';

type Chunk = typeof import('./accessibility-chunk.ts');

export class AccessibilityLauncher {
	/** The loaded mode (its panel); null until a guest starts it for the first time. */
	chunk: Chunk | null = $state(null);
	/** How the mode was started while it loaded: the panel starts it so once it is mounted. */
	pending: AccessibilityTrigger | null = null;
	#loading: Promise<void> | null = null;
	/** Stops `listen`'s key listener and headset watch: the loaded mode has its own. */
	#stopListening: () => void = () => undefined;

	/** The guest starts the mode (the first time: loads it). */
	launch(trigger: AccessibilityTrigger): void {
		this.pending = trigger;
		if (this.#loading) return;
		this.#loading = import('./accessibility-chunk.ts')
			.then((chunk) => {
				this.chunk = chunk;
				this.#stopListening();
			})
			.catch(() => {
				// No network and nothing cached: the next press tries again.
				this.#loading = null;
			});
	}

	/** Until the mode is loaded: the first keypad key or a headset starts it. */
	listen(): () => void {
		const filter = new KeypadFilter();
		const onKey = (event: KeyboardEvent) => {
			const action = filter.actionOf(event);
			if (!action) return;
			// Back on an open modal dialog (Escape on the age question) closes it, as Escape does
			// in any page, and leaves the mode off.
			const dialog = action === 'back' ? openModalDialog(document) : null;
			if (dialog) {
				event.preventDefault();
				dialog.requestClose();
				return;
			}
			// The first key is heard as the mode starting: it does nothing else.
			event.preventDefault();
			event.stopImmediatePropagation();
			this.launch('keypad');
		};
		window.addEventListener('keydown', onKey, { capture: true });
		const devices = typeof navigator === 'undefined' ? null : navigator.mediaDevices;
		const stopHeadsets = devices
			? watchHeadsets(devices, () => this.launch('headset'))
			: () => undefined;
		this.#stopListening = () => {
			window.removeEventListener('keydown', onKey, { capture: true });
			stopHeadsets();
		};
		return () => this.#stopListening();
	}
}
