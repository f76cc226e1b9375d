/**
 * A counter order as the platform sends it: IntegrationCounterOrderResponse (spec 2, "Order").
 * Amounts leave as JSON numbers in major units, VAT rates as percentages (1900 bp → 19,
 * 550 bp → 5.5); optional fields appear only when set.
 */
import { fromMinor, scaledIntegerToDecimal } from '@venue-kiosk/vocabulary/money.ts';
import { serializeDesk } from '../identity/routes.ts';
import type { CounterOrder, Desk, OrderItem, OrderModifier, SimState } from '../state.ts';
import { isoTime } from '../state.ts';

/** VAT basis points → the spec's rate number (1900 → 19, 550 → 5.5). */
export function vatPercent(vatBp: number): number {
	return scaledIntegerToDecimal(vatBp, 2);
}

export function deskOf(state: SimState, deskId: string): Desk {
	const desk = state.desks.find((candidate) => candidate.id === deskId);
	if (!desk) throw new Error(`state defect: no desk ${deskId}`);
	return desk;
}

function serializeModifier(modifier: OrderModifier, currency: string) {
	return {
		productId: modifier.productId,
		unitPrice: fromMinor(modifier.unitPriceMinor, currency),
		discount: fromMinor(modifier.discountMinor, currency),
		externalPayment: fromMinor(modifier.externalPaymentMinor, currency),
		vat: vatPercent(modifier.vatBp)
	};
}

function serializeItem(item: OrderItem, currency: string) {
	return {
		...serializeModifier(item, currency),
		isTakeaway: item.isTakeaway,
		modifiers: item.modifiers.map((modifier) => serializeModifier(modifier, currency))
	};
}

function optionalTime(name: string, epochMs: number | undefined) {
	return epochMs === undefined ? {} : { [name]: isoTime(epochMs) };
}

export function serializeOrder(state: SimState, order: CounterOrder) {
	const currency = order.currencyCode;
	const { deliveryOption } = order;
	return {
		id: order.id,
		createdAt: isoTime(order.createdAt),
		orderNumber: order.orderNumber,
		status: order.status,
		transactionStatus: order.transactionStatus,
		paymentProcessor: order.paymentProcessor,
		currencyCode: currency,
		tip: {
			tip: fromMinor(order.tip.tipMinor, currency),
			externalPayment: fromMinor(order.tip.externalPaymentMinor, currency)
		},
		items: order.items.map((item) => serializeItem(item, currency)),
		desk: serializeDesk(deskOf(state, order.deskId)),
		invoicingType: order.invoicingType,
		orderSource: order.orderSource,
		...optionalTime('approvedAt', order.approvedAt),
		...optionalTime('rejectedAt', order.rejectedAt),
		...optionalTime('finishedAt', order.finishedAt),
		...optionalTime('completedAt', order.completedAt),
		...optionalTime('leftAt', order.leftAt),
		...(order.userComment !== undefined && { userComment: order.userComment }),
		...(order.rejectionMessage !== undefined && { rejectionMessage: order.rejectionMessage }),
		...(deliveryOption && {
			deliveryOption: {
				id: deliveryOption.id,
				deliveryOptionFee: fromMinor(deliveryOption.deliveryOptionFeeMinor, currency),
				externalPayment: fromMinor(deliveryOption.externalPaymentMinor, currency),
				vat: vatPercent(deliveryOption.vatBp),
				type: deliveryOption.type
			}
		}),
		...(order.metadata && { metadata: { ...order.metadata } }),
		...(order.buyerData && { buyerData: { ...order.buyerData } }),
		...(order.deliveryAddressData && { deliveryAddressData: { ...order.deliveryAddressData } })
	};
}

export type SerializedOrder = ReturnType<typeof serializeOrder>;
