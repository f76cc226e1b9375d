/**
 * What the ordering screen works with beyond what the server sends (#lib/shared/screen-snapshot.ts,
 * #lib/shared/sale-view.ts): the menu with each product's deposit, the screen's view, the basket.
 */
import type { GuestLanguages } from '#lib/shared/guest-languages.ts';
import type { AdditiveNames } from '#lib/shared/food-fact-labels.ts';
import type { FoodFacts } from '#lib/shared/food-facts.ts';
import type { OptionGroup } from '#lib/shared/product-options.ts';
import type { KioskSettingsView, MenuItem } from '#lib/shared/screen-snapshot.ts';
import type { StaffNames } from '#lib/shared/translated.ts';

/** The deposit a product's container carries (from the cached deposit configuration). */
interface ProductDeposit {
	categoryId: string;
	/** The container category's name, as the platform gives it (one language). */
	name: string;
	/** The names staff gave it per language (#lib/shared/format.ts containerName). */
	names?: StaffNames;
	unitMinor: number;
	/** Hours to return the container for the refund. */
	expirationHours: number;
}

/** A menu item with the deposit its container carries, as the guest screen shows it. */
export interface MenuProduct extends MenuItem {
	/** Non-null when the product comes in a returnable container. */
	deposit: ProductDeposit | null;
	options: OptionGroup[];
	facts: FoodFacts;
	additiveNames: AdditiveNames;
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
	/** The languages the venue offers its guests. */
	languages: GuestLanguages;
}

/** One line of the guest's basket: what they chose, nothing else (prices come from the menu). */
export interface BasketLine {
	productId: string;
	/** The chosen choices' ids, sorted (basket.ts lineKey): the same choice is the same line. */
	options: string[];
	quantity: number;
}
