/**
 * How a kiosk pays with loyalty credits (spec 3 "Payment types"), a venue setting: SPLIT_PAYMENT
 * when a card terminal takes what the credits do not cover, CREDIT when the credits must pay it
 * all. The checkout falls back to EXTERNAL_PAYMENT on its own (server/sales/sale-credits.ts).
 */
import type { PaymentType } from '@venue-kiosk/vocabulary/platform-vocabulary.ts';

export const CREDIT_PAYMENT_TYPES = [
	'SPLIT_PAYMENT',
	'CREDIT'
] as const satisfies readonly PaymentType[];
export type CreditPaymentType = (typeof CREDIT_PAYMENT_TYPES)[number];
