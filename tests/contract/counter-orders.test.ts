/**
 * Contract tests of the counter-order API (spec 2): the order-status table, the transaction
 * status, the Order resource, access rules and the 503 of the status endpoint. The clock is
 * pinned, so every timestamp is exact.
 */
import { describe, expect, it } from 'vitest';
import { errorCodeOf, useSimulator, type HttpResult } from './harness.ts';

const T0 = Date.parse('2025-06-14T18:00:00.000Z');
const sim = useSimulator({ wallClock: () => T0 });

const MAIN = 'place_main_stage';
const GARDEN = 'place_garden';
const BOARD = 'dev_board_main';
const GARDEN_BOARD = 'dev_board_garden';
const ORDERS = '/v1/integrations/counter-orders';

type Status =
	'NEW' | 'APPROVABLE' | 'APPROVED' | 'REJECTED' | 'DONE' | 'COMPLETED' | 'LEFT' | 'CANCELLED';
const ALL_STATUSES: Status[] = [
	'NEW',
	'APPROVABLE',
	'APPROVED',
	'REJECTED',
	'DONE',
	'COMPLETED',
	'LEFT',
	'CANCELLED'
];
const UPDATABLE = ['APPROVED', 'REJECTED', 'LEFT', 'DONE', 'COMPLETED'] as const;
/** spec 2 order-status table: the transitions the external system may make. */
const VALID_UPDATES: [Status, Status][] = [
	['APPROVABLE', 'APPROVED'],
	['APPROVABLE', 'REJECTED'],
	['APPROVED', 'DONE'],
	['APPROVED', 'LEFT'],
	['DONE', 'COMPLETED'],
	['DONE', 'LEFT']
];
const INVALID_UPDATES = ALL_STATUSES.flatMap((from) =>
	UPDATABLE.filter((to) => !VALID_UPDATES.some(([f, t]) => f === from && t === to)).map(
		(to) => [from, to] as [Status, Status]
	)
);

async function place(body: Record<string, unknown> = {}): Promise<any> {
	const result = await sim.control('POST', '/_sim/counter-orders', { placeId: MAIN, ...body });
	expect(result.status, JSON.stringify(result.body)).toBe(201);
	return result.body;
}

async function confirm(orderId: string): Promise<HttpResult> {
	return sim.control('POST', `/_sim/counter-orders/${orderId}/confirm-payment`);
}

function setStatus(
	orderId: string,
	status: string,
	extra: Record<string, unknown> = {},
	deviceId: string | null = BOARD
): Promise<HttpResult> {
	return sim.call(deviceId, 'PUT', `${ORDERS}/${orderId}/status`, { body: { status, ...extra } });
}

function getOrder(orderId: string, deviceId: string | null = BOARD): Promise<HttpResult> {
	return sim.call(deviceId, 'GET', `${ORDERS}/${orderId}`);
}

function payment(orderId: string, action: 'finalize' | 'cancel', deviceId: string | null = BOARD) {
	return sim.call(deviceId, 'PUT', `${ORDERS}/${orderId}/${action}-external-payment`);
}

async function expectOk(result: Promise<HttpResult>): Promise<any> {
	const settled = await result;
	expect(settled.status, JSON.stringify(settled.body)).toBe(200);
	return settled.body;
}

/** Paths through the table to reach each status (spec 2 "States and transitions"). */
const PATHS: Record<Status, string[]> = {
	NEW: [],
	APPROVABLE: ['confirm'],
	APPROVED: ['confirm', 'APPROVED'],
	REJECTED: ['confirm', 'REJECTED'],
	DONE: ['confirm', 'APPROVED', 'DONE'],
	COMPLETED: ['confirm', 'APPROVED', 'DONE', 'COMPLETED'],
	LEFT: ['confirm', 'APPROVED', 'LEFT'],
	CANCELLED: ['cancel']
};

async function orderIn(status: Status, body: Record<string, unknown> = {}): Promise<any> {
	const order = await place(body);
	for (const step of PATHS[status]) {
		if (step === 'confirm') await expectOk(confirm(order.id));
		else if (step === 'cancel')
			await expectOk(sim.control('POST', `/_sim/counter-orders/${order.id}/cancel`));
		else await expectOk(setStatus(order.id, step));
	}
	const current = await expectOk(getOrder(order.id));
	expect(current.status).toBe(status);
	return current;
}

async function advanceMinutes(minutes: number): Promise<string> {
	const result = await sim.control('POST', '/_sim/clock', { advanceMinutes: minutes });
	return result.body.now;
}

function expectError(
	result: HttpResult,
	status: number,
	errorCode: string,
	descriptors?: string[]
) {
	expect(result.status, JSON.stringify(result.body)).toBe(status);
	expect(result.body).toEqual({
		errorModel: {
			errorCode,
			message: expect.any(String),
			descriptors: descriptors ?? expect.any(Array)
		}
	});
}

const seedProduct = (productId: string) => {
	const found = sim.seed.products.find((product) => product.productId === productId);
	if (!found) throw new Error(`no seed product ${productId}`);
	return found;
};

describe('spec 2 · order status table (PUT …/status, updateCounterOrderStatusByIntegration)', () => {
	it('spec 2 States: "(start) customer places order → NEW" — a fresh order is NEW, no optional timestamps', async () => {
		const order = await place();
		expect(order.status).toBe('NEW');
		expect(order.createdAt).toBe(new Date(T0).toISOString());
		for (const field of ['approvedAt', 'rejectedAt', 'finishedAt', 'completedAt', 'leftAt']) {
			expect(order).not.toHaveProperty(field);
		}
	});

	it('spec 2 States: "NEW → payment confirmed (system) → APPROVABLE"', async () => {
		const order = await place();
		const result = await confirm(order.id);
		expect(result.status).toBe(200);
		expect(result.body.status).toBe('APPROVABLE');
		expect((await getOrder(order.id)).body.status).toBe('APPROVABLE');
	});

	it('spec 2 States: "NEW → customer cancels (system) → CANCELLED, terminal"', async () => {
		const order = await place();
		const result = await sim.control('POST', `/_sim/counter-orders/${order.id}/cancel`);
		expect(result.status).toBe(200);
		expect(result.body.status).toBe('CANCELLED');
		expect((await getOrder(order.id)).body.status).toBe('CANCELLED');
	});

	it.each([
		[
			'APPROVABLE',
			'APPROVED',
			'approvedAt',
			'status update APPROVED → APPROVED (customer notified of acceptance)'
		],
		['APPROVABLE', 'REJECTED', 'rejectedAt', 'status update REJECTED → REJECTED (terminal)'],
		['APPROVED', 'DONE', 'finishedAt', 'status update DONE → DONE (order is ready)'],
		['APPROVED', 'LEFT', 'leftAt', 'status update LEFT, customer abandoned → LEFT'],
		['DONE', 'COMPLETED', 'completedAt', 'status update COMPLETED, customer picked up → COMPLETED'],
		['DONE', 'LEFT', 'leftAt', 'status update LEFT, customer abandoned → LEFT']
	] as [Status, Status, string, string][])(
		'spec 2 States: %s → %s sets %s from the clock (%s)',
		async (from, to, timestamp) => {
			const order = await orderIn(from);
			const now = await advanceMinutes(7);
			const result = await setStatus(order.id, to);
			expect(result.status).toBe(200);
			expect(result.body.status).toBe(to);
			expect(result.body[timestamp]).toBe(now);
			expect(result.body.createdAt).toBe(order.createdAt);
			// The answer is the stored order.
			expect((await getOrder(order.id)).body).toEqual(result.body);
		}
	);

	it('spec 2 States: the whole happy path stamps each step at its own time', async () => {
		const order = await orderIn('APPROVABLE');
		const approvedAt = await advanceMinutes(1);
		await expectOk(setStatus(order.id, 'APPROVED'));
		const finishedAt = await advanceMinutes(12);
		await expectOk(setStatus(order.id, 'DONE'));
		const completedAt = await advanceMinutes(3);
		const done = await expectOk(setStatus(order.id, 'COMPLETED'));
		expect(done).toMatchObject({ status: 'COMPLETED', approvedAt, finishedAt, completedAt });
		expect(done.approvedAt).toBe('2025-06-14T18:01:00.000Z');
		expect(done.finishedAt).toBe('2025-06-14T18:13:00.000Z');
		expect(done.completedAt).toBe('2025-06-14T18:16:00.000Z');
		expect(done).not.toHaveProperty('leftAt');
		expect(done).not.toHaveProperty('rejectedAt');
	});

	it.each(INVALID_UPDATES)(
		'spec 2 States: "An invalid transition yields 400" — %s → %s is refused and changes nothing',
		async (from, to) => {
			const order = await orderIn(from);
			const result = await setStatus(order.id, to);
			expectError(result, 400, 'INVALID_STATUS_TRANSITION', [from, to]);
			expect((await getOrder(order.id)).body).toEqual(order);
		}
	);

	it('covers every state × every settable status (34 invalid + 6 valid = 40)', () => {
		expect(INVALID_UPDATES).toHaveLength(34);
		expect(INVALID_UPDATES.length + VALID_UPDATES.length).toBe(
			ALL_STATUSES.length * UPDATABLE.length
		);
	});

	it.each(['CANCELLED', 'REJECTED', 'LEFT', 'COMPLETED'] as Status[])(
		'spec 2 "Terminal states: CANCELLED, REJECTED, LEFT, COMPLETED" — %s accepts no status',
		async (terminal) => {
			const order = await orderIn(terminal);
			for (const to of UPDATABLE) {
				expect(errorCodeOf(await setStatus(order.id, to))).toBe('INVALID_STATUS_TRANSITION');
			}
			expect((await getOrder(order.id)).body.status).toBe(terminal);
		}
	);

	it.each(ALL_STATUSES.filter((status) => status !== 'NEW'))(
		'control API: payment confirmation or customer cancel from %s (not NEW) → 409 and no change',
		async (from) => {
			const order = await orderIn(from);
			expectError(await confirm(order.id), 409, 'INVALID_STATUS_TRANSITION', [from, 'APPROVABLE']);
			const cancel = await sim.control('POST', `/_sim/counter-orders/${order.id}/cancel`);
			expectError(cancel, 409, 'INVALID_STATUS_TRANSITION', [from, 'CANCELLED']);
			expect((await getOrder(order.id)).body).toEqual(order);
		}
	);

	it('spec 2 body: status must be one of APPROVED, REJECTED, LEFT, DONE, COMPLETED (APPROVABLE, NEW, CANCELLED, junk → 400)', async () => {
		const order = await orderIn('APPROVABLE');
		for (const status of ['APPROVABLE', 'NEW', 'CANCELLED', 'approved', '', 42, null]) {
			expectError(await setStatus(order.id, status as string), 400, 'VALIDATION_FAILED');
		}
		expect((await getOrder(order.id)).body.status).toBe('APPROVABLE');
	});

	it('spec 2 "400 (malformed body …)": no body, a non-object, invalid JSON, unknown fields → 400', async () => {
		const order = await orderIn('APPROVABLE');
		const path = `${ORDERS}/${order.id}/status`;
		expectError(await sim.call(BOARD, 'PUT', path), 400, 'VALIDATION_FAILED');
		expectError(
			await sim.call(BOARD, 'PUT', path, { body: ['APPROVED'] }),
			400,
			'VALIDATION_FAILED'
		);
		const invalid = await sim.call(BOARD, 'PUT', path, {
			rawBody: '{"status":',
			headers: { 'content-type': 'application/json' }
		});
		expectError(invalid, 400, 'MALFORMED_JSON');
		expectError(await setStatus(order.id, 'APPROVED', { note: 'x' }), 400, 'VALIDATION_FAILED');
		expect((await getOrder(order.id)).body.status).toBe('APPROVABLE');
	});
});

describe('spec 2 · rejectionMessage ("Only with REJECTED; at most 2000 characters")', () => {
	it('REJECTED with a reason stores it on the order', async () => {
		const order = await orderIn('APPROVABLE');
		const result = await setStatus(order.id, 'REJECTED', { rejectionMessage: 'Kitchen closed' });
		expect(result.status).toBe(200);
		expect(result.body).toMatchObject({ status: 'REJECTED', rejectionMessage: 'Kitchen closed' });
		expect((await getOrder(order.id)).body.rejectionMessage).toBe('Kitchen closed');
	});

	it('REJECTED without a reason (it is optional) has no rejectionMessage field', async () => {
		const order = await orderIn('APPROVABLE');
		const body = await expectOk(setStatus(order.id, 'REJECTED'));
		expect(body.status).toBe('REJECTED');
		expect(body).not.toHaveProperty('rejectionMessage');
	});

	it('spec 2 Limits: exactly 2000 characters are accepted', async () => {
		const order = await orderIn('APPROVABLE');
		const reason = 'x'.repeat(2000);
		const body = await expectOk(setStatus(order.id, 'REJECTED', { rejectionMessage: reason }));
		expect(body.rejectionMessage).toBe(reason);
	});

	it('spec 2 Limits: 2001 characters → 400 VALIDATION_FAILED, the order stays APPROVABLE', async () => {
		const order = await orderIn('APPROVABLE');
		const result = await setStatus(order.id, 'REJECTED', { rejectionMessage: 'x'.repeat(2001) });
		expectError(result, 400, 'VALIDATION_FAILED');
		expect(result.body.errorModel.descriptors[0]).toMatch(/^rejectionMessage: /);
		expect((await getOrder(order.id)).body).toEqual(order);
	});

	it('characters are counted as code points: 2000 emoji pass, 2001 do not (our reading of "characters")', async () => {
		const order = await orderIn('APPROVABLE');
		const over = await setStatus(order.id, 'REJECTED', { rejectionMessage: '🍺'.repeat(2001) });
		expectError(over, 400, 'VALIDATION_FAILED');
		const body = await expectOk(
			setStatus(order.id, 'REJECTED', { rejectionMessage: '🍺'.repeat(2000) })
		);
		expect([...body.rejectionMessage]).toHaveLength(2000);
	});

	it('rejectionMessage: null counts as absent, with REJECTED and with any other status', async () => {
		const approved = await orderIn('APPROVABLE');
		expect((await setStatus(approved.id, 'APPROVED', { rejectionMessage: null })).status).toBe(200);
		const rejected = await orderIn('APPROVABLE');
		const body = await expectOk(setStatus(rejected.id, 'REJECTED', { rejectionMessage: null }));
		expect(body.status).toBe('REJECTED');
		expect(body).not.toHaveProperty('rejectionMessage');
	});

	it.each(['APPROVED', 'DONE', 'LEFT', 'COMPLETED'])(
		'a rejectionMessage with status %s → 400 VALIDATION_FAILED ("Only with REJECTED")',
		async (status) => {
			const from: Status =
				status === 'APPROVED' ? 'APPROVABLE' : status === 'COMPLETED' ? 'DONE' : 'APPROVED';
			const order = await orderIn(from);
			const result = await setStatus(order.id, status, { rejectionMessage: 'why' });
			expectError(result, 400, 'VALIDATION_FAILED', [
				'rejectionMessage: only allowed with status REJECTED'
			]);
			expect((await getOrder(order.id)).body).toEqual(order);
		}
	);
});

describe('spec 2 · transaction status', () => {
	it('EXTERNAL_MANUAL: UNPAID at NEW and APPROVABLE; "UNPAID → finalize-external-payment → PAID_EXTERNALLY"', async () => {
		const order = await place({ paymentProcessor: 'EXTERNAL_MANUAL' });
		expect(order.transactionStatus).toBe('UNPAID');
		expect((await confirm(order.id)).body.transactionStatus).toBe('UNPAID');
		const paid = await expectOk(payment(order.id, 'finalize'));
		expect(paid).toMatchObject({ status: 'APPROVABLE', transactionStatus: 'PAID_EXTERNALLY' });
		expect((await getOrder(order.id)).body.transactionStatus).toBe('PAID_EXTERNALLY');
	});

	it('finalize-external-payment twice: the retry answers 200 with the order unchanged', async () => {
		const order = await orderIn('APPROVABLE');
		const first = await expectOk(payment(order.id, 'finalize'));
		const second = await expectOk(payment(order.id, 'finalize'));
		expect(second).toEqual(first);
	});

	it('"UNPAID → cancel-external-payment → not shown": we answer FAILED (our choice); a retry is 200 unchanged', async () => {
		const order = await orderIn('APPROVABLE');
		const failed = await expectOk(payment(order.id, 'cancel'));
		expect(failed).toMatchObject({ status: 'APPROVABLE', transactionStatus: 'FAILED' });
		expect(await expectOk(payment(order.id, 'cancel'))).toEqual(failed);
	});

	it('a FAILED payment cannot be finalized; a PAID_EXTERNALLY one cannot be cancelled (400 INVALID_TRANSACTION_STATUS)', async () => {
		const failed = await orderIn('APPROVABLE');
		await expectOk(payment(failed.id, 'cancel'));
		expectError(await payment(failed.id, 'finalize'), 400, 'INVALID_TRANSACTION_STATUS', [
			'FAILED',
			'APPROVABLE'
		]);
		const paid = await orderIn('APPROVABLE');
		await expectOk(payment(paid.id, 'finalize'));
		expectError(await payment(paid.id, 'cancel'), 400, 'INVALID_TRANSACTION_STATUS', [
			'PAID_EXTERNALLY',
			'APPROVABLE'
		]);
		expect((await getOrder(failed.id)).body.transactionStatus).toBe('FAILED');
		expect((await getOrder(paid.id)).body.transactionStatus).toBe('PAID_EXTERNALLY');
	});

	it('a NEW EXTERNAL_MANUAL order can already be reported paid (the callback has not come yet)', async () => {
		const order = await place();
		const body = await expectOk(payment(order.id, 'finalize'));
		expect(body).toMatchObject({ status: 'NEW', transactionStatus: 'PAID_EXTERNALLY' });
	});

	it('payment at pickup: finalize-external-payment also works on APPROVED and DONE orders', async () => {
		for (const status of ['APPROVED', 'DONE'] as Status[]) {
			const order = await orderIn(status);
			const body = await expectOk(payment(order.id, 'finalize'));
			expect(body).toMatchObject({ status, transactionStatus: 'PAID_EXTERNALLY' });
		}
	});

	it.each([
		['CANCELLED', 'finalize'],
		['CANCELLED', 'cancel'],
		['REJECTED', 'finalize'],
		['REJECTED', 'cancel']
	] as [Status, 'finalize' | 'cancel'][])(
		'a %s order takes no external-payment report (%s → 400 INVALID_TRANSACTION_STATUS)',
		async (status, action) => {
			const order = await orderIn(status);
			expectError(await payment(order.id, action), 400, 'INVALID_TRANSACTION_STATUS', [
				'UNPAID',
				status
			]);
			expect((await getOrder(order.id)).body).toEqual(order);
		}
	);

	it.each(['PROVIDER_A', 'PROVIDER_B'])(
		'in-app %s: "UNPAID to AUTHORIZED to CAPTURED" — authorized on payment confirmation, captured on APPROVED',
		async (processor) => {
			const order = await place({ paymentProcessor: processor });
			expect(order.transactionStatus).toBe('UNPAID');
			expect((await confirm(order.id)).body.transactionStatus).toBe('AUTHORIZED');
			expect((await setStatus(order.id, 'APPROVED')).body.transactionStatus).toBe('CAPTURED');
			expect((await setStatus(order.id, 'DONE')).body.transactionStatus).toBe('CAPTURED');
			expect((await setStatus(order.id, 'COMPLETED')).body.transactionStatus).toBe('CAPTURED');
		}
	);

	it('in-app: "RELEASED (authorized payment released, e.g. order rejected …)"', async () => {
		const order = await orderIn('APPROVABLE', { paymentProcessor: 'PROVIDER_A' });
		expect(order.transactionStatus).toBe('AUTHORIZED');
		const rejected = await expectOk(
			setStatus(order.id, 'REJECTED', { rejectionMessage: 'Sold out' })
		);
		expect(rejected.transactionStatus).toBe('RELEASED');
	});

	it('in-app: "RELEASED (… or cancelled)" — a customer cancel releases the payment', async () => {
		const order = await place({ paymentProcessor: 'PROVIDER_B' });
		const cancelled = await sim.control('POST', `/_sim/counter-orders/${order.id}/cancel`);
		expect(cancelled.body).toMatchObject({ status: 'CANCELLED', transactionStatus: 'RELEASED' });
	});

	it('in-app: an abandoned (LEFT) order stays CAPTURED — the customer paid', async () => {
		const order = await orderIn('LEFT', { paymentProcessor: 'PROVIDER_A' });
		expect(order.transactionStatus).toBe('CAPTURED');
	});

	it('EXTERNAL_MANUAL: approving does not depend on payment; a REJECTED unpaid order stays UNPAID', async () => {
		const approved = await orderIn('APPROVED');
		expect(approved.transactionStatus).toBe('UNPAID');
		const rejected = await orderIn('REJECTED');
		expect(rejected.transactionStatus).toBe('UNPAID');
	});

	it.each([
		['EXTERNAL_AUTO', 'PAID_EXTERNALLY'],
		['NONE', 'PAYMENT_NOT_REQUIRED']
	])(
		'%s: transactionStatus is %s from placement through COMPLETED',
		async (processor, expected) => {
			const order = await place({ paymentProcessor: processor });
			expect(order.transactionStatus).toBe(expected);
			const completed = await orderIn('COMPLETED', { paymentProcessor: processor });
			expect(completed.transactionStatus).toBe(expected);
		}
	);

	it.each(['PROVIDER_A', 'PROVIDER_B', 'EXTERNAL_AUTO', 'NONE'])(
		'"finalize-external-payment (EXTERNAL_MANUAL orders)": a %s order → 400 PAYMENT_PROCESSOR_NOT_EXTERNAL on both reports',
		async (processor) => {
			const order = await orderIn('APPROVABLE', { paymentProcessor: processor });
			for (const action of ['finalize', 'cancel'] as const) {
				expectError(await payment(order.id, action), 400, 'PAYMENT_PROCESSOR_NOT_EXTERNAL', [
					processor
				]);
			}
			expect((await getOrder(order.id)).body).toEqual(order);
		}
	);
});

describe('spec 2 · the Order resource (IntegrationCounterOrderResponse)', () => {
	const REQUIRED = [
		'id',
		'createdAt',
		'orderNumber',
		'status',
		'transactionStatus',
		'paymentProcessor',
		'currencyCode',
		'tip',
		'items',
		'desk',
		'invoicingType',
		'orderSource'
	];

	it('has exactly the required fields when nothing optional is set, with the types of the table', async () => {
		const order = await place();
		expect(Object.keys(order).sort()).toEqual([...REQUIRED].sort());
		expect(order).toEqual({
			id: expect.stringMatching(/^ord_[0-9a-z]+_\d{6}$/),
			createdAt: '2025-06-14T18:00:00.000Z',
			orderNumber: 'M-001',
			status: 'NEW',
			transactionStatus: 'UNPAID',
			paymentProcessor: 'EXTERNAL_MANUAL',
			currencyCode: 'EUR',
			tip: { tip: 0, externalPayment: 0 },
			items: expect.any(Array),
			desk: { id: 'desk_main_counter', name: 'Bar counter', type: 'COUNTER', enabled: true },
			invoicingType: 'PLACE_RECEIPT',
			orderSource: 'MOBILE'
		});
	});

	it('default basket: two items from the place at the seed prices; EXTERNAL_MANUAL → externalPayment = unitPrice − discount', async () => {
		const order = await place();
		const pils = seedProduct('drink_pils');
		const bratwurst = seedProduct('food_bratwurst');
		expect(order.items).toEqual([
			{
				productId: 'drink_pils',
				unitPrice: 5.5,
				discount: 0,
				externalPayment: 5.5,
				vat: 19,
				isTakeaway: false,
				modifiers: []
			},
			{
				productId: 'food_bratwurst',
				unitPrice: 5,
				discount: 0,
				externalPayment: 5,
				vat: 7,
				isTakeaway: false,
				modifiers: []
			}
		]);
		expect([pils.grossPrice, pils.vat, bratwurst.grossPrice, bratwurst.vat]).toEqual([
			5.5, 19, 5, 7
		]);
	});

	it('items, modifiers, discount, tip: amounts in major units exactly as the seed prices; quantity becomes one item per unit', async () => {
		const order = await place({
			items: [
				{
					productId: 'drink_spritz',
					quantity: 2,
					discount: 0.85,
					modifiers: [{ productId: 'drink_water' }]
				},
				{
					productId: 'drink_coffee',
					isTakeaway: true,
					modifiers: [{ productId: 'food_pretzel', discount: 0.3 }]
				}
			],
			tip: 1.2
		});
		const spritz = {
			productId: 'drink_spritz',
			unitPrice: seedProduct('drink_spritz').grossPrice,
			discount: 0.85,
			externalPayment: 7.65,
			vat: 19,
			isTakeaway: false,
			modifiers: [
				{ productId: 'drink_water', unitPrice: 3, discount: 0, externalPayment: 3, vat: 7 }
			]
		};
		expect(spritz.unitPrice).toBe(8.5);
		expect(order.items).toEqual([
			spritz,
			spritz,
			{
				productId: 'drink_coffee',
				unitPrice: 3.2,
				discount: 0,
				externalPayment: 3.2,
				vat: 5.5,
				isTakeaway: true,
				modifiers: [
					{ productId: 'food_pretzel', unitPrice: 3, discount: 0.3, externalPayment: 2.7, vat: 7 }
				]
			}
		]);
		expect(order.tip).toEqual({ tip: 1.2, externalPayment: 1.2 });
	});

	it.each(['PROVIDER_A', 'PROVIDER_B', 'EXTERNAL_AUTO', 'NONE'])(
		'a %s order has nothing to collect outside the service: every externalPayment is 0',
		async (processor) => {
			const order = await place({
				paymentProcessor: processor,
				items: [{ productId: 'drink_pils', modifiers: [{ productId: 'drink_water' }] }],
				tip: 2,
				deliveryOption: { type: 'TAKEAWAY', deliveryOptionFee: 1.5 }
			});
			expect(order.paymentProcessor).toBe(processor);
			expect(order.items[0].unitPrice).toBe(5.5);
			expect(order.items[0].externalPayment).toBe(0);
			expect(order.items[0].modifiers[0].externalPayment).toBe(0);
			expect(order.tip).toEqual({ tip: 2, externalPayment: 0 });
			expect(order.deliveryOption.externalPayment).toBe(0);
		}
	);

	it('optional fields appear when set: userComment, metadata, deliveryOption, buyerData (nullable company fields), deliveryAddressData', async () => {
		const order = await place({
			orderSource: 'WEB',
			invoicingType: 'PLACE_INVOICE',
			userComment: 'No ice, please',
			metadata: { loyaltyTier: 'gold', table: '7' },
			deliveryOption: { id: 'dlv_home', type: 'HOME_DELIVERY', deliveryOptionFee: 3.9, vat: 19 },
			buyerData: {
				name: 'Alex Example',
				countryCode: 'DE',
				zipCode: '10557',
				city: 'Berlin',
				address: 'Uferweg 9',
				isCompany: false
			},
			deliveryAddressData: {
				name: 'Alex Example',
				countryCode: 'DE',
				zipCode: '10557',
				city: 'Berlin',
				address: 'Uferweg 9',
				lat: 52.52,
				lon: 13.36,
				comment: 'Ring twice'
			}
		});
		expect(order).toMatchObject({
			orderSource: 'WEB',
			invoicingType: 'PLACE_INVOICE',
			userComment: 'No ice, please',
			metadata: { loyaltyTier: 'gold', table: '7' },
			deliveryOption: {
				id: 'dlv_home',
				deliveryOptionFee: 3.9,
				externalPayment: 3.9,
				vat: 19,
				type: 'HOME_DELIVERY'
			}
		});
		expect(order.buyerData).toEqual({
			id: expect.any(String),
			name: 'Alex Example',
			countryCode: 'DE',
			zipCode: '10557',
			city: 'Berlin',
			address: 'Uferweg 9',
			isCompany: false,
			companyName: null,
			taxNumber: null
		});
		expect(order.deliveryAddressData).toEqual({
			id: expect.any(String),
			name: 'Alex Example',
			countryCode: 'DE',
			zipCode: '10557',
			city: 'Berlin',
			address: 'Uferweg 9',
			lat: 52.52,
			lon: 13.36,
			comment: 'Ring twice'
		});
		// GET answers the same resource.
		expect((await getOrder(order.id)).body).toEqual(order);
	});

	it('a company buyer carries companyName and taxNumber', async () => {
		const order = await place({
			invoicingType: 'PLATFORM_INVOICE',
			buyerData: {
				name: 'Sam Buyer',
				countryCode: 'AT',
				zipCode: '1010',
				city: 'Wien',
				address: 'Ring 1',
				isCompany: true,
				companyName: 'Event GmbH',
				taxNumber: 'ATU12345678'
			}
		});
		expect(order.invoicingType).toBe('PLATFORM_INVOICE');
		expect(order.buyerData).toMatchObject({
			isCompany: true,
			companyName: 'Event GmbH',
			taxNumber: 'ATU12345678'
		});
	});

	it('orderNumber is short and counts per place (M-001, M-002 at the main stage; G-001 in the garden)', async () => {
		const first = await place();
		const second = await place();
		const garden = await place({ placeId: GARDEN });
		expect([first.orderNumber, second.orderNumber, garden.orderNumber]).toEqual([
			'M-001',
			'M-002',
			'G-001'
		]);
		expect(new Set([first.id, second.id, garden.id]).size).toBe(3);
		expect(garden.desk.id).toBe('desk_garden_counter');
		expect(garden.items.map((item: { productId: string }) => item.productId)).toEqual([
			'drink_pils',
			'food_fries'
		]);
	});

	it('GET /_sim/counter-orders lists every order in the platform shape', async () => {
		const a = await place();
		const b = await place({ placeId: GARDEN });
		const list = await sim.control('GET', '/_sim/counter-orders');
		expect(list.status).toBe(200);
		expect(list.body).toEqual([a, b]);
	});

	it('control API refuses bad orders and changes nothing: unknown product, product of another place, unknown place, desk of another place, sub-cent amounts', async () => {
		const bad: [Record<string, unknown>, number, string][] = [
			[{ items: [{ productId: 'no_such_product' }] }, 400, 'VALIDATION_FAILED'],
			[{ items: [{ productId: 'food_fries' }] }, 400, 'VALIDATION_FAILED'],
			[{ items: [] }, 400, 'VALIDATION_FAILED'],
			[{ items: [{ productId: 'drink_pils', discount: 6 }] }, 400, 'VALIDATION_FAILED'],
			[{ tip: 0.005 }, 400, 'VALIDATION_FAILED'],
			[{ paymentProcessor: 'CASH' }, 400, 'VALIDATION_FAILED'],
			[{ placeId: 'place_nowhere' }, 404, 'PLACE_NOT_FOUND'],
			[{ deskId: 'desk_garden_counter' }, 400, 'DESK_NOT_IN_PLACE'],
			[{ deskId: 'desk_nowhere' }, 404, 'DESK_NOT_FOUND']
		];
		for (const [body, status, code] of bad) {
			const result = await sim.control('POST', '/_sim/counter-orders', { placeId: MAIN, ...body });
			expect([result.status, errorCodeOf(result)], JSON.stringify(body)).toEqual([status, code]);
		}
		expect((await sim.control('GET', '/_sim/counter-orders')).body).toEqual([]);
		expect((await place()).orderNumber).toBe('M-001');
	});

	it('control API: confirm-payment or cancel of an unknown order → 404 COUNTER_ORDER_NOT_FOUND', async () => {
		expectError(await confirm('ord_missing'), 404, 'COUNTER_ORDER_NOT_FOUND', ['ord_missing']);
		const cancel = await sim.control('POST', '/_sim/counter-orders/ord_missing/cancel');
		expectError(cancel, 404, 'COUNTER_ORDER_NOT_FOUND', ['ord_missing']);
	});
});

type Endpoint = [string, string, (orderId: string) => string, unknown?];
const ORDER_ENDPOINTS: Endpoint[] = [
	['getCounterOrderByIdByIntegration', 'GET', (id) => `${ORDERS}/${id}`],
	[
		'updateCounterOrderStatusByIntegration',
		'PUT',
		(id) => `${ORDERS}/${id}/status`,
		{ status: 'APPROVED' }
	],
	[
		'finalizeExternalCounterOrderPayment',
		'PUT',
		(id) => `${ORDERS}/${id}/finalize-external-payment`
	],
	['cancelExternalCounterOrderPayment', 'PUT', (id) => `${ORDERS}/${id}/cancel-external-payment`]
];
const ALL_ENDPOINTS: Endpoint[] = [
	...ORDER_ENDPOINTS,
	['getDesksForIntegration', 'GET', () => '/v1/integrations/me/desks'],
	[
		'changeDeskStatusesByIntegration',
		'PUT',
		() => '/v1/integrations/desks/status',
		{ deskIds: ['desk_main_table_1'], enabled: false }
	]
];

describe('spec 2 · Authentication and access', () => {
	it.each(ALL_ENDPOINTS)(
		'%s: missing, unknown or disabled key → 401 UNAUTHORIZED with empty descriptors (spec 2 Authentication 2)',
		async (_, method, path, body) => {
			const order = await orderIn('APPROVABLE');
			const attempts = [
				await sim.call(null, method, path(order.id), { body }),
				await sim.call(null, method, path(order.id), {
					body,
					headers: { 'X-API-Key': 'not.a-real.key' }
				}),
				await sim.call('dev_retired_main', method, path(order.id), { body })
			];
			for (const result of attempts) expectError(result, 401, 'UNAUTHORIZED', []);
			expect((await getOrder(order.id)).body).toEqual(order);
		}
	);

	it.each(ALL_ENDPOINTS)(
		'%s: a key without ORDER → 403 EXTERNAL_DEVICE_HAS_NO_RIGHT_AUTHORITY (spec 2 Authentication 3)',
		async (_, method, path, body) => {
			const order = await orderIn('APPROVABLE');
			const result = await sim.call('dev_kiosk_main', method, path(order.id), { body });
			expectError(result, 403, 'EXTERNAL_DEVICE_HAS_NO_RIGHT_AUTHORITY', ['ORDER']);
			expect((await getOrder(order.id)).body).toEqual(order);
		}
	);

	it.each(ORDER_ENDPOINTS)(
		'%s: an order of another place → 403 DEVICE_CANNOT_ACCESS_COUNTER_ORDER (spec 2 "Key without access to the order")',
		async (_, method, path, body) => {
			const order = await orderIn('APPROVABLE');
			const result = await sim.call(GARDEN_BOARD, method, path(order.id), { body });
			expectError(result, 403, 'DEVICE_CANNOT_ACCESS_COUNTER_ORDER', [order.id]);
			expect((await getOrder(order.id)).body).toEqual(order);
		}
	);

	it.each(ORDER_ENDPOINTS)(
		'%s: an unknown order id → 404 COUNTER_ORDER_NOT_FOUND (spec 2 Errors: "Order or desk not found")',
		async (_, method, path, body) => {
			const result = await sim.call(BOARD, method, path('ord_999999'), { body });
			expectError(result, 404, 'COUNTER_ORDER_NOT_FOUND', ['ord_999999']);
		}
	);

	it('the garden board reads its own orders, the main board does not', async () => {
		const garden = await place({ placeId: GARDEN });
		expect((await getOrder(garden.id, GARDEN_BOARD)).status).toBe(200);
		expect(errorCodeOf(await getOrder(garden.id, BOARD))).toBe(
			'DEVICE_CANNOT_ACCESS_COUNTER_ORDER'
		);
	});
});

describe('spec 2 · 503 on the status update ("safe to retry with backoff")', () => {
	it('two injected 503 leave the order unchanged; the third attempt succeeds', async () => {
		const order = await orderIn('APPROVABLE');
		const fault = await sim.control('POST', '/_sim/faults', {
			method: 'PUT',
			path: '/v1/integrations/counter-orders/*/status',
			mode: 'status',
			status: 503,
			count: 2
		});
		expect(fault.status).toBe(201);
		for (let attempt = 1; attempt <= 2; attempt += 1) {
			expectError(await setStatus(order.id, 'APPROVED'), 503, 'SERVICE_UNAVAILABLE');
			expect((await getOrder(order.id)).body).toEqual(order);
		}
		const third = await expectOk(setStatus(order.id, 'APPROVED'));
		expect(third.status).toBe('APPROVED');
		expect((await sim.control('GET', '/_sim/faults')).body).toEqual([]);
	});

	it('the fault path matches only the status endpoint: GET and finalize pass meanwhile', async () => {
		const order = await orderIn('APPROVABLE');
		await sim.control('POST', '/_sim/faults', {
			method: 'PUT',
			path: '/v1/integrations/counter-orders/*/status',
			mode: 'status',
			status: 503,
			count: 1
		});
		expect((await getOrder(order.id)).status).toBe(200);
		expect((await payment(order.id, 'finalize')).status).toBe(200);
		expect((await setStatus(order.id, 'APPROVED')).status).toBe(503);
		expect((await setStatus(order.id, 'APPROVED')).status).toBe(200);
	});

	it('a dropped reply still takes effect: the retry then meets INVALID_STATUS_TRANSITION, and GET shows the new status', async () => {
		const order = await orderIn('APPROVABLE');
		await sim.control('POST', '/_sim/faults', {
			method: 'PUT',
			path: `${ORDERS}/${order.id}/status`,
			mode: 'drop'
		});
		await expect(setStatus(order.id, 'APPROVED')).rejects.toThrow();
		expectError(await setStatus(order.id, 'APPROVED'), 400, 'INVALID_STATUS_TRANSITION', [
			'APPROVED',
			'APPROVED'
		]);
		expect((await getOrder(order.id)).body.status).toBe('APPROVED');
	});
});
