/**
 * What a guest screen keeps of its server's data so that it starts at once and survives a flaky
 * network: the device's identity, the deposit terms, the menu and the screen's settings — each
 * part with the time the server last had it from its source (the platform for identity and
 * deposits, its own store for the rest). The page's load and the screen's snapshot endpoint
 * (`/api/<screen>/snapshot`) give the same shape, so a screen can take whichever is newer.
 * Types and pure rules only: used on the server and in the browser. Nothing secret is in any
 * part — no API key, no transaction key, no deposit code.
 */
import type { AdditiveNames } from './food-fact-labels.ts';
import type { FoodFacts } from './food-facts.ts';
import type { Locale } from '#lib/paraglide/runtime.js';
import type { ReturnSettings } from './return-view.ts';
import type { CreditPaymentType } from './credit-payment-type.ts';
import type { OptionGroup } from './product-options.ts';
import type { AgeLimit } from './age-limits.ts';
import type { GuestLanguages } from './guest-languages.ts';
import type { ScreenGeometry } from './screen-geometry.ts';
import type { StaffNames, Translated } from './translated.ts';

export type GuestScreen = 'kiosk' | 'return';

/** A product the guest can order (available, sorted as the menu is), as the server lists it. */
export interface MenuItem {
	id: string;
	category: string;
	name: Translated;
	/** The names staff gave the product's category; absent in older snapshots (categories.ts). */
	categoryNames?: StaffNames;
	description: Partial<Record<Locale, string>>;
	grossMinor: number;
	currencyCode: string;
	image: string | null;
	/** What the guest chooses with it; absent in snapshots kept by an older version. */
	options?: OptionGroup[];
	/**
	 * Sold out (staff marked it on the order board, or it is switched off in the menu's setup):
	 * not on the menu and not orderable, but named in a basket that holds it; absent (orderable)
	 * in snapshots kept by an older version.
	 */
	soldOut?: boolean;
	/** Its allergens, additives and diet labels (food-facts.ts); absent in older snapshots. */
	facts?: FoodFacts;
	/** The venue's names of the additives it and its choices name; absent in older snapshots. */
	additiveNames?: AdditiveNames;
	/** The age it is sold from (age-limits.ts), its choices' in `options`; absent or 0: none. */
	minAge?: number;
}

/** How a kiosk takes cards: its ZVT terminal, the on-screen one (demo mode), or not at all. */
export type CardTerminalKind = 'zvt' | 'on-screen' | null;

export interface KioskSettingsView {
	idleSeconds: number;
	creditPaymentType: CreditPaymentType;
	serviceFeeMinor: number;
	/** Offered once per sale before paying; absent in snapshots kept by an older version. */
	suggestedProductId?: string | null;
	/** The kiosk's receipt printer; none, or absent in older snapshots: the browser prints. */
	printer?: 'auto' | 'on-request' | null;
	/**
	 * How the kiosk takes cards; none (null, or absent in a snapshot kept by an older version):
	 * card payments are off.
	 */
	cardTerminal?: CardTerminalKind;
	/**
	 * The venue's age limits with their texts, for the age question (age-limits.ts); absent in
	 * snapshots kept by an older version: the question names the age alone.
	 */
	ageLimits?: AgeLimit[];
}

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
		/** The platform's name. */
		name: string;
		/** The names staff gave it (format.ts containerName); absent in older snapshots. */
		names?: StaffNames;
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
	/** The languages the venue offers its guests; absent in older kept snapshots (all of them). */
	languages?: GuestLanguages;
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

/** What a guest screen's page load gives besides its snapshot. */
interface ScreenData {
	device: { id: string; name: string };
	/** Demo mode's `?idle=N`: the idle time in seconds instead of the settings' (server/screens/idle-override.ts). */
	idleOverride: number | null;
	demo: boolean;
	hasPin: boolean;
}

/** The kiosk page's load data: the screen's snapshot and what is not kept with it. */
export interface KioskData extends ScreenData {
	snapshot: KioskSnapshot;
}

/** The return station page's load data: the screen's snapshot and what is not kept with it. */
export interface ReturnData extends ScreenData {
	snapshot: ReturnSnapshot;
}
