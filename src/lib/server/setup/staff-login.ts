/**
 * Staff login, first run and password changes: the name and password checks, the waits after
 * wrong passwords (auth/login-attempts.ts), and the session to set as a cookie. The name is who the audit log names; the password decides the
 * role (auth/staff-credentials.ts).
 */
import { message, type Message } from '#lib/shared/message.ts';
import { waitMessage } from '#lib/shared/wait-message.ts';
import {
	readStaffName,
	STAFF_NAME_MAX_LENGTH,
	type StaffMember,
	type StaffRole
} from '../auth/roles.ts';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../auth/staff-credentials.ts';
import type { ServerContext } from '../context.ts';
import { textField } from '../http/forms.ts';

type FieldErrors<Field extends string> = Partial<Record<Field, Message>>;

export type LoginResult<Field extends string> =
	| { ok: true; token: string; expiresAt: Date; staff: StaffMember }
	| { ok: false; status: number; errors: FieldErrors<Field>; name: string };

export type LoginField = 'name' | 'password';
export type FirstRunField =
	'setupCode' | 'name' | 'password' | 'confirm' | 'managerPassword' | 'managerConfirm';

/** The name field: the name, or the message to show by the field. */
function nameOf(form: FormData): { name: string } | { error: Message } {
	const typed = textField(form, 'name');
	const name = readStaffName(typed);
	if (name !== undefined) return { name };
	return {
		error:
			typed.trim().length === 0
				? message('staff_name_missing')
				: message('staff_name_too_long', { max: STAFF_NAME_MAX_LENGTH })
	};
}

/** A new password's problem, if any: too short or too long. */
function newPasswordProblem(password: string): Message | undefined {
	if (password.length < MIN_PASSWORD_LENGTH)
		return message('password_too_short', { min: MIN_PASSWORD_LENGTH });
	if (password.length > MAX_PASSWORD_LENGTH)
		return message('password_too_long', { max: MAX_PASSWORD_LENGTH });
	return undefined;
}

/** What the login form shows again after a refusal: the name as typed, never the password. */
const typedName = (form: FormData) => textField(form, 'name').slice(0, 200);

export async function logIn(
	context: ServerContext,
	form: FormData,
	address: string
): Promise<LoginResult<LoginField>> {
	const name = typedName(form);
	// A form without a usable name never reaches the password check, so it tells a guesser
	// nothing and is not counted: a colleague's typo (or a malformed body) slows nobody down.
	// Every form that reaches the check is counted before it (auth/login-attempts.ts: per source
	// address and per name), whatever it holds.
	const who = nameOf(form);
	if ('error' in who) return { ok: false, status: 400, errors: { name: who.error }, name };
	const waitMs = await context.loginAttempts.staffLogin(address, who.name);
	if (waitMs > 0)
		return { ok: false, status: 429, errors: { password: waitMessage(waitMs) }, name };
	const password = textField(form, 'password');
	const role =
		password.length === 0 || password.length > MAX_PASSWORD_LENGTH
			? null
			: await context.staff.verify(password);
	if (role === null) {
		return { ok: false, status: 400, errors: { password: message('login_wrong_password') }, name };
	}
	await context.loginAttempts.staffLoginSucceeded(address, who.name);
	const staff = { name: who.name, role };
	return { ok: true, staff, ...(await context.sessions.createStaff(staff)) };
}

/**
 * First run: the set-up code from the server's log (auth/setup-code.ts), the staff password and
 * the manager password (unless MANAGER_PASSWORD gives it), each repeated, at least 8 characters
 * and different from each other; the one creating them is logged in as manager under the name
 * given. As with the login, a form whose fields are not right is refused without checking the
 * code, so it is not counted; every form that reaches the check counts as a login attempt of
 * `address` before it. A wrong code changes nothing.
 */
export async function createFirstPasswords(
	context: ServerContext,
	form: FormData,
	address: string
): Promise<LoginResult<FirstRunField>> {
	const name = typedName(form);
	if (await context.staff.isSet())
		return { ok: false, status: 409, errors: { password: message('password_already_set') }, name };
	const managerFromEnvironment = context.staff.fromEnvironment().manager;
	const errors: FieldErrors<FirstRunField> = {};
	const setupCode = textField(form, 'setupCode');
	if (setupCode.trim().length === 0) errors.setupCode = message('setup_code_missing');
	const who = nameOf(form);
	if ('error' in who) errors.name = who.error;
	const password = textField(form, 'password');
	const managerPassword = textField(form, 'managerPassword');
	const staffProblem = newPasswordProblem(password);
	if (staffProblem) errors.password = staffProblem;
	else if (password !== textField(form, 'confirm')) errors.confirm = message('passwords_differ');
	if (!managerFromEnvironment) {
		const managerProblem = newPasswordProblem(managerPassword);
		if (managerProblem) errors.managerPassword = managerProblem;
		else if (managerPassword !== textField(form, 'managerConfirm'))
			errors.managerConfirm = message('passwords_differ');
		else if (!staffProblem && managerPassword === password)
			errors.managerPassword = message('passwords_same');
	} else if (!staffProblem && (await context.staff.verify(password)) === 'manager') {
		// The staff password may not be the manager password the environment gives.
		errors.password = message('passwords_same');
	}
	if ('error' in who || Object.keys(errors).length > 0) {
		return { ok: false, status: 400, errors, name };
	}
	// Counted as a login of this source and name (auth/login-attempts.ts): guessing the code
	// slows down as the login's guessing does.
	const waitMs = await context.loginAttempts.staffLogin(address, who.name);
	if (waitMs > 0)
		return { ok: false, status: 429, errors: { setupCode: waitMessage(waitMs) }, name };
	if (!(await context.setupCode.matches(setupCode))) {
		return { ok: false, status: 400, errors: { setupCode: message('setup_code_wrong') }, name };
	}
	if (
		!(await context.staff.create(password, managerFromEnvironment ? undefined : managerPassword))
	) {
		return { ok: false, status: 409, errors: { password: message('password_already_set') }, name };
	}
	await context.setupCode.discard();
	await context.loginAttempts.staffLoginSucceeded(address, who.name);
	const staff: StaffMember = { name: who.name, role: 'manager' };
	await context.audit.write(staff, 'passwords.first-run', null, {
		manager: managerFromEnvironment ? 'from-environment' : 'created'
	});
	return { ok: true, staff, ...(await context.sessions.createStaff(staff)) };
}

export type PasswordChangeResult =
	{ ok: true; role: StaffRole } | { ok: false; role: StaffRole | null; error: Message };

/**
 * A manager sets the staff or the manager password (`role`, `password`, `confirm` fields): the
 * same rules as on first run; every other staff login ends; the audit log notes who (never the
 * password).
 */
export async function changePassword(
	context: ServerContext,
	actor: StaffMember,
	form: FormData,
	currentToken: string | undefined
): Promise<PasswordChangeResult> {
	const typedRole = textField(form, 'role');
	const role: StaffRole | null =
		typedRole === 'staff' || typedRole === 'manager' ? typedRole : null;
	if (role === null) return { ok: false, role, error: message('password_role_unknown') };
	const password = textField(form, 'password');
	const problem = newPasswordProblem(password);
	if (problem) return { ok: false, role, error: problem };
	if (password !== textField(form, 'confirm'))
		return { ok: false, role, error: message('passwords_differ') };
	// Before: whether the role had a password of its own (an install from before roles has none
	// for the manager). Never the password.
	const had = role === 'staff' || (await context.staff.hasManagerPassword());
	const outcome = await context.staff.setPassword(role, password);
	if (outcome === 'from-environment')
		return { ok: false, role, error: message('password_from_environment') };
	if (outcome === 'same-as-other') return { ok: false, role, error: message('passwords_same') };
	await context.sessions.revokeOtherStaff(currentToken);
	await context.audit.write(actor, role === 'staff' ? 'password.staff' : 'password.manager', null, {
		before: had ? 'set' : 'none',
		after: 'set',
		otherLoginsEnded: true
	});
	return { ok: true, role };
}

/** Only setup pages are valid targets after login (no open redirect). */
export function safeNext(next: string | null): string {
	return next && /^\/setup(\/|$|\?)/.test(next) ? next : '/setup';
}
