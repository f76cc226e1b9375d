/**
 * The fleet's one judgement: a screen's state and problems from its last heartbeat and the time
 * now, and the fleet's order, worst first.
 */
import { describe, expect, it } from 'vitest';
import type { FleetScreen, ScreenReport } from '#lib/shared/fleet.ts';
import {
	alertsOf,
	countByState,
	screenCondition,
	sortByTrouble,
	type ConditionContext,
	type HeartbeatRow
} from './screen-condition.ts';

const NOW = new Date('2026-11-28T12:00:00.000Z');
const report = (change: Partial<ScreenReport> = {}): ScreenReport => ({
	version: 'v2',
	paused: [],
	printer: 'ok',
	terminal: 'ok',
	busy: false,
	visible: true,
	battery: null,
	charging: null,
	...change
});
const beat = (secondsAgo: number, change: Partial<ScreenReport> = {}): HeartbeatRow => ({
	deviceId: 'k1',
	seenAt: new Date(NOW.getTime() - secondsAgo * 1000).toISOString(),
	report: report(change),
	outOfOrder: false
});
const context = (change: Partial<ConditionContext> = {}): ConditionContext => ({
	now: NOW,
	silentAfterMs: 45_000,
	serverVersion: 'v2',
	needsStaff: 0,
	...change
});
const kiosk = { id: 'k1', name: 'Kiosk 1', mode: 'kiosk' as const };
const condition = (row: HeartbeatRow, change: Partial<ConditionContext> = {}) =>
	screenCondition(kiosk, 'Main stage', row, context(change));

describe('screenCondition', () => {
	it('a screen that beat within the threshold and reports nothing wrong is ok', () => {
		const screen = condition(beat(10));
		expect(screen).toMatchObject({ state: 'ok', problems: [], place: 'Main stage', version: 'v2' });
	});

	it('silent past the threshold is an alert, and what it reported before no longer counts', () => {
		expect(condition(beat(45))).toMatchObject({ state: 'ok' });
		const silent = condition(beat(46, { printer: 'paper-out', version: 'v1' }));
		expect(silent).toMatchObject({ state: 'alert', problems: ['silent'] });
	});

	it('names the printer, the terminal, an old version and sales that need staff as alerts', () => {
		const screen = condition(
			beat(1, { printer: 'paper-out', terminal: 'unreachable', version: 'v1' }),
			{
				needsStaff: 2
			}
		);
		expect(screen.state).toBe('alert');
		expect(screen.problems).toEqual([
			'printer-paper-out',
			'terminal-unreachable',
			'needs-staff',
			'old-version'
		]);
		expect(condition(beat(1, { printer: 'cover-open' })).problems).toEqual(['printer-cover-open']);
		expect(condition(beat(1, { printer: 'offline' })).problems).toEqual(['printer-offline']);
	});

	it('out of order, paused, hidden and never seen are notices', () => {
		expect(condition({ ...beat(1), outOfOrder: true })).toMatchObject({
			state: 'notice',
			problems: ['out-of-order']
		});
		expect(condition(beat(1, { paused: ['loyalty'] }))).toMatchObject({
			state: 'notice',
			problems: ['paused']
		});
		expect(condition(beat(1, { visible: false }))).toMatchObject({
			state: 'notice',
			problems: ['hidden']
		});
		expect(
			condition({ deviceId: 'k1', seenAt: null, report: null, outOfOrder: false })
		).toMatchObject({ state: 'notice', problems: ['never-seen'], lastSeenAt: null });
	});
});

describe('sortByTrouble, alertsOf, countByState', () => {
	const screen = (name: string, row: HeartbeatRow): FleetScreen =>
		screenCondition({ ...kiosk, id: name, name }, null, { ...row, deviceId: name }, context());
	const fleet = [
		screen('A ok', beat(1)),
		screen('B paused', beat(1, { paused: ['server'] })),
		screen('C paper', beat(1, { printer: 'paper-out' })),
		screen('D silent', beat(100)),
		screen('E old', beat(1, { version: 'v1' }))
	];

	it('puts alerts first, the worst problem first, then notices, then the rest', () => {
		expect(sortByTrouble(fleet).map((s) => s.name)).toEqual([
			'D silent',
			'C paper',
			'E old',
			'B paused',
			'A ok'
		]);
	});

	it('gives an alert per screen problem that needs staff, keyed by screen and problem', () => {
		expect(alertsOf(sortByTrouble(fleet))).toEqual([
			{ deviceId: 'D silent', name: 'D silent', problem: 'silent', key: 'D silent:silent' },
			{
				deviceId: 'C paper',
				name: 'C paper',
				problem: 'printer-paper-out',
				key: 'C paper:printer-paper-out'
			},
			{ deviceId: 'E old', name: 'E old', problem: 'old-version', key: 'E old:old-version' }
		]);
	});

	it('counts the screens by state', () => {
		expect(countByState(fleet)).toEqual({ alert: 3, notice: 1, ok: 1 });
	});
});
