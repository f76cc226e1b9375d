/** What staff do about each problem of a screen (the fleet page). */
import type { ScreenProblem } from '#lib/shared/fleet.ts';
import { m } from '#lib/paraglide/messages.js';

export const TODO_LABEL: Record<ScreenProblem, () => string> = {
	silent: m.fleet_todo_silent,
	'out-of-order': m.fleet_todo_out_of_order,
	'printer-paper-out': m.fleet_todo_printer_paper_out,
	'printer-cover-open': m.fleet_todo_printer_cover_open,
	'printer-offline': m.fleet_todo_printer_offline,
	'terminal-unreachable': m.fleet_todo_terminal_unreachable,
	'needs-staff': m.fleet_todo_needs_staff,
	paused: m.fleet_todo_paused,
	'old-version': m.fleet_todo_old_version,
	hidden: m.fleet_todo_hidden,
	'never-seen': m.fleet_todo_never_seen
};
