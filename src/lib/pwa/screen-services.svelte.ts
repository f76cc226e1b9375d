/**
 * What a guest screen runs once it is up, loaded on demand (lib/pwa/screen-link.ts) so none of
 * it is in the screen's initial JavaScript: whether its server is in reach (handed to the
 * session, which pauses what needs the server), its kept snapshot (IndexedDB, revalidated from
 * the server, at once when the server is back), its live feed where it has one (the ordering
 * kiosk's: the menu changed), and a new version of the app. News — a newer snapshot, a new
 * version — is taken only while the screen is idle: never under a guest's basket or half-done
 * return; except that the live feed's "the menu changed" (a product sold out) shows the newest
 * snapshot at once, so a basket holding a sold-out product says so before the guest pays. And
 * its heartbeat to the fleet page (fleet/screen-heartbeat.svelte.ts), with what it paused.
 */
import { LiveConnection } from '#lib/board/live-connection.svelte.ts';
import { startScreenHeartbeat } from '#lib/fleet/screen-heartbeat.svelte.ts';
import { printerCondition, terminalCondition } from '#lib/fleet/screen-report.ts';
import type { ApiFailure } from '#lib/kiosk/failures.ts';
import type { ReceiptPrintOutcome } from '#lib/kiosk/kiosk-api.ts';
import type { HeartbeatAnswer, PauseReason } from '#lib/shared/fleet.ts';
import { ScreenKeeper } from '#lib/screen-data/keeper.ts';
import type { ScreenData } from '#lib/screen-data/screen-data.svelte.ts';
import { ScreenStore } from '#lib/screen-data/screen-store.ts';
import type { ScreenSnapshot } from '#lib/shared/screen-snapshot.ts';
import { appUpdate } from './app-update.svelte.ts';
import { ServerReachability } from './server-reachability.svelte.ts';

/** What the screen's session offers the services. */
interface GuestSession {
	/** Nothing under way: the screen may change under no one. */
	readonly idle: boolean;
	watch(reachability: ServerReachability): void;
	/** The last receipt's outcome and card payment's answer (the kiosk's: fleet/screen-report.ts). */
	readonly lastPrint?: ReceiptPrintOutcome | null;
	readonly lastCardPayment?: 'paid' | ApiFailure | null;
	/** Staff put the screen out of order, or back (the kiosk's). */
	outOfOrder?: HeartbeatAnswer['outOfOrder'];
}

/** What the screen has paused, by what its server told it. */
function pausedBy(reachability: ServerReachability): PauseReason[] {
	if (!reachability.reachable) return ['server'];
	const paused: PauseReason[] = [];
	if (!reachability.platform.loyalty) paused.push('loyalty');
	if (!reachability.platform.deposits) paused.push('deposits');
	return paused;
}

export interface ScreenServicesOptions<S extends ScreenSnapshot> {
	screen: S['screen'];
	session: GuestSession;
	data: ScreenData<S>;
	/** The screen's live feed of menu changes (`/api/kiosk/events`); none for the return station. */
	menuFeed?: string;
}

/** Starts the services; the function returned stops them. */
export function startScreenServices<S extends ScreenSnapshot>({
	screen,
	session,
	data,
	menuFeed
}: ScreenServicesOptions<S>): () => void {
	const reachability = new ServerReachability();
	session.watch(reachability);
	reachability.start();
	const keeper = new ScreenKeeper({
		screen,
		data,
		store: () => ScreenStore.open(),
		unpaired: () => window.location.reload()
	});
	void keeper.start();
	const live =
		menuFeed === undefined
			? null
			: new LiveConnection({
					url: menuFeed,
					event: 'menu',
					onChange: () => void data.refresh()
				});
	live?.start();
	const stopHeartbeat = startScreenHeartbeat({
		known: () => ({
			paused: pausedBy(reachability),
			printer: printerCondition(session.lastPrint ?? null),
			terminal: terminalCondition(session.lastCardPayment ?? null),
			busy: !session.idle
		}),
		idle: () => session.idle,
		outOfOrder: 'outOfOrder' in session ? (value) => (session.outOfOrder = value) : undefined
	});
	const stopEffects = $effect.root(() => {
		$effect(() => {
			if (session.idle) data.settle();
		});
		$effect(() => {
			if (!session.idle || !appUpdate.ready) return;
			// The screen stops beating before the new version takes over: with a beat going
			// through the old service worker, Chromium left the new one waiting (never activated;
			// pwa-update.e2e.ts). The page reloads into the new version, which beats again.
			stopHeartbeat();
			appUpdate.apply();
		});
		let wasReachable = true;
		$effect(() => {
			const reachable = reachability.reachable;
			if (reachable && !wasReachable) void keeper.revalidate();
			wasReachable = reachable;
		});
	});
	return () => {
		stopHeartbeat();
		stopEffects();
		live?.stop();
		keeper.stop();
		reachability.stop();
	};
}
