import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Settings } from '../settings.ts';
import type { Store } from '../store/store.ts';
import { ENGINES, openTestStore } from '../store/testing/test-stores.ts';
import { kioskSettings, kioskSettingsFromForm, saveKioskSettings } from './kiosk-settings.ts';

const form = (values: Record<string, string>) => {
	const data = new FormData();
	for (const [name, value] of Object.entries(values)) data.set(name, value);
	return data;
};
const valid = {
	creditPaymentType: 'CREDIT',
	serviceFee: '0,50',
	serviceFeeVat: '19',
	depositVat: '0',
	idleSeconds: '90',
	suggestedProductId: 'food_pretzel'
};
const menu = { currencyCode: 'EUR', productIds: new Set(['food_pretzel', 'drink_pils']) };

describe.each(ENGINES)('kiosk settings on %s', (engine) => {
	let store: Store;
	beforeEach(async () => {
		store = await openTestStore(engine);
	});
	afterEach(() => store.close());

	it('start with the defaults: split payment, no fee, 0 % deposit VAT, 60 s idle', async () => {
		expect(await kioskSettings(new Settings(store))).toEqual({
			creditPaymentType: 'SPLIT_PAYMENT',
			serviceFeeMinor: 0,
			serviceFeeVatBp: 1900,
			depositVatBp: 0,
			idleSeconds: 60,
			suggestedProductId: null
		});
	});

	it('read the form in minor units and basis points, and are saved', async () => {
		const parsed = kioskSettingsFromForm(form(valid), menu);
		expect(parsed).toEqual({
			creditPaymentType: 'CREDIT',
			serviceFeeMinor: 50,
			serviceFeeVatBp: 1900,
			depositVatBp: 0,
			idleSeconds: 90,
			suggestedProductId: 'food_pretzel'
		});
		const settings = new Settings(store);
		await saveKioskSettings(settings, parsed!);
		expect(await kioskSettings(settings)).toEqual(parsed);
	});
});

describe('the kiosk settings form', () => {
	it.each([
		{ serviceFee: '0.505' },
		{ serviceFee: '-1' },
		{ serviceFeeVat: '7.5' },
		{ idleSeconds: '5' },
		{ creditPaymentType: 'EXTERNAL_PAYMENT' },
		{ depositVat: 'x' },
		{ suggestedProductId: 'not_on_the_menu' }
	])('refuse %o', (change) => {
		expect(kioskSettingsFromForm(form({ ...valid, ...change }), menu)).toBeUndefined();
	});

	it('suggest nothing when no product is chosen', () => {
		expect(
			kioskSettingsFromForm(form({ ...valid, suggestedProductId: '' }), menu)?.suggestedProductId
		).toBeNull();
	});
});
