/** Sale states, search statuses and payment kinds in the staff member's language. */
import { m } from '#lib/paraglide/messages.js';
import type { SaleState } from '#lib/shared/sale-states.ts';

const STATE_LABELS: Record<SaleState, () => string> = {
	quoted: m.sale_state_open,
	'credits-previewed': m.sale_state_open,
	'card-pending': m.sale_state_in_payment,
	'card-paid': m.sale_state_in_payment,
	paid: m.sale_state_paid,
	completed: m.sale_state_completed,
	abandoned: m.sale_state_abandoned,
	'needs-staff': m.sale_state_needs_staff
};

export const saleStateLabel = (state: string): string =>
	STATE_LABELS[state as SaleState]?.() ?? state;

const STATUS_LABELS = {
	paid: m.sale_status_paid,
	'needs-staff': m.sale_state_needs_staff,
	abandoned: m.sale_state_abandoned,
	unpaid: m.sale_status_unpaid
} as const;

export const saleStatusLabel = (status: keyof typeof STATUS_LABELS): string =>
	STATUS_LABELS[status]();

const PAYMENT_LABELS = {
	card: m.payment_kind_card,
	credits: m.payment_kind_credits,
	split: m.payment_kind_split
} as const;

export const paymentKindLabel = (kind: keyof typeof PAYMENT_LABELS): string =>
	PAYMENT_LABELS[kind]();
