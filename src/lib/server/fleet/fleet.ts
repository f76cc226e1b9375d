/**
 * Fleet health (docs/manual.md, Fleet health; docs/server.md, Fleet health): every paired screen
 * beats every few seconds with what it knows of itself (`receiveHeartbeat`), and staff see the
 * whole fleet — worst first — on the fleet page, the alerts also on the order board, so they
 * learn of a frozen kiosk, an empty paper roll or a lost card terminal before a guest tells them.
 *
 * A beat is one upsert (heartbeat-repository.ts) and answers what staff asked of the screen:
 * reload once, or out of order (a kiosk then shows the venue's text on its attract screen, and
 * the checkout refuses its new sales: sales/checkout.ts). The screens beat three times within
 * the silence threshold, which the answer tells them, so a shorter threshold is heard sooner.
 *
 * Who may: a heartbeat comes from a browser paired as any screen (setup/screen-session.ts); the
 * fleet's view from a logged-in staff member or a paired order board (its alerts); the remote
 * actions from any logged-in staff member (they are the ones who walk to the kiosk), the
 * settings from a manager. Each change writes its audit entry naming who and which screen.
 */
import type { FleetAlerts, FleetView, HeartbeatAnswer, ScreenState } from '#lib/shared/fleet.ts';
import type { StaffMember } from '../auth/roles.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import type { DeviceRepository } from '../devices/device-repository.ts';
import type { KnownPlaces } from '../devices/known-places.ts';
import { textField } from '../http/forms.ts';
import type { Journal } from '../journal/journal.ts';
import type { Settings } from '../settings.ts';
import {
	beatIntervalMs,
	fleetSettings,
	fleetSettingsFromForm,
	saveFleetSettings
} from './fleet-settings.ts';
import { readScreenReport } from './heartbeat-input.ts';
import type { HeartbeatRepository } from './heartbeat-repository.ts';
import { alertsOf, countByState, screenCondition, sortByTrouble } from './screen-condition.ts';

export interface FleetDeps {
	heartbeats: HeartbeatRepository;
	devices: DeviceRepository;
	places: KnownPlaces;
	journal: Journal;
	settings: Settings;
	audit: AuditLog;
	/** The app version this server serves: a screen on another runs an old one. */
	serverVersion: string;
	now?: () => Date;
}

/** Who asks for the fleet's view: a staff member, or the browser paired as a screen. */
export interface FleetViewer {
	staff: StaffMember | null;
	screenDeviceId: string | null;
}

export const REMOTE_ACTIONS = ['reload', 'out-of-order', 'in-service'] as const;
export type RemoteAction = (typeof REMOTE_ACTIONS)[number];

export type RemoteActionResult =
	| { ok: true }
	| { ok: false; error: 'not-staff' | 'bad-request' | 'unknown-screen' | 'not-a-kiosk' };

const AUDITED = {
	reload: 'device.reload',
	'out-of-order': 'device.out-of-order',
	'in-service': 'device.in-service'
} as const;

export class Fleet {
	readonly #deps: FleetDeps;
	readonly #now: () => Date;

	constructor(deps: FleetDeps) {
		this.#deps = deps;
		this.#now = deps.now ?? (() => new Date());
	}

	/**
	 * A beat of the browser paired as `screenDeviceId`: 'not-paired' for any other browser,
	 * 'bad-request' for a body that is no report (nothing stored either way).
	 */
	async receiveHeartbeat(
		screenDeviceId: string | null,
		body: unknown
	): Promise<HeartbeatAnswer | 'not-paired' | 'bad-request'> {
		const device = screenDeviceId ? await this.#deps.devices.get(screenDeviceId) : undefined;
		if (!device) return 'not-paired';
		const report = readScreenReport(body);
		if (!report) return 'bad-request';
		const [outcome, settings] = await Promise.all([
			this.#deps.heartbeats.beat(device.id, report, this.#now()),
			fleetSettings(this.#deps.settings)
		]);
		return {
			nextBeatMs: beatIntervalMs(settings.silentAfterSeconds),
			outOfOrder:
				outcome.outOfOrder && device.mode === 'kiosk' ? { text: settings.outOfOrderText } : null,
			reload: outcome.reload
		};
	}

	/** Every paired device's screen, worst first. */
	async view(): Promise<FleetView> {
		const { heartbeats, devices, places, journal, settings, serverVersion } = this.#deps;
		const [all, rows, needsStaff, { silentAfterSeconds }] = await Promise.all([
			devices.list(),
			heartbeats.list(),
			journal.needsStaffByDevice(),
			fleetSettings(settings)
		]);
		const byDevice = new Map(rows.map((row) => [row.deviceId, row]));
		const now = this.#now();
		const screens = await Promise.all(
			all.map(async (device) =>
				screenCondition(
					device,
					(await places.placeOf(device.id))?.name ?? null,
					byDevice.get(device.id) ?? {
						deviceId: device.id,
						seenAt: null,
						report: null,
						outOfOrder: false
					},
					{
						now,
						silentAfterMs: silentAfterSeconds * 1000,
						serverVersion,
						needsStaff: needsStaff.get(device.id) ?? 0
					}
				)
			)
		);
		const sorted = sortByTrouble(screens);
		return {
			screens: sorted,
			alerts: alertsOf(sorted),
			serverVersion,
			silentAfterSeconds,
			at: now.toISOString()
		};
	}

	/**
	 * What `viewer` may see: the whole view for staff, the alerts alone for a paired order board
	 * (the staff at the board); null for anyone else.
	 */
	async viewFor(viewer: FleetViewer): Promise<FleetView | FleetAlerts | null> {
		if (viewer.staff) return this.view();
		const device = viewer.screenDeviceId
			? await this.#deps.devices.get(viewer.screenDeviceId)
			: undefined;
		if (device?.mode !== 'board') return null;
		return { alerts: (await this.view()).alerts };
	}

	/** How many screens are in each state, e.g. for a metrics endpoint's gauges. */
	async summary(): Promise<Record<ScreenState, number>> {
		return countByState((await this.view()).screens);
	}

	/** Whether staff put this kiosk out of order (the checkout refuses its new sales). */
	isOutOfOrder(deviceId: string): Promise<boolean> {
		return this.#deps.heartbeats.isOutOfOrder(deviceId);
	}

	/**
	 * A remote action of the fleet page by `actor` (any logged-in staff member): `action` and
	 * `deviceId` from the form. Out of order and back apply to ordering kiosks only.
	 */
	async act(actor: StaffMember | null, form: FormData): Promise<RemoteActionResult> {
		if (!actor) return { ok: false, error: 'not-staff' };
		const action = textField(form, 'action');
		const deviceId = textField(form, 'deviceId');
		if (!(REMOTE_ACTIONS as readonly string[]).includes(action) || deviceId === '') {
			return { ok: false, error: 'bad-request' };
		}
		const device = await this.#deps.devices.get(deviceId);
		if (!device) return { ok: false, error: 'unknown-screen' };
		const { heartbeats, audit } = this.#deps;
		switch (action as RemoteAction) {
			case 'reload':
				await heartbeats.askReload(device.id, this.#now());
				break;
			case 'out-of-order':
			case 'in-service':
				if (device.mode !== 'kiosk') return { ok: false, error: 'not-a-kiosk' };
				// Nothing changed (already so): nothing recorded.
				if (!(await heartbeats.setOutOfOrder(device.id, action === 'out-of-order'))) {
					return { ok: true };
				}
				break;
		}
		await audit.write(actor, AUDITED[action as RemoteAction], device.id, {
			name: device.name,
			mode: device.mode
		});
		return { ok: true };
	}

	/** The fleet's settings from a manager's form; 'invalid' when a value does not read. */
	async changeSettings(
		actor: StaffMember | null,
		form: FormData
	): Promise<{ ok: true } | { ok: false; error: 'manager-only' | 'invalid' }> {
		if (actor?.role !== 'manager') return { ok: false, error: 'manager-only' };
		const after = fleetSettingsFromForm(form);
		if (!after) return { ok: false, error: 'invalid' };
		const { settings, audit } = this.#deps;
		const before = await fleetSettings(settings);
		await saveFleetSettings(settings, after);
		await audit.write(actor, 'settings.fleet', null, { before, after });
		return { ok: true };
	}
}
