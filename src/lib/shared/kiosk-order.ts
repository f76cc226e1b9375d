/** A kiosk order as the order board shows it (shared by the server and the board screen). */
import type { Translated } from './translated.ts';

export const KIOSK_ORDER_STATUSES = ['new', 'ready', 'collected'] as const;
export type KioskOrderStatus = (typeof KIOSK_ORDER_STATUSES)[number];

export interface KioskOrder {
	saleId: string;
	orderNumber: string;
	kioskName: string;
	/** When the guest started the order (ISO time). */
	orderedAt: string;
	status: KioskOrderStatus;
	/** Each with the options chosen for it (sizes, extras, "no onions"), in menu order. */
	lines: {
		productId: string;
		name: Translated;
		options: { id: string; name: Translated }[];
		quantity: number;
	}[];
	/** Reusable containers that go with the order, per category; `name` is the platform's. */
	containers: { categoryId: string; name: string; quantity: number }[];
	/** The age the sale needs (age-limits.ts), 0 for none: staff check the ID at handover. */
	minAge: number;
	/** Staff recorded the ID check (the order may be collected). */
	idChecked: boolean;
}

export interface KioskOrderBoard {
	open: KioskOrder[];
	collected: KioskOrder[];
}
