/** The audit log's actions and roles in the staff member's language, and its details as text. */
import { m } from '#lib/paraglide/messages.js';

const ACTION_LABELS: Record<string, () => string> = {
	'passwords.first-run': m.audit_action_first_run,
	'password.staff': m.audit_action_password_staff,
	'password.manager': m.audit_action_password_manager,
	'settings.kiosk': m.audit_action_settings_kiosk,
	'settings.return-station': m.audit_action_settings_return,
	'settings.order-board': m.audit_action_settings_board,
	'settings.screen-geometry': m.audit_action_settings_geometry,
	'settings.screen-pin': m.audit_action_settings_pin,
	'settings.guest-languages': m.audit_action_settings_languages,
	'settings.age-limits': m.audit_action_settings_age_limits,
	'settings.fleet': m.audit_action_settings_fleet,
	'device.add': m.audit_action_device_add,
	'device.remove': m.audit_action_device_remove,
	'device.pair': m.audit_action_device_pair,
	'device.callback-rotate': m.audit_action_device_callback,
	'device.printer': m.audit_action_device_printer,
	'device.terminal': m.audit_action_device_terminal,
	'device.reload': m.audit_action_device_reload,
	'device.out-of-order': m.audit_action_device_out_of_order,
	'device.in-service': m.audit_action_device_in_service,
	'device.unattended': m.audit_action_device_unattended,
	'terminal.day-closing': m.audit_action_terminal_day_closing,
	'menu.import': m.audit_action_menu_import,
	'menu.availability': m.audit_action_menu_availability,
	'menu.sold-out': m.audit_action_menu_sold_out,
	'menu.facts': m.audit_action_menu_facts,
	'menu.age': m.audit_action_menu_age,
	'order.id-checked': m.audit_action_order_id_checked,
	'menu.picture': m.audit_action_menu_picture,
	'menu.picture-remove': m.audit_action_menu_picture_remove,
	'menu.names': m.audit_action_menu_names,
	'refund.requested': m.audit_action_refund_requested,
	'refund.outcome': m.audit_action_refund_outcome,
	'refund.refused': m.audit_action_refund_refused,
	'refund.check-again': m.audit_action_refund_check_again,
	'journal.handled': m.audit_action_journal_handled,
	'journal.resolve-now': m.audit_action_journal_resolve_now
};

export const auditActionLabel = (action: string): string => ACTION_LABELS[action]?.() ?? action;

export const roleLabel = (role: string): string =>
	role === 'manager' ? m.role_manager() : m.role_staff();

const text = (value: unknown): string =>
	value === null || value === undefined
		? '—'
		: typeof value === 'string'
			? value
			: JSON.stringify(value);

/**
 * The details as short lines: a change as `key: before → after` for each value that changed
 * (all of them when only one side is there), anything else as `key: value`.
 */
export function auditDetailLines(details: Record<string, unknown>): string[] {
	const { before, after, ...rest } = details;
	const lines: string[] = [];
	const isObject = (value: unknown): value is Record<string, unknown> =>
		value !== null && typeof value === 'object' && !Array.isArray(value);
	if (isObject(before) && isObject(after)) {
		for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
			if (JSON.stringify(before[key]) !== JSON.stringify(after[key]))
				lines.push(`${key}: ${text(before[key])} → ${text(after[key])}`);
		}
	} else if (before !== undefined || after !== undefined) {
		lines.push(`${text(before)} → ${text(after)}`);
	}
	for (const [key, value] of Object.entries(rest)) lines.push(`${key}: ${text(value)}`);
	return lines;
}
