/** A screen's problem in staff's words (the fleet page, the order board's alerts). */
import type { ScreenProblem } from '#lib/shared/fleet.ts';
import { m } from '#lib/paraglide/messages.js';

export const PROBLEM_LABEL: Record<ScreenProblem, () => string> = {
	silent: m.fleet_problem_silent,
	'out-of-order': m.fleet_problem_out_of_order,
	'printer-paper-out': m.fleet_problem_printer_paper_out,
	'printer-cover-open': m.fleet_problem_printer_cover_open,
	'printer-offline': m.fleet_problem_printer_offline,
	'terminal-unreachable': m.fleet_problem_terminal_unreachable,
	'needs-staff': m.fleet_problem_needs_staff,
	paused: m.fleet_problem_paused,
	'old-version': m.fleet_problem_old_version,
	hidden: m.fleet_problem_hidden,
	'never-seen': m.fleet_problem_never_seen
};
