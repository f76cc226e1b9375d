/**
 * The gauges read from the store at scrape time: unsettled journal entries by state, the order
 * callbacks' inbox and the staff steps' outbox waiting to be worked, and the paired devices by
 * role, and the screens by the state the fleet page gives them (fleet/fleet.ts). Each is a count over an index (journal_status,
 * order_inbox_due, order_outbox_due; devices is a few rows), so a scrape costs well under a
 * millisecond of the store and never holds a sale up. Settled journal entries, kept for the day
 * report's window, are not counted: they are most of the table, and nobody acts on them.
 */
import { SCREEN_STATES } from '#lib/shared/fleet.ts';
import { DEVICE_MODES } from '../devices/device-repository.ts';
import { UNSETTLED_STATUSES } from '../journal/journal.ts';
import { registerScrapeGauge } from './registry.ts';

/** Registers the store's gauges (per server context; a second call replaces the first). */
export function registerServerGauges(): void {
	registerScrapeGauge({
		name: 'kiosk_journal_entries',
		help: 'Journal entries of money calls not yet settled, by state (needs-staff: staff must act)',
		labelNames: ['state'],
		read: async ({ journal }) => {
			const counts = await journal.unsettledCounts();
			return UNSETTLED_STATUSES.map((state) => ({ labels: { state }, value: counts[state] }));
		}
	});
	registerScrapeGauge({
		name: 'kiosk_order_inbox_depth',
		help: 'Counter-order callbacks received and not yet fetched from the platform',
		labelNames: [],
		read: async ({ counterOrders }) => [{ labels: {}, value: await counterOrders.inbox.depth() }]
	});
	registerScrapeGauge({
		name: 'kiosk_order_outbox_depth',
		help: 'Staff steps on counter orders (ready, collected, rejected) not yet sent to the platform',
		labelNames: [],
		read: async ({ counterOrders }) => [{ labels: {}, value: await counterOrders.outbox.depth() }]
	});
	registerScrapeGauge({
		name: 'kiosk_devices',
		help: 'Devices paired with this venue, by role (kiosk, return, board, pickup)',
		labelNames: ['role'],
		read: async ({ devices }) => {
			const paired = await devices.list();
			return DEVICE_MODES.map((role) => ({
				labels: { role },
				value: paired.filter((device) => device.mode === role).length
			}));
		}
	});
	registerScrapeGauge({
		name: 'kiosk_screens',
		help: "Paired screens by the fleet page's state (alert: staff must act; notice: worth a look)",
		labelNames: ['state'],
		read: async ({ fleet }) => {
			const summary = await fleet.summary();
			return SCREEN_STATES.map((state) => ({ labels: { state }, value: summary[state] }));
		}
	});
}
