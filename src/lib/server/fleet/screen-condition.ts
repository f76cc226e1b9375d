/**
 * The fleet's one judgement (docs/manual.md, Fleet health): from a screen's last heartbeat and
 * the time now, its state, its problems worst first, and the fleet's order — the screens in
 * trouble on top. Pure, so the fleet page, the board's alerts and `fleetSummary` say the same.
 *
 * A screen silent for longer than the threshold is `silent` and nothing else it said counts any
 * more (what it reported is stale); what the server knows itself — out of order, a sale that
 * needs staff — still does. Staff must act on an `alert`; a `notice` is worth a look (a screen
 * put out of order on purpose, paused while the platform is away, hidden behind another window,
 * paired but never started).
 */
import {
	SCREEN_PROBLEMS,
	type FleetAlert,
	type FleetScreen,
	type ScreenProblem,
	type ScreenReport,
	type ScreenState
} from '#lib/shared/fleet.ts';
import type { DeviceRecord } from '../devices/device-repository.ts';

/** The last heartbeat of a screen as the store keeps it. */
export interface HeartbeatRow {
	deviceId: string;
	seenAt: string | null;
	report: ScreenReport | null;
	outOfOrder: boolean;
}

export interface ConditionContext {
	now: Date;
	silentAfterMs: number;
	serverVersion: string;
	/** How many of the screen's journal entries wait for staff. */
	needsStaff: number;
}

const NOTICES: ReadonlySet<ScreenProblem> = new Set([
	'out-of-order',
	'paused',
	'hidden',
	'never-seen'
]);

const PRINTER_PROBLEMS = {
	'paper-out': 'printer-paper-out',
	'cover-open': 'printer-cover-open',
	offline: 'printer-offline'
} as const satisfies Record<string, ScreenProblem>;

function problemsOf(row: HeartbeatRow, context: ConditionContext): ScreenProblem[] {
	const problems = new Set<ScreenProblem>();
	if (row.outOfOrder) problems.add('out-of-order');
	if (context.needsStaff > 0) problems.add('needs-staff');
	const report = row.report;
	if (row.seenAt === null || report === null) {
		problems.add('never-seen');
	} else if (context.now.getTime() - Date.parse(row.seenAt) > context.silentAfterMs) {
		problems.add('silent');
	} else {
		if (report.printer !== null && report.printer !== 'ok') {
			problems.add(PRINTER_PROBLEMS[report.printer]);
		}
		if (report.terminal === 'unreachable') problems.add('terminal-unreachable');
		if (report.paused.length > 0) problems.add('paused');
		if (report.version !== context.serverVersion) problems.add('old-version');
		if (!report.visible) problems.add('hidden');
	}
	return SCREEN_PROBLEMS.filter((problem) => problems.has(problem));
}

const stateOf = (problems: readonly ScreenProblem[]): ScreenState =>
	problems.length === 0 ? 'ok' : problems.some((p) => !NOTICES.has(p)) ? 'alert' : 'notice';

/** The screen as the fleet page shows it. */
export function screenCondition(
	device: Pick<DeviceRecord, 'id' | 'name' | 'mode'>,
	place: string | null,
	row: HeartbeatRow,
	context: ConditionContext
): FleetScreen {
	const problems = problemsOf(row, context);
	return {
		deviceId: device.id,
		name: device.name,
		mode: device.mode,
		place,
		state: stateOf(problems),
		problems,
		lastSeenAt: row.seenAt,
		version: row.report?.version ?? null,
		outOfOrder: row.outOfOrder,
		report: row.report
	};
}

const STATE_RANK: Record<ScreenState, number> = { alert: 0, notice: 1, ok: 2 };
const worst = (screen: FleetScreen) =>
	screen.problems.length === 0
		? SCREEN_PROBLEMS.length
		: SCREEN_PROBLEMS.indexOf(screen.problems[0]!);

/** Worst first: alerts, then notices, then the rest; by worst problem, then by name. */
export function sortByTrouble(screens: readonly FleetScreen[]): FleetScreen[] {
	return [...screens].sort(
		(a, b) =>
			STATE_RANK[a.state] - STATE_RANK[b.state] ||
			worst(a) - worst(b) ||
			a.name.localeCompare(b.name) ||
			a.deviceId.localeCompare(b.deviceId)
	);
}

/** The alerts of the fleet: each screen's problems that need staff. */
export function alertsOf(screens: readonly FleetScreen[]): FleetAlert[] {
	return screens.flatMap((screen) =>
		screen.problems
			.filter((problem) => !NOTICES.has(problem))
			.map((problem) => ({
				deviceId: screen.deviceId,
				name: screen.name,
				problem,
				key: `${screen.deviceId}:${problem}`
			}))
	);
}

/** How many screens are in each state: for a metrics endpoint (`fleetSummary`). */
export function countByState(screens: readonly FleetScreen[]): Record<ScreenState, number> {
	const counts: Record<ScreenState, number> = { alert: 0, notice: 0, ok: 0 };
	for (const screen of screens) counts[screen.state] += 1;
	return counts;
}
