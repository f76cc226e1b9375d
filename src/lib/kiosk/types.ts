/**
 * What the guest screen works with: the menu as the kiosk's load gives it, the screen's settings,
 * and the sale as the JSON API answers it (types only: nothing here reaches the browser bundle
 * from the server modules).
 */
import type { Language, Translated } from '#lib/server/catalog/product.ts';
import type { CheckoutFailure } from '#lib/server/sales/checkout.ts';
import type { SaleView } from '#lib/server/sales/sale-view.ts';

export type { CheckoutFailure, Language, SaleView, Translated };

/** The deposit a product's container carries (from the cached deposit configuration). */
export interface ProductDeposit {
	categoryId: string;
	/** The container category's name, as the platform gives it (one language). */
	name: string;
	unitMinor: number;
	/** Hours to return the container for the refund. */
	expirationHours: number;
}

/** A product the guest can order (available, sorted as the menu is). */
export interface MenuProduct {
	id: string;
	category: string;
	name: Translated;
	description: Partial<Record<Language, string>>;
	grossMinor: number;
	currencyCode: string;
	image: string | null;
	/** Non-null when the product comes in a returnable container. */
	deposit: ProductDeposit | null;
}

export interface KioskSettingsView {
	idleSeconds: number;
	creditPaymentType: 'SPLIT_PAYMENT' | 'CREDIT';
	serviceFeeMinor: number;
}

/** The kiosk page's load data. */
export interface KioskData {
	device: { id: string; name: string };
	identity: { organization: string; place: string } | null;
	features: { deposits: boolean; loyalty: boolean };
	products: MenuProduct[];
	settings: KioskSettingsView;
	demo: boolean;
	hasPin: boolean;
}

/** One line of the guest's basket: what they chose, nothing else (prices come from the menu). */
export interface BasketLine {
	productId: string;
	quantity: number;
}
