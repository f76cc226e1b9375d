/**
 * What a guest screen keeps of its server's data so that it starts at once and survives a flaky
 * network: the device's identity, the deposit terms, the menu and the screen's settings — each
 * part with the time the server last had it from its source (the platform for identity and
 * deposits, its own store for the rest). The page's load and the screen's snapshot endpoint
 * (`/api/<screen>/snapshot`) give the same shape, so a screen can take whichever is newer.
 * Types and pure rules only: used on the server and in the browser. Nothing secret is in any
 * part — no API key, no transaction key, no deposit code.
 */
import type { ScreenGeometry } from '#lib/accessibility/reach-zone.ts';
import type { KioskSettingsView, MenuItem } from '#lib/kiosk/types.ts';
import type { ReturnSettings } from '#lib/return/types.ts';

export type GuestScreen = 'kiosk' | 'return';

/** One part and when its server had it (ISO time; null: never, e.g. identity not yet fetched). */
export interface Part<T> {
	value: T;
	fetchedAt: string | null;
}

/** The device as spec 1's identity describes it (GET /v1/integrations/me), without ids. */
export interface ScreenIdentity {
	organization: string;
	place: string;
	/**
	 * The place's picture and looping clip (spec 1 `avatarMedia`), as this server's addresses
	 * (server/screens/place-media.ts); absent in older snapshots.
	 */
	avatar?: string | null;
	avatarClip?: string | null;
	authorities: string[];
	desks: { name: string; enabled: boolean }[];
}

/**
 * The deposit configuration as the screens use it (spec 1, GET /v1/revo/configuration): the
 * container categories and which products come in one. Null while the scheme is off or unknown.
 */
export interface DepositTerms {
	categories: {
		id: string;
		name: string;
		unitMinor: number;
		currencyCode: string;
		expirationHours: number;
	}[];
	products: { productId: string; categoryId: string }[];
}

interface SnapshotBase<S extends GuestScreen> {
	screen: S;
	deviceId: string;
	/** When the server answered (its clock): the newer of two snapshots is the one to show. */
	servedAt: string;
	identity: Part<ScreenIdentity | null>;
	deposits: Part<DepositTerms | null>;
	/** What the guest may use, by the server's one rule (devices/platform-view.ts featuresOf). */
	features: { deposits: boolean; loyalty: boolean };
	/** How the venue's screens are mounted, for reach mode; absent in older kept snapshots. */
	screenGeometry?: ScreenGeometry;
}

export interface KioskSnapshot extends SnapshotBase<'kiosk'> {
	menu: Part<MenuItem[]>;
	settings: Part<KioskSettingsView>;
}

export interface ReturnSnapshot extends SnapshotBase<'return'> {
	settings: Part<ReturnSettings>;
}

export type ScreenSnapshot = KioskSnapshot | ReturnSnapshot;

/**
 * The snapshot to show: `kept` if it is this device's and at least as new as what the page had
 * (the kept copy has the menu's images at hand, offline too).
 */
export function newerSnapshot<T extends ScreenSnapshot>(page: T, kept: T | null): T {
	if (!kept || kept.screen !== page.screen || kept.deviceId !== page.deviceId) return page;
	return Date.parse(kept.servedAt) >= Date.parse(page.servedAt) ? kept : page;
}
