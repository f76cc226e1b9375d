/**
 * Every way a step of the sale can fail ends in a clear message and a defined next step on the
 * guest screen (never a stack trace, never a stuck screen). Pure: the session applies the plan.
 */
import type { CheckoutFailure } from '#lib/shared/checkout-failure.ts';
import type { MessageKey } from '#lib/shared/message.ts';

/**
 * Where a paid or half-paid sale stands when it did not simply complete (its state and problem,
 * read from the server): each is for staff, with what the guest is told.
 */
type SaleNotice =
	/** Still being completed in the background (the platform is slow or unreachable). */
	| 'payment-pending'
	/** The sale could not be paid after the card part was collected; the refund needs staff. */
	| 'card-refund-pending';

/**
 * A failure code of the JSON API, or what the browser saw instead of an answer ('network'), or
 * knew before asking (nothing is sent): the kiosk server cannot be reached now ('offline'), or the
 * platform's loyalty credits or deposits cannot ('loyalty-offline', 'deposits-offline').
 */
export type ApiFailure =
	| CheckoutFailure
	| SaleNotice
	| 'not-paired'
	| 'bad-request'
	| 'network'
	| 'offline'
	| 'loyalty-offline'
	| 'deposits-offline'
	| 'server';

export const API_FAILURES: readonly ApiFailure[] = [
	'sale-not-found',
	'sale-closed',
	'basket-invalid',
	'sold-out',
	'age-unconfirmed',
	'age-unattended',
	'key-format',
	'key-expired',
	'key-used',
	'key-other-venue',
	'insufficient-credit',
	'preview-expired',
	'menu-vat',
	'card-declined',
	'card-unavailable',
	'card-outcome-unknown',
	'platform-unavailable',
	'deposits-unavailable',
	'platform-refused',
	'out-of-order',
	'payment-pending',
	'card-refund-pending',
	'not-paired',
	'bad-request',
	'network',
	'server'
];

/** The step of the sale that failed. */
export type FailedStage = 'start' | 'scan' | 'pay';

/** Where the guest goes next. */
type NextStep = 'menu' | 'payment' | 'scan' | 'staff' | 'reload';

/**
 * Buttons offered with the message, besides what the next screen offers anyway (the scan screen
 * has "pay by card instead", the payment choice both ways to pay).
 */
export type ProblemAction = 'start-over';

/** The guest screen's failure messages (failure-messages.ts renders them by name). */
export type FailureMessage = Extract<MessageKey, `kiosk_failure_${string}`>;

export interface FailurePlan {
	message: FailureMessage;
	next: NextStep;
	actions: ProblemAction[];
	/** The sale cannot go on: forget it (a new one starts with the next payment choice). */
	clearSale: boolean;
	/**
	 * Reload the menu (something became unavailable) and drop what is gone from the basket (a
	 * sold-out product stays on the menu: its line stays, marked, for the guest to remove).
	 */
	refreshMenu: boolean;
}

const plan = (
	message: FailureMessage,
	next: NextStep,
	actions: ProblemAction[] = [],
	extra: Partial<Pick<FailurePlan, 'clearSale' | 'refreshMenu'>> = {}
): FailurePlan => ({
	message,
	next,
	actions,
	clearSale: extra.clearSale ?? false,
	refreshMenu: extra.refreshMenu ?? false
});

/**
 * Where the guest stands: the stage that failed, whether credits were part of the payment, and
 * whether this kiosk takes cards (without, no message sends the guest to the card).
 */
export interface FailureContext {
	stage: FailedStage;
	withCredits: boolean;
	cards: boolean;
}

export function planFor(failure: ApiFailure, context: FailureContext): FailurePlan {
	/** A message that offers the card, or the counter at a kiosk that takes no cards. */
	const orCard = (withCard: FailureMessage, withoutCard: FailureMessage) =>
		context.cards ? withCard : withoutCard;
	switch (failure) {
		case 'key-format':
			return plan('kiosk_failure_key_format', 'scan');
		case 'key-expired':
			return plan('kiosk_failure_key_expired', 'scan');
		case 'key-used':
			return plan('kiosk_failure_key_used', 'scan');
		case 'key-other-venue':
			return plan(
				orCard('kiosk_failure_key_other_venue', 'kiosk_failure_key_other_venue_no_card'),
				'scan'
			);
		case 'insufficient-credit':
			return plan(
				orCard('kiosk_failure_insufficient_credit', 'kiosk_failure_insufficient_credit_no_card'),
				'scan'
			);
		case 'preview-expired':
			return plan('kiosk_failure_preview_expired', 'scan');
		case 'menu-vat':
			return plan(orCard('kiosk_failure_menu_vat', 'kiosk_failure_menu_vat_no_card'), 'payment');
		case 'card-declined':
			return context.withCredits
				? plan('kiosk_failure_card_declined_credits', 'payment')
				: plan('kiosk_failure_card_declined', 'payment');
		case 'card-unavailable':
			return plan('kiosk_failure_card_unavailable', 'payment');
		case 'card-outcome-unknown':
			return plan('kiosk_failure_card_outcome_unknown', 'staff', ['start-over']);
		case 'payment-pending':
			return plan('kiosk_failure_payment_pending', 'staff', ['start-over']);
		case 'card-refund-pending':
			return plan('kiosk_failure_card_refund_pending', 'staff', ['start-over']);
		case 'platform-unavailable':
			return plan(
				orCard('kiosk_failure_platform_unavailable', 'kiosk_failure_platform_unavailable_no_card'),
				context.stage === 'scan' ? 'scan' : 'payment'
			);
		case 'platform-refused':
			return plan(
				orCard('kiosk_failure_platform_refused', 'kiosk_failure_platform_refused_no_card'),
				'payment'
			);
		case 'out-of-order':
			// Staff took the kiosk out of order meanwhile: the attract screen says so once the next
			// heartbeat brings it.
			return plan('kiosk_failure_offline', 'menu', [], { clearSale: true });
		case 'sale-closed':
		case 'sale-not-found':
			return plan('kiosk_failure_sale_closed', 'payment', [], { clearSale: true });
		case 'basket-invalid':
			return plan('kiosk_failure_basket_invalid', 'menu', [], {
				clearSale: true,
				refreshMenu: true
			});
		case 'sold-out':
			// The newest menu marks the line sold out in the basket: the guest removes it.
			return plan('kiosk_failure_sold_out', 'menu', [], { clearSale: true, refreshMenu: true });
		case 'age-unconfirmed':
			// The screen asks again when the guest goes to payment (a screen older than the rule).
			return plan('kiosk_failure_age_unconfirmed', 'menu', [], { clearSale: true });
		case 'age-unattended':
			// The newest menu of this kiosk no longer offers them: they leave the basket.
			return plan('kiosk_failure_age_unattended', 'menu', [], {
				clearSale: true,
				refreshMenu: true
			});
		case 'not-paired':
			return plan('kiosk_failure_generic', 'reload');
		case 'offline':
			// Ordering is paused; the menu stays browsable and the basket stays.
			return plan('kiosk_failure_offline', 'menu');
		case 'loyalty-offline':
			// Credits are paused: the card still works, where the kiosk takes cards.
			return plan(
				orCard('kiosk_failure_loyalty_offline', 'kiosk_failure_loyalty_offline_no_card'),
				'payment'
			);
		case 'deposits-offline':
		case 'deposits-unavailable':
			// No container can be issued: the basket stays, the guest may take the cups out.
			return plan('kiosk_failure_deposits_offline', 'menu');
		case 'network':
			return context.stage === 'scan'
				? plan('kiosk_failure_network', 'scan')
				: plan('kiosk_failure_network', 'payment');
		case 'bad-request':
		case 'server':
			return context.stage === 'scan'
				? plan('kiosk_failure_generic', 'scan')
				: plan('kiosk_failure_generic', 'payment');
	}
}
