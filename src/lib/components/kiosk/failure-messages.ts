/**
 * The guest screen's failure messages, each imported by name: the bundle carries only these. (A
 * lookup by key, translate() in shared/message.ts, would carry the whole catalogue, the setup
 * pages' messages included.) A new failure message that is missing here does not compile.
 */
import type { FailureMessage, ProblemAction } from '#lib/kiosk/failures.ts';
import { m } from '#lib/paraglide/messages.js';

export const FAILURE_MESSAGES: Record<FailureMessage, () => string> = {
	kiosk_failure_basket_invalid: m.kiosk_failure_basket_invalid,
	kiosk_failure_sold_out: m.kiosk_failure_sold_out,
	kiosk_failure_age_unconfirmed: m.kiosk_failure_age_unconfirmed,
	kiosk_failure_age_unattended: m.kiosk_failure_age_unattended,
	kiosk_failure_card_declined: m.kiosk_failure_card_declined,
	kiosk_failure_card_declined_credits: m.kiosk_failure_card_declined_credits,
	kiosk_failure_card_outcome_unknown: m.kiosk_failure_card_outcome_unknown,
	kiosk_failure_card_refund_pending: m.kiosk_failure_card_refund_pending,
	kiosk_failure_card_unavailable: m.kiosk_failure_card_unavailable,
	kiosk_failure_deposits_offline: m.kiosk_failure_deposits_offline,
	kiosk_failure_generic: m.kiosk_failure_generic,
	kiosk_failure_insufficient_credit: m.kiosk_failure_insufficient_credit,
	kiosk_failure_insufficient_credit_no_card: m.kiosk_failure_insufficient_credit_no_card,
	kiosk_failure_key_expired: m.kiosk_failure_key_expired,
	kiosk_failure_key_format: m.kiosk_failure_key_format,
	kiosk_failure_key_other_venue: m.kiosk_failure_key_other_venue,
	kiosk_failure_key_other_venue_no_card: m.kiosk_failure_key_other_venue_no_card,
	kiosk_failure_key_used: m.kiosk_failure_key_used,
	kiosk_failure_loyalty_offline: m.kiosk_failure_loyalty_offline,
	kiosk_failure_loyalty_offline_no_card: m.kiosk_failure_loyalty_offline_no_card,
	kiosk_failure_menu_vat: m.kiosk_failure_menu_vat,
	kiosk_failure_menu_vat_no_card: m.kiosk_failure_menu_vat_no_card,
	kiosk_failure_network: m.kiosk_failure_network,
	kiosk_failure_offline: m.kiosk_failure_offline,
	kiosk_failure_payment_pending: m.kiosk_failure_payment_pending,
	kiosk_failure_platform_refused: m.kiosk_failure_platform_refused,
	kiosk_failure_platform_refused_no_card: m.kiosk_failure_platform_refused_no_card,
	kiosk_failure_platform_unavailable: m.kiosk_failure_platform_unavailable,
	kiosk_failure_platform_unavailable_no_card: m.kiosk_failure_platform_unavailable_no_card,
	kiosk_failure_preview_expired: m.kiosk_failure_preview_expired,
	kiosk_failure_sale_closed: m.kiosk_failure_sale_closed
};

/** The buttons offered with a message. */
export const PROBLEM_ACTION_LABELS: Record<ProblemAction, () => string> = {
	'start-over': m.kiosk_start_over
};
