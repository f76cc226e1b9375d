import { describe, expect, it } from 'vitest';
import { CreditErrorCode, type CreditItem } from './credits.ts';
import {
	PlatformApiError,
	PlatformMalformedResponseError,
	PlatformRequestError,
	PlatformTimeoutError
} from './errors.ts';
import {
	category,
	counterOrder,
	creditTransaction,
	desk,
	externalDevice
} from './testing/fixtures.ts';
import { envelope, json, networkFailure, type Step } from './testing/fake-fetch.ts';
import { failure, fakeClient } from './testing/fake-client.ts';

const API_KEY = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJkZXYifQ.c2lnbmF0dXJl';
const CODE = 'K7QX2M9RTW4HZP8NCV3BFJ6LYD5SG1AE0UXK2M7Q';
const KEY = '0a1b2c3d4e5f60718293a4b5c6d7e8f9';

function setup(...steps: Step[]) {
	return fakeClient(steps, { apiKey: API_KEY, timeoutMs: 30 });
}

const pils: CreditItem = {
	productId: 'drink_pils',
	name: 'Pilsner 0.4 l',
	quantity: 2,
	unitPriceMinor: 550,
	vat: 19
};
const deposit: CreditItem = {
	productId: null,
	name: 'Cup deposit',
	quantity: 1,
	unitPriceMinor: 200,
	vat: 0
};

const previewRequest = {
	transactionKey: KEY.slice(1),
	idempotencyKey: 'checkout-42:0a1b',
	paymentType: 'SPLIT_PAYMENT' as const,
	currencyCode: 'EUR',
	items: [pils, deposit]
};

const transactionResponse = {
	id: 'hrtx_000001',
	createdAt: '2026-11-22T10:00:00.000Z',
	code: CODE,
	sequenceNumber: '000001',
	categorySummaries: [
		{
			hybridRevoTokenCategory: category(),
			activeItemCount: 2,
			expiresAt: '2026-11-24T10:00:00.000Z'
		}
	]
};

describe('requests: paths, bodies, headers, minor units → JSON numbers', () => {
	it('identity.getExternalDevice', async () => {
		const { client, calls } = setup(json(externalDevice()));
		const device = await client.identity.getExternalDevice();
		expect(device.organization.name).toBe('Riverside Open Air');
		expect(calls[0]).toMatchObject({
			method: 'GET',
			url: 'https://platform.test/v1/integrations/me'
		});
	});

	it('deposits: configuration, create (array body), preview and validate with an encoded code', async () => {
		const { client, calls } = setup(
			json({ revoTokenProducts: [], hybridRevoTokenProducts: [] }),
			json(transactionResponse, 201),
			json([{ category: category(), activeItemCount: 2 }]),
			json([{ category: category(), validatedCount: 2, remainingItemCount: 0 }])
		);
		await client.deposits.getConfiguration();
		const created = await client.deposits.createTransaction([
			{ productId: 'drink_pils', quantity: 2 }
		]);
		expect(created.categorySummaries[0]?.depositMinor).toBe(400);
		await client.deposits.previewTransaction(CODE);
		const returned = await client.deposits.validateTransaction(CODE, [
			{ hybridRevoTokenCategoryId: 'cat_cup', quantity: 2 }
		]);
		expect(returned[0]?.refundMinor).toBe(400);
		expect(
			calls.map(({ method, url, body }) => [method, url.replace('https://platform.test', ''), body])
		).toEqual([
			['GET', '/v1/integrations/revo-union-configurations', undefined],
			[
				'POST',
				'/v1/integrations/hybrid-revo-token-transactions',
				[{ productId: 'drink_pils', quantity: 2 }]
			],
			['GET', `/v1/integrations/hybrid-revo-token-transactions/${CODE}/preview`, undefined],
			[
				'POST',
				`/v1/integrations/hybrid-revo-token-transactions/${CODE}/validate`,
				[{ hybridRevoTokenCategoryId: 'cat_cup', quantity: 2 }]
			]
		]);
	});

	it('credits.preview pads the key, sends both headers and major-unit numbers', async () => {
		const { client, calls } = setup(json(creditTransaction(), 201));
		const transaction = await client.credits.preview(previewRequest);
		expect(transaction.totalCreditsMinor).toBe(845);
		expect(calls[0]).toMatchObject({
			method: 'POST',
			url: 'https://platform.test/v3/integrations/credit-transactions/preview',
			headers: { 'x-transaction-key': KEY, 'x-idempotency-key': 'checkout-42:0a1b' },
			body: {
				paymentType: 'SPLIT_PAYMENT',
				currencyCode: 'EUR',
				items: [
					{ productId: 'drink_pils', name: 'Pilsner 0.4 l', quantity: 2, unitPrice: 5.5, vat: 19 },
					{ productId: null, name: 'Cup deposit', quantity: 1, unitPrice: 2, vat: 0 }
				]
			}
		});
	});

	it('credits: update (/v1), finalize (/v3, no body), cancel (/v1), refund (/v1, comment)', async () => {
		const { client, calls } = setup(json(creditTransaction()));
		await client.credits.update('ctx_1', {
			currencyCode: 'EUR',
			newItems: [{ productId: null, name: 'Service fee', quantity: 1, unitPriceMinor: 99, vat: 19 }]
		});
		await client.credits.finalize('ctx_1');
		await client.credits.cancel('ctx_1');
		await client.credits.refund('ctx_1', { comment: 'wrong beer' });
		await client.credits.refund('ctx_1');
		expect(calls.map(({ url, body }) => [url.replace('https://platform.test', ''), body])).toEqual([
			[
				'/v1/integrations/credit-transactions/ctx_1/update',
				{
					currencyCode: 'EUR',
					newItems: [
						{ productId: null, name: 'Service fee', quantity: 1, unitPrice: 0.99, vat: 19 }
					]
				}
			],
			['/v3/integrations/credit-transactions/ctx_1/finalize', undefined],
			['/v1/integrations/credit-transactions/ctx_1/cancel', undefined],
			['/v1/integrations/credit-transactions/ctx_1/refund', { comment: 'wrong beer' }],
			['/v1/integrations/credit-transactions/ctx_1/refund', {}]
		]);
	});

	it('credits.finalize accepts an empty, a non-JSON or a differently shaped body', async () => {
		for (const response of [
			new Response(null, { status: 200 }),
			new Response('OK', { status: 200 }),
			json({ result: 'FINALIZED' })
		]) {
			const { client } = setup(response);
			expect(await client.credits.finalize('ctx_1')).toBeNull();
		}
		const { client } = setup(json(creditTransaction()));
		expect((await client.credits.finalize('ctx_1'))?.totalCreditsMinor).toBe(845);
	});

	it('counter orders: get, status, payment reports, desks', async () => {
		const { client, calls } = setup(
			json(counterOrder()),
			json(counterOrder({ status: 'REJECTED', rejectionMessage: 'Sold out' })),
			json(counterOrder()),
			json(counterOrder()),
			json([desk]),
			json([desk])
		);
		const order = await client.counterOrders.getOrder('ord/1');
		expect(order.tip.tipMinor).toBe(150);
		await client.counterOrders.updateStatus('ord_1', {
			status: 'REJECTED',
			rejectionMessage: 'Sold out'
		});
		await client.counterOrders.finalizeExternalPayment('ord_1');
		await client.counterOrders.cancelExternalPayment('ord_1');
		await client.counterOrders.listDesks();
		await client.counterOrders.changeDeskStatuses({
			deskIds: ['desk_main_counter'],
			enabled: false
		});
		expect(
			calls.map(({ method, url, body }) => [method, url.replace('https://platform.test', ''), body])
		).toEqual([
			['GET', '/v1/integrations/counter-orders/ord%2F1', undefined],
			[
				'PUT',
				'/v1/integrations/counter-orders/ord_1/status',
				{ status: 'REJECTED', rejectionMessage: 'Sold out' }
			],
			['PUT', '/v1/integrations/counter-orders/ord_1/finalize-external-payment', undefined],
			['PUT', '/v1/integrations/counter-orders/ord_1/cancel-external-payment', undefined],
			['GET', '/v1/integrations/me/desks', undefined],
			['PUT', '/v1/integrations/desks/status', { deskIds: ['desk_main_counter'], enabled: false }]
		]);
	});

	it('a response breaking the contract surfaces as PlatformMalformedResponseError (uncertain)', async () => {
		const { client } = setup(json(counterOrder({ status: 'SHIPPED' })));
		const error = await failure(client.counterOrders.getOrder('ord_1'));
		expect(error).toBeInstanceOf(PlatformMalformedResponseError);
		expect(error.outcome).toBe('uncertain');
		expect(error.problems).toEqual([expect.stringMatching(/^status: /)]);
	});
});

describe('retries seen from the resources (every operation × failure: retry-policies.spec.ts)', () => {
	const lost = networkFailure('ECONNRESET');
	const unavailable = envelope(503, 'SERVICE_UNAVAILABLE');

	it('a lost deposit create surfaces as a timeout with outcome uncertain', async () => {
		const { client } = setup('hang');
		const error = await failure(
			client.deposits.createTransaction([{ productId: 'p', quantity: 1 }])
		);
		expect(error).toBeInstanceOf(PlatformTimeoutError);
		expect(error.outcome).toBe('uncertain');
	});

	it('a 500 on finalize is retried: one 500 must not leave the goods unpaid', async () => {
		const { client, calls } = setup(envelope(500, 'INTERNAL_ERROR'), json(creditTransaction()));
		const finalized = await client.credits.finalize('ctx_1');
		expect(finalized?.totalCreditsMinor).toBe(845);
		expect(calls).toHaveLength(2);
	});

	it('credits.preview sends the same idempotency and transaction key on every attempt', async () => {
		const { client, calls } = setup(lost, 'hang', unavailable, json(creditTransaction(), 201));
		await client.credits.preview(previewRequest);
		expect(calls).toHaveLength(4);
		for (const call of calls) {
			expect(call.headers['x-idempotency-key']).toBe('checkout-42:0a1b');
			expect(call.headers['x-transaction-key']).toBe(KEY);
			expect(call.body).toEqual(calls[0]?.body);
		}
	});

	it('an INSUFFICIENT_CREDIT refusal is not retried and is typed by errorCode', async () => {
		const { client, calls } = setup(envelope(400, 'INSUFFICIENT_CREDIT'));
		const error = await failure(
			client.credits.preview({ ...previewRequest, paymentType: 'CREDIT' })
		);
		expect(error).toBeInstanceOf(PlatformApiError);
		expect(error.errorCode).toBe(CreditErrorCode.insufficientCredit);
		expect(calls).toHaveLength(1);
	});
});

describe('local request validation: fails fast, nothing sent', () => {
	const cases: [string, (c: any) => Promise<unknown>, string[]][] = [
		[
			'a key with non-hex characters',
			(c) => c.credits.preview({ ...previewRequest, transactionKey: 'xyz' }),
			['transactionKey: invalid-characters']
		],
		[
			'a 33-character key',
			(c) => c.credits.preview({ ...previewRequest, transactionKey: `0${KEY}` }),
			['transactionKey: too-long']
		],
		[
			'an empty key',
			(c) => c.credits.preview({ ...previewRequest, transactionKey: '  ' }),
			['transactionKey: empty']
		],
		[
			'an empty idempotency key',
			(c) => c.credits.preview({ ...previewRequest, idempotencyKey: '' }),
			['idempotencyKey: must have 1 to 255 characters']
		],
		[
			'a 256-character idempotency key',
			(c) => c.credits.preview({ ...previewRequest, idempotencyKey: 'k'.repeat(256) }),
			['idempotencyKey: must have 1 to 255 characters']
		],
		[
			'an idempotency key with surrounding space',
			(c) => c.credits.preview({ ...previewRequest, idempotencyKey: ' k' }),
			['idempotencyKey: must be visible ASCII without surrounding spaces']
		],
		[
			'an unknown payment type',
			(c) => c.credits.preview({ ...previewRequest, paymentType: 'CASH' }),
			['paymentType: unknown payment type']
		],
		[
			'a lower-case currency',
			(c) => c.credits.preview({ ...previewRequest, currencyCode: 'eur' }),
			['currencyCode: must be an ISO 4217 currency code (^[A-Z]{3}$)']
		],
		[
			'no items',
			(c) => c.credits.preview({ ...previewRequest, items: [] }),
			['items: at least one item']
		],
		[
			'an unsupported VAT rate',
			(c) => c.credits.preview({ ...previewRequest, items: [{ ...pils, vat: 7.5 }] }),
			['items.0.vat: must be one of the supported VAT rates']
		],
		[
			'an empty name',
			(c) => c.credits.preview({ ...previewRequest, items: [{ ...pils, name: '' }] }),
			['items.0.name: must have 1 to 1000 characters']
		],
		[
			'a 1001-character name',
			(c) => c.credits.preview({ ...previewRequest, items: [{ ...pils, name: 'n'.repeat(1001) }] }),
			['items.0.name: must have 1 to 1000 characters']
		],
		[
			'a 256-character productId',
			(c) =>
				c.credits.preview({ ...previewRequest, items: [{ ...pils, productId: 'p'.repeat(256) }] }),
			['items.0.productId: must have 1 to 255 characters']
		],
		[
			'an empty productId',
			(c) => c.credits.preview({ ...previewRequest, items: [{ ...pils, productId: '' }] }),
			['items.0.productId: must have 1 to 255 characters']
		],
		[
			'quantity 0',
			(c) => c.credits.preview({ ...previewRequest, items: [{ ...pils, quantity: 0 }] }),
			['items.0.quantity: must be a number ≥ 1']
		],
		[
			'a fractional minor amount',
			(c) => c.credits.preview({ ...previewRequest, items: [{ ...pils, unitPriceMinor: 5.5 }] }),
			['items.0.unitPriceMinor: must be an integer from 0 to 9007199254740991']
		],
		[
			'update without new items',
			(c) => c.credits.update('ctx_1', { currencyCode: 'EUR', newItems: [] }),
			['newItems: at least one item']
		],
		[
			'update with an empty id',
			(c) => c.credits.update('', { currencyCode: 'EUR', newItems: [deposit] }),
			['transactionId: must be a non-empty string']
		],
		[
			'a 2001-character refund comment',
			(c) => c.credits.refund('ctx_1', { comment: 'c'.repeat(2001) }),
			['comment: must have 1 to 2000 characters']
		],
		[
			'an empty refund comment',
			(c) => c.credits.refund('ctx_1', { comment: '' }),
			['comment: must have 1 to 2000 characters']
		],
		[
			'a deposit create without items',
			(c) => c.deposits.createTransaction([]),
			['items: at least one item']
		],
		[
			'a deposit create with quantity 0',
			(c) => c.deposits.createTransaction([{ productId: 'p', quantity: 0 }]),
			['items.0.quantity: must be an integer from 1 to 2147483647']
		],
		[
			'a code of 39 characters',
			(c) => c.deposits.previewTransaction(CODE.slice(1)),
			['code: must be the 40-character transaction code']
		],
		[
			'a validate with quantity 0',
			(c) =>
				c.deposits.validateTransaction(CODE, [{ hybridRevoTokenCategoryId: 'c', quantity: 0 }]),
			['items.0.quantity: must be an integer from 1 to 2147483647']
		],
		[
			'a validate naming a category twice',
			(c) =>
				c.deposits.validateTransaction(CODE, [
					{ hybridRevoTokenCategoryId: 'c', quantity: 1 },
					{ hybridRevoTokenCategoryId: 'c', quantity: 1 }
				]),
			['items.1.hybridRevoTokenCategoryId: one entry per category']
		],
		[
			'a validate without items',
			(c) => c.deposits.validateTransaction(CODE, []),
			['items: at least one item']
		],
		[
			'a 2001-character rejection message',
			(c) =>
				c.counterOrders.updateStatus('ord_1', {
					status: 'REJECTED',
					rejectionMessage: 'r'.repeat(2001)
				}),
			['rejectionMessage: must have 0 to 2000 characters']
		],
		[
			'a rejection message with APPROVED',
			(c) => c.counterOrders.updateStatus('ord_1', { status: 'APPROVED', rejectionMessage: 'no' }),
			['rejectionMessage: only with status REJECTED']
		],
		[
			'a status the system sets',
			(c) => c.counterOrders.updateStatus('ord_1', { status: 'APPROVABLE' }),
			['status: must be one of APPROVED, REJECTED, LEFT, DONE, COMPLETED']
		],
		[
			'repeated desk ids',
			(c) => c.counterOrders.changeDeskStatuses({ deskIds: ['d1', 'd1'], enabled: true }),
			['deskIds: must be unique']
		],
		[
			'no desk ids',
			(c) => c.counterOrders.changeDeskStatuses({ deskIds: [], enabled: true }),
			['deskIds: at least one']
		],
		[
			'an empty order id',
			(c) => c.counterOrders.getOrder(''),
			['orderId: must be a non-empty string']
		]
	];

	it.each(cases)('%s', async (_, run, expected) => {
		const { client, calls } = setup(json({}));
		const error = await failure(run(client));
		expect(error).toBeInstanceOf(PlatformRequestError);
		expect(error).toMatchObject({ kind: 'invalid-request', outcome: 'known', problems: expected });
		expect(calls).toHaveLength(0);
	});

	it('accepts the boundaries: 255-char idempotency key, 2000-char comment and message, 1000-char name', async () => {
		const { client, calls } = setup(json(creditTransaction(), 201));
		await client.credits.preview({
			...previewRequest,
			idempotencyKey: 'k'.repeat(255),
			items: [{ ...pils, name: 'n'.repeat(1000), productId: 'p'.repeat(255) }]
		});
		await client.credits.refund('ctx_1', { comment: 'c'.repeat(2000) });
		const orders = setup(json(counterOrder()));
		await orders.client.counterOrders.updateStatus('ord_1', {
			status: 'REJECTED',
			rejectionMessage: 'r'.repeat(2000)
		});
		expect(calls).toHaveLength(2);
		expect(orders.calls).toHaveLength(1);
	});
});

describe('the API key never leaves the transport', () => {
	const scenarios: [string, Step[], (c: any) => Promise<unknown>][] = [
		['an API error', [envelope(401, 'AUTHORIZATION')], (c) => c.identity.getExternalDevice()],
		[
			'an envelope-less 500',
			[new Response('boom', { status: 500 })],
			(c) => c.credits.update('ctx_1', { currencyCode: 'EUR', newItems: [deposit] })
		],
		['a timeout', ['hang'], (c) => c.deposits.createTransaction([{ productId: 'p', quantity: 1 }])],
		[
			'a refused connection',
			[networkFailure('ECONNREFUSED')],
			(c) => c.deposits.createTransaction([{ productId: 'p', quantity: 1 }])
		],
		[
			'a lost connection after retries',
			[networkFailure('ECONNRESET')],
			(c) => c.credits.finalize('ctx_1')
		],
		['a malformed response', [json({ nope: true })], (c) => c.identity.getExternalDevice()],
		[
			'a non-JSON success',
			[new Response('<html>', { status: 200 })],
			(c) => c.counterOrders.listDesks()
		],
		[
			'an invalid request',
			[],
			(c) => c.credits.preview({ ...previewRequest, transactionKey: 'nope' })
		],
		[
			'a fetch failure whose message quotes the key',
			[new TypeError(`Headers.append: "${API_KEY}" is an invalid header value.`)],
			(c) => c.identity.getExternalDevice()
		]
	];

	it.each(scenarios)(
		'%s: JSON, String, inspect and the cause chain are free of the key',
		async (_, steps, run) => {
			const { client } = setup(...(steps.length ? steps : [json({})]));
			const error = await failure(run(client));
			const { inspect } = await import('node:util');
			const texts = [
				JSON.stringify(error),
				String(error),
				error.stack ?? '',
				inspect(error, { showHidden: true, depth: 10 }),
				JSON.stringify(Object.getOwnPropertyNames(error).map((name) => String(error[name])))
			];
			for (let cause = error.cause; cause; cause = cause.cause) {
				texts.push(String(cause), inspect(cause, { showHidden: true, depth: 10 }));
			}
			for (const text of texts) expect(text).not.toContain(API_KEY);
			expect(Object.keys(client)).toEqual(['identity', 'deposits', 'credits', 'counterOrders']);
			expect(JSON.stringify(client)).not.toContain(API_KEY);
			expect(inspect(client, { showHidden: true, depth: 10 })).not.toContain(API_KEY);
		}
	);
});
