/** The venue's kiosk settings (setup pages), with the defaults a new kiosk starts with. */
import { z } from 'zod';
import { typedAmountToMinor } from '@venue-kiosk/vocabulary/money.ts';
import { CREDIT_PAYMENT_TYPES } from '#lib/shared/credit-payment-type.ts';
import { vatBasisPoints } from '@venue-kiosk/vocabulary/vat.ts';
import type { Settings } from '../settings.ts';
import type { CheckoutSettings } from './checkout.ts';

export const kioskSettingsSchema = z.object({
	/** SPLIT_PAYMENT: a card terminal takes what credits do not cover. CREDIT: all-or-nothing credits. */
	creditPaymentType: z.enum(CREDIT_PAYMENT_TYPES).default('SPLIT_PAYMENT'),
	serviceFeeMinor: z.int().min(0).max(100_000).default(0),
	serviceFeeVatBp: z.int().min(0).max(2_700).default(1_900),
	depositVatBp: z.int().min(0).max(2_700).default(0),
	/** Seconds without a touch before "are you still there?". */
	idleSeconds: z.int().min(20).max(3_600).default(60),
	/**
	 * The product offered once per sale before paying ("add a pretzel?"); null: none. Chosen by
	 * staff, who know what goes with what at their bar — a kiosk cannot guess it from categories.
	 */
	suggestedProductId: z.string().min(1).max(255).nullable().default(null)
});
export type KioskSettings = z.output<typeof kioskSettingsSchema>;

const KEY = 'kiosk';

/** What a kiosk starts with before staff save any. */
export const KIOSK_DEFAULTS = kioskSettingsSchema.parse({});

const kioskSetting = (settings: Settings) =>
	settings.typed<KioskSettings>(KEY, kioskSettingsSchema, KIOSK_DEFAULTS);

export const kioskSettings = (settings: Settings): Promise<KioskSettings> =>
	kioskSetting(settings).read();

/** Whether staff (or the demo set-up) saved kiosk settings yet; before that the defaults apply. */
export async function kioskSettingsSaved(settings: Settings): Promise<boolean> {
	return (await settings.get(KEY)) !== undefined;
}

export async function checkoutSettings(settings: Settings): Promise<CheckoutSettings> {
	const { creditPaymentType, serviceFeeMinor, serviceFeeVatBp, depositVatBp } =
		await kioskSettings(settings);
	return { creditPaymentType, serviceFeeMinor, serviceFeeVatBp, depositVatBp };
}

/** What the settings form is checked against: the menu's currency and its products. */
export interface KioskSettingsFormContext {
	currencyCode: string;
	productIds: ReadonlySet<string>;
}

/**
 * The settings form of the setup page: the fee as an amount in major units of the menu's
 * currency, VAT rates as percent (one of the supported rates), the suggested product one of the
 * menu's (or none). Undefined when anything is off.
 */
export function kioskSettingsFromForm(
	form: FormData,
	{ currencyCode, productIds }: KioskSettingsFormContext
): KioskSettings | undefined {
	const text = (name: string) => {
		const value = form.get(name);
		return typeof value === 'string' ? value.trim().replace(',', '.') : '';
	};
	const number = (name: string) =>
		/^\d+(\.\d+)?$/.test(text(name)) ? Number(text(name)) : Number.NaN;
	try {
		const serviceFeeMinor = typedAmountToMinor(text('serviceFee'), currencyCode);
		if (serviceFeeMinor === undefined) return undefined;
		const serviceFeeVatBp = vatBasisPoints(number('serviceFeeVat'));
		const depositVatBp = vatBasisPoints(number('depositVat'));
		// Checked here: the schema's defaults would fill an unsupported rate in silently.
		if (serviceFeeVatBp === undefined || depositVatBp === undefined) return undefined;
		const suggestedProductId = text('suggestedProductId') || null;
		if (suggestedProductId !== null && !productIds.has(suggestedProductId)) return undefined;
		const parsed = kioskSettingsSchema.safeParse({
			creditPaymentType: text('creditPaymentType'),
			serviceFeeMinor,
			serviceFeeVatBp,
			depositVatBp,
			idleSeconds: number('idleSeconds'),
			suggestedProductId
		});
		return parsed.success ? parsed.data : undefined;
	} catch {
		return undefined;
	}
}

export const saveKioskSettings = (settings: Settings, values: KioskSettings): Promise<void> =>
	kioskSetting(settings).save(values);
