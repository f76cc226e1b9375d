/**
 * An ordering kiosk's receipt printer (per kiosk: printer address or none, auto-print or print on
 * request; docs/manual.md, Receipt printer): kept in the venue settings under the kiosk's device
 * id. No printer: the kiosk offers the browser's print dialog, as before.
 */
import { z } from 'zod';
import { invalidFields, textField } from '../http/forms.ts';
import { networkHostSchema } from '../network-host.ts';
import type { Settings } from '../settings.ts';
import { DEFAULT_PRINTER_PORT } from './network-printer.ts';

/** `auto`: the receipt prints as the sale completes; `on-request`: when the guest asks. */
const PRINT_MODES = ['auto', 'on-request'] as const;

const printerSettingsSchema = z.object({
	host: networkHostSchema,
	port: z.int().min(1).max(65_535),
	mode: z.enum(PRINT_MODES)
});
export type PrinterSettings = z.output<typeof printerSettingsSchema>;

const keyOf = (deviceId: string) => `printer:${deviceId}`;

/** A kiosk's printer; none (null) unless one is set. */
const printerSetting = (settings: Settings, deviceId: string) =>
	settings.typed<PrinterSettings | null>(keyOf(deviceId), printerSettingsSchema, null);

export const printerSettings = (
	settings: Settings,
	deviceId: string
): Promise<PrinterSettings | null> => printerSetting(settings, deviceId).read();

export const savePrinterSettings = (
	settings: Settings,
	deviceId: string,
	printer: PrinterSettings | null
): Promise<void> => printerSetting(settings, deviceId).save(printer);

export type PrinterFormField = 'host' | 'port' | 'mode';

/**
 * The setup page's printer form: an empty address means no printer; otherwise the address, the
 * port (9100 when left empty) and the mode. The fields that cannot be read are named back.
 */
export function printerSettingsFromForm(
	form: FormData
): { ok: true; printer: PrinterSettings | null } | { ok: false; invalid: PrinterFormField[] } {
	const text = (name: string) => textField(form, name).trim();
	const host = text('printerHost');
	if (host === '') return { ok: true, printer: null };
	const port = text('printerPort') === '' ? DEFAULT_PRINTER_PORT : Number(text('printerPort'));
	const parsed = printerSettingsSchema.safeParse({ host, port, mode: text('printMode') });
	if (parsed.success) return { ok: true, printer: parsed.data };
	return { ok: false, invalid: invalidFields(parsed.error, ['host', 'port', 'mode'] as const) };
}
