/**
 * A counter order as a card on the board (pure): the platform's order (spec 2, minor units) with
 * the menu's product names, the amount to collect, the stage, and the steps staff can take.
 */
import type {
	CounterBoardOrder,
	CounterOrderAction,
	BoardOrderLine,
	BoardStage,
	OrderStepProblem
} from '#lib/shared/order-board.ts';
import type { OrderStatus } from '@venue-kiosk/vocabulary/platform-vocabulary.ts';
import type { Translated } from '#lib/shared/translated.ts';
import type { CounterOrder, OrderItem } from '../platform/counter-orders.ts';
import type { StoredCounterOrder } from './counter-order-repository.ts';
import { stepsFor } from './order-steps.ts';

const STAGE_OF_STATUS: Record<OrderStatus, BoardStage> = {
	// NEW: payment still processing (no callback yet); shown with nothing to do.
	NEW: 'approve',
	APPROVABLE: 'approve',
	APPROVED: 'preparing',
	DONE: 'ready',
	COMPLETED: 'done',
	LEFT: 'done',
	REJECTED: 'done',
	CANCELLED: 'done'
};

export function stageOf(status: OrderStatus): BoardStage {
	return STAGE_OF_STATUS[status];
}

/**
 * What staff collect at the counter: every `externalPayment` of the order — items and their
 * modifiers ("excluding modifiers", so each counted on its own), the tip's and the delivery
 * fee's (spec 2 field meanings). Each wire item is one unit, so the amounts add up as they are.
 */
export function amountToCollect(order: CounterOrder): number {
	let total = order.tip.externalPaymentMinor + (order.deliveryOption?.externalPaymentMinor ?? 0);
	for (const item of order.items) {
		total += item.externalPaymentMinor;
		for (const modifier of item.modifiers) total += modifier.externalPaymentMinor;
	}
	return total;
}

/** Identical units (product, takeaway, modifiers) as one line with a quantity, first seen first. */
export function groupLines(
	items: OrderItem[],
	nameOf: (productId: string) => Translated | null
): BoardOrderLine[] {
	const lines = new Map<string, BoardOrderLine>();
	for (const item of items) {
		const modifierIds = item.modifiers.map((modifier) => modifier.productId);
		const key = JSON.stringify([item.productId, item.isTakeaway, [...modifierIds].sort()]);
		const line = lines.get(key);
		if (line) {
			line.quantity += 1;
			continue;
		}
		lines.set(key, {
			productId: item.productId,
			name: nameOf(item.productId),
			quantity: 1,
			takeaway: item.isTakeaway,
			modifiers: modifierIds.map((productId) => ({ productId, name: nameOf(productId) }))
		});
	}
	return [...lines.values()];
}

export interface CardContext {
	nameOf(productId: string): Translated | null;
	/** The step on its way to the platform, if any. */
	sending: CounterOrderAction | null;
	problem: { action: CounterOrderAction; reason: OrderStepProblem } | null;
	/** The ID check its products known to the menu call for (orders/order-board.ts), or none. */
	idCheck: CounterBoardOrder['idCheck'];
}

/** A counter order's key on the board and in the ID checks (orders/id-checks.ts). */
export const counterOrderKey = (orderId: string) => `app:${orderId}`;

export function counterOrderCard(
	stored: StoredCounterOrder,
	context: CardContext
): CounterBoardOrder {
	const { order } = stored;
	const buyer = order.buyerData;
	const address = order.deliveryAddressData;
	return {
		kind: 'counter',
		key: counterOrderKey(order.id),
		idCheck: context.idCheck,
		orderId: order.id,
		orderNumber: order.orderNumber,
		stage: stageOf(order.status),
		since: stored.receivedAt,
		lines: groupLines(order.items, context.nameOf),
		source: order.orderSource,
		status: order.status,
		transactionStatus: order.transactionStatus,
		paymentProcessor: order.paymentProcessor,
		currencyCode: order.currencyCode,
		collectMinor: amountToCollect(order),
		tipMinor: order.tip.tipMinor,
		desk: { id: order.desk.id, name: order.desk.name, type: order.desk.type },
		invoicingTypes: order.invoicingTypes,
		comment: order.userComment ?? null,
		rejectionMessage: order.rejectionMessage ?? null,
		delivery: order.deliveryOption
			? { type: order.deliveryOption.type, feeMinor: order.deliveryOption.deliveryOptionFeeMinor }
			: null,
		buyer: buyer
			? {
					name: buyer.name,
					companyName: buyer.companyName,
					taxNumber: buyer.taxNumber,
					address: `${buyer.address}, ${buyer.zipCode} ${buyer.city}, ${buyer.countryCode}`
				}
			: null,
		deliveryAddress: address
			? {
					name: address.name,
					address: `${address.address}, ${address.zipCode} ${address.city}, ${address.countryCode}`,
					comment: address.comment ?? null
				}
			: null,
		// While a step is on its way nothing else is offered: one step at a time per order.
		actions: context.sending ? [] : stepsFor(order),
		sending: context.sending,
		problem: context.problem
	};
}
