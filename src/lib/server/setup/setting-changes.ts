/**
 * The setup page's settings forms (a manager's: the route checks the role): each reads its form,
 * saves what it read and writes its audit entry with the values before and after — never the
 * PIN. One helper saves and records, so no form saves without its entry; a form that does not
 * read saves nothing and records nothing.
 */
import type { AuditAction } from '../audit/audit-log.ts';
import type { StaffMember } from '../auth/roles.ts';
import {
	ageLimitsFromForm,
	agesInUse,
	saveAgeLimits,
	storedAgeLimits,
	type AgeLimitsForm
} from '../catalog/age-limits.ts';
import type { ServerContext } from '../context.ts';
import { textField } from '../http/forms.ts';
import {
	boardSettings,
	boardSettingsFromForm,
	saveBoardSettings
} from '../orders/board-settings.ts';
import {
	returnSettings,
	returnSettingsFromForm,
	saveReturnSettings,
	type ReturnSettingsForm
} from '../returns/return-settings.ts';
import {
	kioskSettings,
	kioskSettingsFromForm,
	saveKioskSettings,
	type KioskSettingsFormContext
} from '../sales/kiosk-settings.ts';
import {
	guestLanguages,
	guestLanguagesFromForm,
	saveGuestLanguages,
	type GuestLanguagesForm
} from '../screens/guest-languages.ts';
import {
	saveScreenGeometry,
	screenGeometry,
	screenGeometryFromForm
} from '../screens/screen-geometry.ts';
import { hasScreenPin, isPinFormat, setScreenPin } from './screen-pin.ts';

/** Saves `after` in place of what `read` gives, and records both under `action`. */
async function saveRecorded<Values>(
	context: ServerContext,
	actor: StaffMember,
	action: AuditAction,
	setting: { read(): Promise<Values>; save(values: Values): Promise<void> },
	after: Values
): Promise<void> {
	const before = await setting.read();
	await setting.save(after);
	await context.audit.write(actor, action, null, { before, after });
}

/**
 * What the kiosk settings are checked against: the menu's currency (the fee is charged in it;
 * EUR for an empty menu) and its products (one may be suggested).
 */
async function menuContext({ catalog }: ServerContext): Promise<KioskSettingsFormContext> {
	const products = await catalog.list();
	return {
		currencyCode: await catalog.currencyCode(),
		productIds: new Set(products.map((product) => product.id))
	};
}

export async function changeKioskSettings(
	context: ServerContext,
	actor: StaffMember,
	form: FormData
): Promise<boolean> {
	const values = kioskSettingsFromForm(form, await menuContext(context));
	if (!values) return false;
	const { settings } = context;
	await saveRecorded(
		context,
		actor,
		'settings.kiosk',
		{ read: () => kioskSettings(settings), save: (next) => saveKioskSettings(settings, next) },
		values
	);
	return true;
}

export async function changeReturnSettings(
	context: ServerContext,
	actor: StaffMember,
	form: FormData
): Promise<{ ok: true } | Extract<ReturnSettingsForm, { ok: false }>> {
	const { settings } = context;
	const parsed = returnSettingsFromForm(form, await hasScreenPin(settings));
	if (!parsed.ok) return parsed;
	await saveRecorded(
		context,
		actor,
		'settings.return-station',
		{ read: () => returnSettings(settings), save: (next) => saveReturnSettings(settings, next) },
		parsed.values
	);
	return { ok: true };
}

export async function changeScreenGeometry(
	context: ServerContext,
	actor: StaffMember,
	form: FormData
): Promise<boolean> {
	const values = screenGeometryFromForm(form);
	if (!values) return false;
	const { settings } = context;
	await saveRecorded(
		context,
		actor,
		'settings.screen-geometry',
		{ read: () => screenGeometry(settings), save: (next) => saveScreenGeometry(settings, next) },
		values
	);
	return true;
}

export async function changeGuestLanguages(
	context: ServerContext,
	actor: StaffMember,
	form: FormData
): Promise<{ ok: true } | Extract<GuestLanguagesForm, { ok: false }>> {
	const parsed = guestLanguagesFromForm(form);
	if (!parsed.ok) return parsed;
	const { settings } = context;
	await saveRecorded(
		context,
		actor,
		'settings.guest-languages',
		{ read: () => guestLanguages(settings), save: (next) => saveGuestLanguages(settings, next) },
		parsed.values
	);
	return { ok: true };
}

/** The age limits and their texts; an age the menu still sells from is not removed. */
export async function changeAgeLimits(
	context: ServerContext,
	actor: StaffMember,
	form: FormData
): Promise<{ ok: true } | Extract<AgeLimitsForm, { ok: false }>> {
	const { settings, catalog } = context;
	const parsed = ageLimitsFromForm(form, {
		offered: (await guestLanguages(settings)).offered,
		stored: await storedAgeLimits(settings),
		inUse: agesInUse(await catalog.list())
	});
	if (!parsed.ok) return parsed;
	await saveRecorded(
		context,
		actor,
		'settings.age-limits',
		{ read: () => storedAgeLimits(settings), save: (next) => saveAgeLimits(settings, next) },
		parsed.values
	);
	return { ok: true };
}

export async function changeBoardSettings(
	context: ServerContext,
	actor: StaffMember,
	form: FormData
): Promise<boolean> {
	const values = boardSettingsFromForm(form);
	if (!values) return false;
	const { settings } = context;
	await saveRecorded(
		context,
		actor,
		'settings.order-board',
		{ read: () => boardSettings(settings), save: (next) => saveBoardSettings(settings, next) },
		values
	);
	return true;
}

/** The screen-exit PIN: the entry says that it changed (set or not before), never the PIN. */
export async function changeScreenPin(
	context: ServerContext,
	actor: StaffMember,
	form: FormData
): Promise<boolean> {
	const pin = textField(form, 'pin');
	if (!isPinFormat(pin)) return false;
	const had = await hasScreenPin(context.settings);
	await setScreenPin(context.settings, pin);
	await context.audit.write(actor, 'settings.screen-pin', null, {
		before: had ? 'set' : 'none',
		after: 'set'
	});
	return true;
}
