import { describe, expect, it } from 'vitest';
import { Settings } from '../settings.ts';
import { ENGINES, openTestStore } from '../store/testing/test-stores.ts';
import {
	printerSettings,
	printerSettingsFromForm,
	savePrinterSettings
} from './printer-settings.ts';

const form = (fields: Record<string, string>) => {
	const data = new FormData();
	for (const [name, value] of Object.entries(fields)) data.set(name, value);
	return data;
};

describe('printerSettingsFromForm', () => {
	it('an empty address is no printer', () => {
		expect(printerSettingsFromForm(form({ printerHost: '  ', printMode: 'auto' }))).toEqual({
			ok: true,
			printer: null
		});
	});

	it('reads an address, the port (9100 when empty) and the mode', () => {
		expect(
			printerSettingsFromForm(
				form({ printerHost: ' 192.168.1.50 ', printerPort: '', printMode: 'auto' })
			)
		).toEqual({ ok: true, printer: { host: '192.168.1.50', port: 9100, mode: 'auto' } });
		expect(
			printerSettingsFromForm(
				form({ printerHost: 'bar-printer.local', printerPort: '9101', printMode: 'on-request' })
			)
		).toEqual({
			ok: true,
			printer: { host: 'bar-printer.local', port: 9101, mode: 'on-request' }
		});
		expect(
			printerSettingsFromForm(
				form({ printerHost: 'fe80::1', printerPort: '9100', printMode: 'auto' })
			)
		).toMatchObject({ ok: true, printer: { host: 'fe80::1' } });
	});

	it.each([
		[{ printerHost: 'http://printer/', printerPort: '9100', printMode: 'auto' }, ['host']],
		[{ printerHost: 'bar printer', printerPort: '9100', printMode: 'auto' }, ['host']],
		[{ printerHost: '-bad.example', printerPort: '9100', printMode: 'auto' }, ['host']],
		[{ printerHost: '10.0.0.9', printerPort: '70000', printMode: 'auto' }, ['port']],
		[{ printerHost: '10.0.0.9', printerPort: '91.5', printMode: 'auto' }, ['port']],
		[{ printerHost: '10.0.0.9', printerPort: 'abc', printMode: 'sometimes' }, ['port', 'mode']],
		[{ printerHost: '10.0.0.9', printerPort: '9100' }, ['mode']]
	])('names what cannot be read: %o', (fields, invalid) => {
		expect(printerSettingsFromForm(form(fields))).toEqual({ ok: false, invalid });
	});
});

describe.each(ENGINES)('printer settings in the store on %s', (engine) => {
	it('per kiosk; none until saved, none again once removed', async () => {
		const store = await openTestStore(engine);
		try {
			const settings = new Settings(store);
			expect(await printerSettings(settings, 'kiosk-1')).toBeNull();
			const printer = { host: '10.0.0.9', port: 9100, mode: 'auto' as const };
			await savePrinterSettings(settings, 'kiosk-1', printer);
			expect(await printerSettings(settings, 'kiosk-1')).toEqual(printer);
			expect(await printerSettings(settings, 'kiosk-2')).toBeNull();
			await savePrinterSettings(settings, 'kiosk-1', null);
			expect(await printerSettings(settings, 'kiosk-1')).toBeNull();
		} finally {
			await store.close();
		}
	});
});
