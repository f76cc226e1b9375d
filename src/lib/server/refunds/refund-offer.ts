/**
 * What staff may refund of a sale now: its credits — all or nothing, spec 3's refund takes no
 * amount — while spec 3's window is open, and what is left of the card payment, in part or in
 * full. Pure: the earliest finalize time comes from the journal (finalize-time.ts).
 */
import type {
	CardRefundBlock,
	CardRefundOffer,
	CreditRefundBlock,
	CreditRefundOffer,
	RefundOffer
} from '#lib/shared/refunds.ts';
import { isPaid } from '#lib/shared/sale-states.ts';
import type { Sale } from '../sales/sale.ts';
import { REFUND_WINDOW_MS } from './lost-refund.ts';
import { cardGivenBackMinor, isOpenRefund } from './refund-records.ts';

/** Whether the sale is paid and done being saved by the checkout. */
function paidBlock(sale: Sale): 'not-paid' | 'in-payment' | null {
	if (isPaid(sale)) return null;
	// `paid`: credits finalized, containers still being issued — the checkout still saves it.
	return sale.state === 'paid' ? 'in-payment' : 'not-paid';
}

/**
 * `finalizedAt`: the earliest the platform can have finalized the sale's credit transaction
 * (null when it has none).
 */
/**
 * `partialCardRefunds`: whether the terminal that took the card payment gives back part of it
 * (terminal/payment-terminal.ts partialRefundsOf).
 */
export function refundOffer(
	sale: Sale,
	finalizedAt: Date | null,
	now: Date,
	partialCardRefunds: boolean
): RefundOffer {
	// One refund of a sale at a time: a card refund whose answer was lost is settled by reading
	// the terminal's total, which only works while no other refund of the payment is under way.
	const open = sale.refunds.some(isOpenRefund);
	const paid = paidBlock(sale);
	return {
		saleId: sale.id,
		currencyCode: sale.quote.currencyCode,
		credits: creditOffer(sale, finalizedAt, now, paid, open),
		card: cardOffer(sale, paid, open, partialCardRefunds)
	};
}

/** Why `cardMinor` (> 0) cannot be given back of the card now; null: it can. */
export function cardAmountProblem(
	card: CardRefundOffer,
	cardMinor: number
): CardRefundBlock | 'card-amount-too-high' | 'card-whole-only' | null {
	if (card.reason) return card.reason;
	if (cardMinor > card.remainingMinor) return 'card-amount-too-high';
	if (card.wholeOnly && cardMinor !== card.remainingMinor) return 'card-whole-only';
	return null;
}

function creditOffer(
	sale: Sale,
	finalizedAt: Date | null,
	now: Date,
	paid: 'not-paid' | 'in-payment' | null,
	open: boolean
): CreditRefundOffer {
	const amountMinor = sale.credits?.creditsMinor ?? 0;
	const timeLeftMs =
		finalizedAt === null
			? 0
			: Math.max(0, finalizedAt.getTime() + REFUND_WINDOW_MS - now.getTime());
	const reason = creditBlock(sale, amountMinor, finalizedAt, timeLeftMs, paid, open);
	return {
		amountMinor,
		refundable: reason === null,
		timeLeftMs: reason === null ? timeLeftMs : 0,
		reason
	};
}

function creditBlock(
	sale: Sale,
	amountMinor: number,
	finalizedAt: Date | null,
	timeLeftMs: number,
	paid: 'not-paid' | 'in-payment' | null,
	open: boolean
): CreditRefundBlock | null {
	if (paid) return paid;
	if (amountMinor === 0 || finalizedAt === null) return 'no-credits';
	const earlier = sale.refunds.filter((record) => record.kind === 'credits');
	if (earlier.some((record) => record.outcome === 'refunded')) return 'already-refunded';
	if (open) return 'refund-open';
	if (earlier.some((record) => record.outcome === 'needs-staff')) return 'refund-needs-staff';
	return timeLeftMs === 0 ? 'window-passed' : null;
}

function cardOffer(
	sale: Sale,
	paid: 'not-paid' | 'in-payment' | null,
	open: boolean,
	partialRefunds: boolean
): CardRefundOffer {
	const paidMinor = paid === 'not-paid' ? 0 : sale.cardPaidMinor;
	const refundedMinor = cardGivenBackMinor(sale);
	const remainingMinor = Math.max(0, paidMinor - refundedMinor);
	const reason = cardBlock(sale, paidMinor, remainingMinor, paid, open);
	return {
		paidMinor,
		refundedMinor,
		remainingMinor: reason === null ? remainingMinor : 0,
		wholeOnly: !partialRefunds,
		refundable: reason === null,
		reason
	};
}

function cardBlock(
	sale: Sale,
	paidMinor: number,
	remainingMinor: number,
	paid: 'not-paid' | 'in-payment' | null,
	open: boolean
): CardRefundBlock | null {
	if (paid) return paid;
	if (paidMinor === 0 || sale.payment === null) return 'no-card-payment';
	if (remainingMinor === 0) return 'fully-refunded';
	return open ? 'refund-open' : null;
}
