/**
 * Fleet health (docs/manual.md, Fleet health): what a screen says of itself in its heartbeat,
 * what the server answers it, and what the fleet page and the order board show of every screen.
 * The screens send `ScreenReport`; the server keeps the last one per screen
 * (server/fleet/heartbeat-repository.ts) and judges it (server/fleet/screen-condition.ts).
 */

/** The receipt printer as the screen last saw it (the last receipt's outcome); null: not known. */
export const PRINTER_CONDITIONS = ['ok', 'paper-out', 'cover-open', 'offline'] as const;
export type PrinterCondition = (typeof PRINTER_CONDITIONS)[number];

/** The card terminal as the screen last saw it (the last card payment); null: not known. */
export const TERMINAL_CONDITIONS = ['ok', 'unreachable'] as const;
export type TerminalCondition = (typeof TERMINAL_CONDITIONS)[number];

/** Why a screen is paused, when it is: its server or a part of the platform out of reach. */
export const PAUSE_REASONS = ['server', 'loyalty', 'deposits'] as const;
export type PauseReason = (typeof PAUSE_REASONS)[number];

/** One heartbeat: what the screen knows of itself now. Nothing secret, a few hundred bytes. */
export interface ScreenReport {
	/** The app version the screen runs (SvelteKit's build version). */
	version: string;
	/** What the screen has paused, and why; empty: nothing. */
	paused: PauseReason[];
	printer: PrinterCondition | null;
	terminal: TerminalCondition | null;
	/** A guest is mid-sale or mid-return (not on the attract screen). */
	busy: boolean;
	/** `document.visibilityState` is 'visible'. */
	visible: boolean;
	/** Battery level 0–100 where the browser tells (`navigator.getBattery`); null elsewhere. */
	battery: number | null;
	charging: boolean | null;
}

/** The server's answer to a heartbeat: what the screen is to do. */
export interface HeartbeatAnswer {
	/** When to beat next (the fleet's threshold decides it). */
	nextBeatMs: number;
	/** Staff put this kiosk out of order: the venue's text per language (may be empty). */
	outOfOrder: { text: Record<string, string> } | null;
	/** Staff asked this screen to reload (once). */
	reload: boolean;
}

/** What the fleet page and the board say of a screen, worst first. */
export const SCREEN_PROBLEMS = [
	'silent',
	'out-of-order',
	'printer-paper-out',
	'printer-cover-open',
	'printer-offline',
	'terminal-unreachable',
	'needs-staff',
	'paused',
	'old-version',
	'hidden',
	'never-seen'
] as const;
export type ScreenProblem = (typeof SCREEN_PROBLEMS)[number];

/** `alert`: staff must act (the board beeps); `notice`: worth a look; `ok`: nothing. */
export const SCREEN_STATES = ['alert', 'notice', 'ok'] as const;
export type ScreenState = (typeof SCREEN_STATES)[number];

export interface FleetScreen {
	deviceId: string;
	name: string;
	mode: 'kiosk' | 'return' | 'board' | 'pickup';
	/** The place the platform names for it; null: not known yet. */
	place: string | null;
	state: ScreenState;
	/** Its problems, worst first; the first is the one shown in words. */
	problems: ScreenProblem[];
	/** When the server last heard from it (ISO 8601); null: never. */
	lastSeenAt: string | null;
	version: string | null;
	outOfOrder: boolean;
	report: ScreenReport | null;
}

/** What the order board gets of the fleet: the alerts alone. */
export interface FleetAlerts {
	alerts: FleetAlert[];
}

export interface FleetView extends FleetAlerts {
	/** Worst first (sortByTrouble). */
	screens: FleetScreen[];
	/** The server's own app version, the one the screens should run. */
	serverVersion: string;
	silentAfterSeconds: number;
	/** When the view was made (the server's clock). */
	at: string;
}

/** The part of the view the order board shows: the screens that need staff now. */
export interface FleetAlert {
	deviceId: string;
	name: string;
	problem: ScreenProblem;
	/** Names the alert: a new problem of a screen is a new alert (it beeps again). */
	key: string;
}
