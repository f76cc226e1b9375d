/**
 * How a guest can pay at this kiosk now, from its settings: by card where it has a card terminal
 * (a ZVT one, or demo mode's on-screen one); with loyalty credits where the platform's loyalty
 * can be used — and, at a kiosk that takes no cards, only where credits can pay the whole order:
 * a service fee is added to the credit transaction by update, which never gets credits (spec 3),
 * so with one nothing is left that the kiosk could take. The server refuses the same
 * (sales/checkout.ts); this only keeps the screen from offering it.
 */
import type { KioskSettingsView } from '#lib/shared/screen-snapshot.ts';

export interface PaymentMethods {
	card: boolean;
	credits: boolean;
}

export function paymentMethods(
	settings: Pick<KioskSettingsView, 'cardTerminal' | 'serviceFeeMinor'>,
	loyaltyUsable: boolean
): PaymentMethods {
	const card = settings.cardTerminal === 'zvt' || settings.cardTerminal === 'on-screen';
	return { card, credits: loyaltyUsable && (card || settings.serviceFeeMinor === 0) };
}
