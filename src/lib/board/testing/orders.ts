/** Board orders for the specs: only what a spec sets differs from a plain order. */
import type {
	CounterBoardOrder,
	BoardOrderLine,
	KioskBoardOrder
} from '#lib/shared/order-board.ts';

export function counterOrder(fields: Partial<CounterBoardOrder> = {}): CounterBoardOrder {
	const orderId = fields.orderId ?? 'ord_1';
	return {
		kind: 'counter',
		key: `app:${orderId}`,
		orderNumber: '1',
		stage: 'approve',
		since: '2026-11-23T12:00:00.000Z',
		lines: [],
		idCheck: null,
		orderId,
		source: 'MOBILE',
		status: 'APPROVABLE',
		transactionStatus: 'CAPTURED',
		paymentProcessor: 'STRIPE',
		currencyCode: 'EUR',
		collectMinor: 0,
		tipMinor: 0,
		desk: { id: 'desk_1', name: 'Counter', type: 'COUNTER' },
		invoicingTypes: [],
		comment: null,
		rejectionMessage: null,
		delivery: null,
		buyer: null,
		deliveryAddress: null,
		actions: ['approve', 'reject'],
		sending: null,
		problem: null,
		...fields
	};
}

export function kioskOrder(fields: Partial<KioskBoardOrder> = {}): KioskBoardOrder {
	const saleId = fields.saleId ?? 'sale_1';
	return {
		kind: 'kiosk',
		key: `kiosk:${saleId}`,
		orderNumber: '1',
		stage: 'preparing',
		since: '2026-11-23T12:00:00.000Z',
		lines: [],
		idCheck: null,
		saleId,
		kioskName: 'Kiosk 1',
		status: 'new',
		containers: [],
		next: 'ready',
		previous: null,
		...fields
	};
}

/** A line of `quantity` units of product `productId` (named "<productId> (en)" unless null). */
export function line(
	productId: string,
	quantity: number,
	{ takeaway = false, modifiers = [] as string[], named = true } = {}
): BoardOrderLine {
	return {
		productId,
		name: named ? { en: `${productId} (en)`, de: `${productId} (de)` } : null,
		quantity,
		takeaway,
		modifiers: modifiers.map((id) => ({ productId: id, name: { en: id, de: `${id} (de)` } }))
	};
}
