/** The venue's kiosk settings (setup pages), with the defaults a new kiosk starts with. */
import { z } from 'zod';
import type { Settings } from '../settings.ts';
import type { CheckoutSettings } from './checkout.ts';

export const kioskSettingsSchema = z.object({
	/** SPLIT_PAYMENT: a card terminal takes what credits do not cover. CREDIT: all-or-nothing credits. */
	creditPaymentType: z.enum(['SPLIT_PAYMENT', 'CREDIT']).default('SPLIT_PAYMENT'),
	serviceFeeMinor: z.int().min(0).max(100_000).default(0),
	serviceFeeVatBp: z.int().min(0).max(2_700).default(1_900),
	depositVatBp: z.int().min(0).max(2_700).default(0),
	/** Seconds without a touch before "are you still there?". */
	idleSeconds: z.int().min(20).max(3_600).default(60)
});
export type KioskSettings = z.output<typeof kioskSettingsSchema>;

const KEY = 'kiosk';

export function kioskSettings(settings: Settings): KioskSettings {
	const stored = kioskSettingsSchema.safeParse(settings.get(KEY) ?? {});
	return stored.success ? stored.data : kioskSettingsSchema.parse({});
}

export function checkoutSettings(settings: Settings): CheckoutSettings {
	const { creditPaymentType, serviceFeeMinor, serviceFeeVatBp, depositVatBp } =
		kioskSettings(settings);
	return { creditPaymentType, serviceFeeMinor, serviceFeeVatBp, depositVatBp };
}
