/**
 * A guest screen's GuestAccessibility with the words it speaks besides the page, in the guest's
 * language (the ordering kiosk and the return station say the same).
 */
import { m } from '#lib/paraglide/messages.js';
import {
	GuestAccessibility,
	type GuestAccessibilityOptions
} from './guest-accessibility.svelte.ts';

export function guestAccessibility(
	options: Pick<GuestAccessibilityOptions, 'locale' | 'back'>
): GuestAccessibility {
	return new GuestAccessibility({
		...options,
		phrases: {
			selected: () => m.a11y_selected(),
			unavailable: () => m.a11y_unavailable(),
			started: () => m.a11y_started(),
			help: () => m.a11y_keypad_help()
		}
	});
}
