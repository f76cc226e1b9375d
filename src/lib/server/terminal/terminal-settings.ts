/**
 * An ordering kiosk's card terminal (address, port, password and currency per kiosk device;
 * docs/manual.md, Card terminal (ZVT over TCP)), kept in the venue settings under the kiosk's
 * device id. None: the card part is answered on the kiosk screen (the simulated terminal of demos
 * and tests). The password is the terminal's own and stays on the server: the setup page never
 * shows it back.
 */
import { z } from 'zod';
import { invalidFields, textField } from '../http/forms.ts';
import { networkHostSchema } from '../network-host.ts';
import type { Settings } from '../settings.ts';

/** The port ZVT terminals listen on unless set up otherwise. */
const DEFAULT_ZVT_PORT = 20007;

/** ISO 4217 numeric codes of the currencies a venue's terminal may be set up for. */
export const TERMINAL_CURRENCIES: Readonly<Record<string, number>> = {
	EUR: 978,
	CHF: 756,
	GBP: 826,
	DKK: 208,
	SEK: 752,
	NOK: 578,
	PLN: 985,
	CZK: 203,
	HUF: 348
};

const terminalSettingsSchema = z.object({
	kind: z.literal('zvt'),
	host: networkHostSchema,
	port: z.int().min(1).max(65_535),
	/** ZVT's password: six digits, sent in BCD with registration and reversals. */
	password: z.string().regex(/^\d{6}$/),
	currencyCode: z.string().refine((code) => code in TERMINAL_CURRENCIES)
});
export type TerminalSettings = z.output<typeof terminalSettingsSchema>;

const keyOf = (deviceId: string) => `terminal:${deviceId}`;

/** A kiosk's card terminal; none (null) unless one is set. */
const terminalSetting = (settings: Settings, deviceId: string) =>
	settings.typed<TerminalSettings | null>(keyOf(deviceId), terminalSettingsSchema, null);

export const terminalSettings = (
	settings: Settings,
	deviceId: string
): Promise<TerminalSettings | null> => terminalSetting(settings, deviceId).read();

export const saveTerminalSettings = (
	settings: Settings,
	deviceId: string,
	terminal: TerminalSettings | null
): Promise<void> => terminalSetting(settings, deviceId).save(terminal);

/** The settings as staff may see them: everything but the password. */
export const withoutPassword = ({ kind, host, port, currencyCode }: TerminalSettings) => ({
	kind,
	host,
	port,
	currencyCode
});

export type TerminalFormField = 'host' | 'port' | 'password' | 'currencyCode';

/**
 * The setup page's terminal form: the on-screen terminal, or a ZVT terminal's address, port
 * (20007 when empty), password (the one saved before when left empty) and currency. The fields
 * that cannot be read are named back.
 */
export function terminalSettingsFromForm(
	form: FormData,
	saved: TerminalSettings | null
): { ok: true; terminal: TerminalSettings | null } | { ok: false; invalid: TerminalFormField[] } {
	const text = (name: string) => textField(form, name).trim();
	if (text('terminalKind') !== 'zvt') return { ok: true, terminal: null };
	const port = text('terminalPort') === '' ? DEFAULT_ZVT_PORT : Number(text('terminalPort'));
	const parsed = terminalSettingsSchema.safeParse({
		kind: 'zvt',
		host: text('terminalHost'),
		port,
		password: text('terminalPassword') || saved?.password || '',
		currencyCode: text('terminalCurrency')
	});
	if (parsed.success) return { ok: true, terminal: parsed.data };
	return {
		ok: false,
		invalid: invalidFields(parsed.error, ['host', 'port', 'password', 'currencyCode'] as const)
	};
}
