/**
 * A manager's changes on a device's page (the route checks the role): pairing this browser as
 * its screen, rotating its order callback address, a kiosk's printer and card terminal, the
 * terminal's day closing, removing the device. Each writes its audit entry once done — what was
 * changed, never a secret (the callback address, the terminal's password).
 */
import { textField } from '../http/forms.ts';
import { isUnattended, saveUnattended } from '../devices/unattended.ts';
import type { Cookies } from '@sveltejs/kit';
import type { StaffMember } from '../auth/roles.ts';
import type { ServerContext } from '../context.ts';
import type { DeviceRecord } from '../devices/device-repository.ts';
import {
	printerSettings,
	printerSettingsFromForm,
	savePrinterSettings,
	type PrinterFormField
} from '../printer/printer-settings.ts';
import {
	saveTerminalSettings,
	terminalSettings,
	terminalSettingsFromForm,
	withoutPassword,
	type TerminalFormField
} from '../terminal/terminal-settings.ts';
import type { DayClosing, ZvtTerminal } from '../terminal/zvt-terminal.ts';
import { rotateOrderCallback, type RotateOutcome } from './order-callback.ts';
import { pairScreen } from './screen-session.ts';

/** This browser becomes the device's screen. */
export async function pairThisBrowser(
	context: ServerContext,
	actor: StaffMember,
	device: DeviceRecord,
	cookies: Cookies,
	url: URL
): Promise<void> {
	await pairScreen(context, device.id, cookies, url);
	await context.audit.write(actor, 'device.pair', device.id, {
		name: device.name,
		mode: device.mode
	});
}

/** A new callback address for the device; the entry says that it rotated, never the address. */
export async function rotateCallback(
	context: ServerContext,
	actor: StaffMember,
	device: DeviceRecord
): Promise<RotateOutcome> {
	const outcome = await rotateOrderCallback(context, device);
	if (outcome === 'no-callbacks') return outcome;
	await context.audit.write(actor, 'device.callback-rotate', device.id, {
		name: device.name,
		simulatorTold: outcome !== 'demo-not-told'
	});
	return outcome;
}

/** The kiosk's receipt printer from the form; the names of the fields that did not read. */
export async function changePrinter(
	context: ServerContext,
	actor: StaffMember,
	kiosk: DeviceRecord,
	form: FormData
): Promise<{ ok: true } | { ok: false; invalid: PrinterFormField[] }> {
	const reading = printerSettingsFromForm(form);
	if (!reading.ok) return reading;
	const before = await printerSettings(context.settings, kiosk.id);
	await savePrinterSettings(context.settings, kiosk.id, reading.printer);
	await context.audit.write(actor, 'device.printer', kiosk.id, {
		name: kiosk.name,
		before,
		after: reading.printer
	});
	return { ok: true };
}

/**
 * Whether the kiosk runs unattended (`unattended`: 'true' or 'false'): then it sells nothing
 * age-restricted (devices/unattended.ts); its menu is sent again at once.
 */
export async function changeUnattended(
	context: ServerContext,
	actor: StaffMember,
	kiosk: DeviceRecord,
	form: FormData
): Promise<boolean> {
	const value = textField(form, 'unattended');
	if (value !== 'true' && value !== 'false') return false;
	const before = await isUnattended(context.settings, kiosk.id);
	await saveUnattended(context.settings, kiosk.id, value === 'true');
	await context.audit.write(actor, 'device.unattended', kiosk.id, {
		name: kiosk.name,
		before: { unattended: before },
		after: { unattended: value === 'true' }
	});
	await context.menuFeed.changed();
	return true;
}

/** The kiosk's card terminal from the form; the entry says whether its password changed. */
export async function changeTerminal(
	context: ServerContext,
	actor: StaffMember,
	kiosk: DeviceRecord,
	form: FormData
): Promise<{ ok: true } | { ok: false; invalid: TerminalFormField[] }> {
	const before = await terminalSettings(context.settings, kiosk.id);
	const reading = terminalSettingsFromForm(form, before);
	if (!reading.ok) return reading;
	await saveTerminalSettings(context.settings, kiosk.id, reading.terminal);
	await context.audit.write(actor, 'device.terminal', kiosk.id, {
		name: kiosk.name,
		before: before && withoutPassword(before),
		after: reading.terminal && withoutPassword(reading.terminal),
		passwordChanged: before?.password !== reading.terminal?.password
	});
	return { ok: true };
}

/** ZVT end of day (06 50): the terminal books its batch; the entry has its total. */
export async function closeTerminalDay(
	context: ServerContext,
	actor: StaffMember,
	kiosk: DeviceRecord,
	zvt: ZvtTerminal
): Promise<DayClosing> {
	const closing = await zvt.endOfDay();
	await context.audit.write(actor, 'terminal.day-closing', kiosk.id, {
		name: kiosk.name,
		totalMinor: closing.totalMinor
	});
	return closing;
}

/** Removes device `id`; false when there is none. */
export async function removeDevice(
	context: ServerContext,
	actor: StaffMember,
	id: string
): Promise<boolean> {
	const device = await context.devices.get(id);
	if (!device || !(await context.devices.remove(id))) return false;
	await context.audit.write(actor, 'device.remove', device.id, {
		before: {
			name: device.name,
			mode: device.mode,
			environment: device.environment,
			baseUrl: device.baseUrl
		}
	});
	return true;
}
