/**
 * What the guest screen works with: the menu as the kiosk's load gives it, the screen's settings,
 * and the sale as the JSON API answers it (types only: nothing here reaches the browser bundle
 * from the server modules).
 */
import type { OptionGroup } from '#lib/shared/product-options.ts';
import type { Language, Translated } from '#lib/server/catalog/product.ts';
import type { CheckoutFailure } from '#lib/server/sales/checkout.ts';
import type { SaleView } from '#lib/server/sales/sale-view.ts';
import type { CardTerminalKind } from '#lib/server/terminal/kiosk-terminals.ts';

import type { KioskSnapshot } from '#lib/shared/screen-snapshot.ts';

export type { CardTerminalKind, CheckoutFailure, Language, SaleView, Translated };

/** The deposit a product's container carries (from the cached deposit configuration). */
export interface ProductDeposit {
	categoryId: string;
	/** The container category's name, as the platform gives it (one language). */
	name: string;
	unitMinor: number;
	/** Hours to return the container for the refund. */
	expirationHours: number;
}

/** A product the guest can order (available, sorted as the menu is), as the server lists it. */
export interface MenuItem {
	id: string;
	category: string;
	name: Translated;
	description: Partial<Record<Language, string>>;
	grossMinor: number;
	currencyCode: string;
	image: string | null;
	/** What the guest chooses with it; absent in snapshots kept by an older version. */
	options?: OptionGroup[];
}

/** A menu item with the deposit its container carries, as the guest screen shows it. */
export interface MenuProduct extends MenuItem {
	/** Non-null when the product comes in a returnable container. */
	deposit: ProductDeposit | null;
	options: OptionGroup[];
}

export interface KioskSettingsView {
	idleSeconds: number;
	creditPaymentType: 'SPLIT_PAYMENT' | 'CREDIT';
	serviceFeeMinor: number;
	/** Offered once per sale before paying; absent in snapshots kept by an older version. */
	suggestedProductId?: string | null;
	/** The kiosk's receipt printer; none, or absent in older snapshots: the browser prints. */
	printer?: 'auto' | 'on-request' | null;
	/**
	 * How the kiosk takes cards: its ZVT terminal, demo mode's on-screen terminal, or none (null,
	 * or absent in a snapshot kept by an older version): card payments are off.
	 */
	cardTerminal?: CardTerminalKind;
}

/** The kiosk page's load data: the screen's snapshot and what is not kept with it. */
export interface KioskData {
	device: { id: string; name: string };
	snapshot: KioskSnapshot;
	/** Demo mode's `?idle=N`: the idle time in seconds instead of the settings' (kiosk/idle.ts). */
	idleOverride: number | null;
	demo: boolean;
	hasPin: boolean;
}

/** What the guest screen shows, from the newest snapshot it has (kiosk-view.ts). */
export interface KioskView {
	identity: {
		organization: string;
		place: string;
		avatar: string | null;
		avatarClip: string | null;
	} | null;
	features: { deposits: boolean; loyalty: boolean };
	products: MenuProduct[];
	settings: KioskSettingsView;
}

/** One line of the guest's basket: what they chose, nothing else (prices come from the menu). */
export interface BasketLine {
	productId: string;
	/** The chosen choices' ids, sorted (basket.ts lineKey): the same choice is the same line. */
	options: string[];
	quantity: number;
}
