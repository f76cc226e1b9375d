/**
 * Roles (docs/manual.md, Roles: who may do what): who is logged in to the back office, and the one
 * guard of every page and action only a manager may use — refunds, settings, devices, the menu,
 * passwords, the audit log. The password decides the role (staff-credentials.ts); the name is who
 * the audit log names.
 */
import { error } from '@sveltejs/kit';

export type StaffRole = 'staff' | 'manager';

/** A logged-in person: the name they gave at login, and the role their password gave them. */
export interface StaffMember {
	name: string;
	role: StaffRole;
}

export const STAFF_NAME_MAX_LENGTH = 60;

/** The name as typed at login, trimmed; undefined when empty or longer than 60 characters. */
export function readStaffName(typed: string): string | undefined {
	const name = typed.normalize('NFC').trim().replace(/\s+/g, ' ');
	// Counted in characters a person sees, not UTF-16 units (an umlaut or emoji counts once).
	const length = [...name].length;
	return length >= 1 && length <= STAFF_NAME_MAX_LENGTH ? name : undefined;
}

export const isManager = (staff: StaffMember | null | undefined): boolean =>
	staff?.role === 'manager';

/**
 * The logged-in staff member (either role), for an action that names who did it; the setup
 * pages' hook has already sent whoever is not logged in to the login page, so this is a guard
 * against a route outside them.
 */
export function staffOf(locals: App.Locals): StaffMember {
	if (!locals.staff) error(401, 'staff-only');
	return locals.staff;
}

/**
 * The logged-in manager, for a manager-only load or action; anyone else gets a 403 (the error
 * page says, in the page's language, that a manager must log in). The setup pages' hook has
 * already sent whoever is not logged in at all to the login page.
 */
export function requireManager(locals: App.Locals): StaffMember {
	const staff = locals.staff;
	if (!staff || staff.role !== 'manager') {
		// The error page knows this message and says it in the page's language.
		error(403, 'manager-only');
	}
	return staff;
}
