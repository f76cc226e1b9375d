/**
 * The typed platform client against the simulator over HTTP: counter orders and desks (spec 2).
 * spec 2 shows no errorCode values, so errors are asserted by status (and the shared 401/403
 * codes); the order's amounts come back in minor units of its currency.
 */
import { describe, expect, it } from 'vitest';
import {
	collectsAtCounter,
	CounterOrderErrorCode,
	CounterOrderStatusCode,
	isCounterOrderError
} from '#lib/server/platform/counter-orders.ts';
import { PlatformRequestError } from '#lib/server/platform/errors.ts';
import { caught, clientFor, expectApiError, strangerClient } from './client-support.ts';
import { useSimulator } from './harness.ts';

const T0 = Date.parse('2025-06-14T18:00:00.000Z');
const sim = useSimulator({ wallClock: () => T0 });
const board = () => clientFor(sim, 'dev_board_main');

async function place(body: Record<string, unknown> = {}, confirm = true): Promise<string> {
	const placed = await sim.control('POST', '/_sim/counter-orders', {
		placeId: 'place_main_stage',
		...body
	});
	expect(placed.status, JSON.stringify(placed.body)).toBe(201);
	if (confirm) {
		const confirmed = await sim.control(
			'POST',
			`/_sim/counter-orders/${placed.body.id}/confirm-payment`
		);
		expect(confirmed.status).toBe(200);
	}
	return placed.body.id;
}

describe('counter orders: the six operations', () => {
	it('getOrder: the typed order in minor units', async () => {
		const id = await place({
			items: [
				{
					productId: 'drink_pils',
					quantity: 2,
					modifiers: [{ productId: 'drink_water', discount: 0.5 }]
				},
				{ productId: 'drink_coffee', isTakeaway: true, discount: 0.2 }
			],
			tip: 1.5,
			userComment: 'No ice',
			metadata: { table: '4' },
			deliveryOption: { type: 'TAKEAWAY', deliveryOptionFee: 0.99, vat: 19 }
		});
		const order = await board().counterOrders.getOrder(id);
		expect(order).toMatchObject({
			id,
			orderNumber: 'M-001',
			status: 'APPROVABLE',
			transactionStatus: 'UNPAID',
			paymentProcessor: 'EXTERNAL_MANUAL',
			currencyCode: 'EUR',
			orderSource: 'MOBILE',
			tip: { tipMinor: 150, externalPaymentMinor: 150 },
			desk: { id: 'desk_main_counter', type: 'COUNTER', enabled: true },
			invoicingTypes: ['PLACE_RECEIPT'],
			userComment: 'No ice',
			metadata: { table: '4' },
			deliveryOption: {
				type: 'TAKEAWAY',
				deliveryOptionFeeMinor: 99,
				externalPaymentMinor: 99,
				vat: 19
			}
		});
		expect(order.createdAt).toBe('2025-06-14T18:00:00.000Z');
		expect(collectsAtCounter(order)).toBe(true);
		expect(order.items).toHaveLength(3);
		expect(order.items[0]).toEqual({
			productId: 'drink_pils',
			unitPriceMinor: 550,
			discountMinor: 0,
			externalPaymentMinor: 550,
			vat: 19,
			isTakeaway: false,
			modifiers: [
				{
					productId: 'drink_water',
					unitPriceMinor: 300,
					discountMinor: 50,
					externalPaymentMinor: 250,
					vat: 7
				}
			]
		});
		expect(order.items[2]).toMatchObject({
			unitPriceMinor: 320,
			discountMinor: 20,
			externalPaymentMinor: 300,
			vat: 5.5,
			isTakeaway: true
		});
	});

	it('the typical flow: finalize payment, approve, done, completed', async () => {
		const id = await place();
		const client = board();
		expect((await client.counterOrders.finalizeExternalPayment(id)).transactionStatus).toBe(
			'PAID_EXTERNALLY'
		);
		const approved = await client.counterOrders.updateStatus(id, { status: 'APPROVED' });
		expect(approved).toMatchObject({ status: 'APPROVED', approvedAt: '2025-06-14T18:00:00.000Z' });
		expect(
			(await client.counterOrders.updateStatus(id, { status: 'DONE' })).finishedAt
		).toBeDefined();
		expect((await client.counterOrders.updateStatus(id, { status: 'COMPLETED' })).status).toBe(
			'COMPLETED'
		);
	});

	it('a failed counter payment is reported, then the order rejected with a reason', async () => {
		const id = await place();
		const client = board();
		expect((await client.counterOrders.cancelExternalPayment(id)).transactionStatus).toBe('FAILED');
		const rejected = await client.counterOrders.updateStatus(id, {
			status: 'REJECTED',
			rejectionMessage: 'Card declined'
		});
		expect(rejected).toMatchObject({ status: 'REJECTED', rejectionMessage: 'Card declined' });
	});

	it('an in-app order: provider name as payment processor, captured on approval', async () => {
		const id = await place({ paymentProcessor: 'PROVIDER_A', invoicingType: 'PLATFORM_INVOICE' });
		const order = await board().counterOrders.updateStatus(id, { status: 'APPROVED' });
		expect(order).toMatchObject({
			paymentProcessor: 'PROVIDER_A',
			transactionStatus: 'CAPTURED',
			invoicingTypes: ['PLATFORM_INVOICE']
		});
		expect(collectsAtCounter(order)).toBe(false);
	});

	it('listDesks and changeDeskStatuses (one, several)', async () => {
		const client = board();
		expect((await client.counterOrders.listDesks()).map((desk) => [desk.id, desk.enabled])).toEqual(
			[
				['desk_main_counter', true],
				['desk_main_table_1', true],
				['desk_main_table_2', false]
			]
		);
		const opened = await client.counterOrders.changeDeskStatuses({
			deskIds: ['desk_main_table_2'],
			enabled: true
		});
		expect(opened).toEqual([
			{ id: 'desk_main_table_2', name: 'Table 2', type: 'TABLE', enabled: true }
		]);
		const closed = await client.counterOrders.changeDeskStatuses({
			deskIds: ['desk_main_table_1', 'desk_main_counter'],
			enabled: false
		});
		expect(closed.map((desk) => [desk.id, desk.enabled])).toEqual([
			['desk_main_table_1', false],
			['desk_main_counter', false]
		]);
		expect((await client.counterOrders.listDesks()).map((desk) => desk.enabled)).toEqual([
			false,
			false,
			true
		]);
	});
});

describe('counter orders: errors by status', () => {
	it('404 for an unknown order', async () => {
		const error = await expectApiError(board().counterOrders.getOrder('ord_999999'), 404);
		expect(isCounterOrderError(error, CounterOrderStatusCode.notFound)).toBe(true);
	});

	it('400 for an invalid transition (APPROVABLE → DONE), and for a repeated status', async () => {
		const id = await place();
		await expectApiError(board().counterOrders.updateStatus(id, { status: 'DONE' }), 400);
		await board().counterOrders.updateStatus(id, { status: 'APPROVED' });
		await expectApiError(board().counterOrders.updateStatus(id, { status: 'APPROVED' }), 400);
	});

	it('400 for a payment report on an order not collected at the counter', async () => {
		const id = await place({ paymentProcessor: 'PROVIDER_B' });
		await expectApiError(board().counterOrders.finalizeExternalPayment(id), 400);
	});

	it('403 for an order or a desk of another place', async () => {
		const id = await place({ placeId: 'place_garden' });
		await expectApiError(board().counterOrders.getOrder(id), 403);
		await expectApiError(
			board().counterOrders.changeDeskStatuses({
				deskIds: ['desk_garden_counter'],
				enabled: false
			}),
			403
		);
	});

	it('404 for an unknown desk', async () => {
		await expectApiError(
			board().counterOrders.changeDeskStatuses({ deskIds: ['desk_nowhere'], enabled: true }),
			404
		);
	});

	it('401 UNAUTHORIZED for an unknown key; 403 EXTERNAL_DEVICE_HAS_NO_RIGHT_AUTHORITY without ORDER', async () => {
		await expectApiError(
			strangerClient(sim).counterOrders.listDesks(),
			401,
			CounterOrderErrorCode.unauthorized
		);
		await expectApiError(
			clientFor(sim, 'dev_kiosk_main').counterOrders.listDesks(),
			403,
			CounterOrderErrorCode.noRightAuthority
		);
	});

	it('a too-long rejection message and repeated desk ids are refused locally', async () => {
		const id = await place();
		const long = await caught(
			board().counterOrders.updateStatus(id, {
				status: 'REJECTED',
				rejectionMessage: 'x'.repeat(2001)
			})
		);
		expect(long).toBeInstanceOf(PlatformRequestError);
		const repeated = await caught(
			board().counterOrders.changeDeskStatuses({
				deskIds: ['desk_main_counter', 'desk_main_counter'],
				enabled: true
			})
		);
		expect(repeated).toBeInstanceOf(PlatformRequestError);
		expect((await board().counterOrders.getOrder(id)).status).toBe('APPROVABLE');
	});
});
