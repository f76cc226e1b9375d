/**
 * spec 3 · update, finalize, cancel, refund: every row of "States and transitions", the wallet
 * balance behind each move, the lifetimes of "Limits", authorization on every endpoint and the
 * simulator's fault modes on a credit endpoint.
 */
import { describe, expect, it } from 'vitest';
import {
	advance,
	balanceOf,
	expectError,
	freshIdempotencyKey,
	items,
	KIOSK,
	lifecycle,
	newKey,
	paths,
	pinnedClock,
	preview,
	previewBody,
	previewOk
} from './credits-support.ts';
import { useSimulator } from './harness.ts';

const sim = useSimulator({ wallClock: pinnedClock });

/** pils ×2, lemonade, coffee ×3: payable 21.40 after 3.70 discount (see credits-preview). */
const CART = [items.pils(2), items.lemonade(1), items.coffee(3)];
const updateBody = (newItems: unknown[], currencyCode = 'EUR') => ({ currencyCode, newItems });

/** A finalized CREDIT sale of CART from wallet_plenty (500.00 → 478.60). */
async function finalizedSale() {
	const sale = await previewOk(sim, 'wallet_plenty', 'CREDIT', CART);
	const finalized = await lifecycle(sim, 'finalize', sale.transactionId);
	expect(finalized.status).toBe(200);
	return sale;
}

describe('spec 3 States: update ("transaction not yet finalized" → "Adds items; extends the preview expiration by 10 minutes")', () => {
	it('new items come back with credits 0 and discount 0, their full price added to outstandingBalance; 200 with all items', async () => {
		const sale = await previewOk(sim, 'wallet_few', 'SPLIT_PAYMENT', CART);
		const result = await lifecycle(
			sim,
			'update',
			sale.transactionId,
			updateBody([items.serviceFee(1), items.pils(1)])
		);
		expect(result.status).toBe(200);
		expect(result.body).toEqual({
			...sale,
			totalCredits: 3.5,
			totalDiscount: 3.7,
			outstandingBalance: 24.4,
			items: [
				...sale.items,
				{
					productId: null,
					name: 'Service fee',
					unitPrice: 1,
					quantity: 1,
					credits: 0,
					discount: 0,
					outstandingBalance: 1,
					vat: 19
				},
				{
					productId: 'drink_pils',
					name: 'Pilsner 0.4 l',
					unitPrice: 5.5,
					quantity: 1,
					credits: 0,
					discount: 0,
					outstandingBalance: 5.5,
					vat: 19
				}
			]
		});
	});

	it('"The receipt data is the per-item and total figures of the latest preview or update response": finalize answers them', async () => {
		const sale = await previewOk(sim, 'wallet_few', 'SPLIT_PAYMENT', CART);
		await lifecycle(sim, 'update', sale.transactionId, updateBody([items.serviceFee(0.5)]));
		const updated = await lifecycle(
			sim,
			'update',
			sale.transactionId,
			updateBody([items.serviceFee(2)])
		);
		const finalized = await lifecycle(sim, 'finalize', sale.transactionId);
		expect(finalized.status).toBe(200);
		expect(finalized.body).toEqual(updated.body);
		expect(finalized.body.outstandingBalance).toBe(20.4);
		// Items added by update carry no credits: only the preview's 3.50 are deducted.
		expect(await balanceOf(sim, 'wallet_few')).toBe(0);
	});

	it('update extends the preview by 10 minutes: finalize at 14 + 10 min succeeds after an update, fails without one', async () => {
		const updated = await previewOk(sim, 'wallet_plenty', 'SPLIT_PAYMENT', CART);
		const untouched = await previewOk(sim, 'wallet_plenty', 'SPLIT_PAYMENT', CART);
		await advance(sim, 14);
		expect(
			(await lifecycle(sim, 'update', updated.transactionId, updateBody([items.serviceFee()])))
				.status
		).toBe(200);
		await advance(sim, 10);
		expect((await lifecycle(sim, 'finalize', updated.transactionId)).status).toBe(200);
		expectError(
			await lifecycle(sim, 'finalize', untouched.transactionId),
			400,
			'CREDIT_TRANSACTION_PREVIEW_HAS_EXPIRED'
		);
	});

	it('the extension counts from the preview expiry, not from the update: 15 + 10 min, expired at exactly 25', async () => {
		const inTime = await previewOk(sim, 'wallet_plenty', 'CREDIT', CART);
		const late = await previewOk(sim, 'wallet_plenty', 'CREDIT', CART);
		for (const sale of [inTime, late]) {
			await lifecycle(sim, 'update', sale.transactionId, updateBody([items.serviceFee()]));
		}
		await advance(sim, 24.99);
		expect((await lifecycle(sim, 'finalize', inTime.transactionId)).status).toBe(200);
		await advance(sim, 0.01);
		expectError(
			await lifecycle(sim, 'finalize', late.transactionId),
			400,
			'CREDIT_TRANSACTION_PREVIEW_HAS_EXPIRED'
		);
	});

	it('each update extends again: two updates keep the preview open until 35 min', async () => {
		const sale = await previewOk(sim, 'wallet_plenty', 'CREDIT', CART);
		await lifecycle(sim, 'update', sale.transactionId, updateBody([items.serviceFee()]));
		await advance(sim, 20);
		await lifecycle(sim, 'update', sale.transactionId, updateBody([items.serviceFee()]));
		await advance(sim, 14.99);
		expect((await lifecycle(sim, 'finalize', sale.transactionId)).status).toBe(200);
	});

	it('CREDIT_TRANSACTION_PREVIEW_HAS_EXPIRED on update after the 15-minute preview lifetime', async () => {
		const sale = await previewOk(sim, 'wallet_plenty', 'CREDIT', CART);
		await advance(sim, 15);
		expectError(
			await lifecycle(sim, 'update', sale.transactionId, updateBody([items.serviceFee()])),
			400,
			'CREDIT_TRANSACTION_PREVIEW_HAS_EXPIRED'
		);
	});

	it('CREDIT_TRANSACTION_HAS_ALREADY_BEEN_FINALIZED_WITH_DIFFERENT_ITEMS on update after finalize; the finalized items stay', async () => {
		const sale = await finalizedSale();
		expectError(
			await lifecycle(sim, 'update', sale.transactionId, updateBody([items.serviceFee()])),
			400,
			'CREDIT_TRANSACTION_HAS_ALREADY_BEEN_FINALIZED_WITH_DIFFERENT_ITEMS'
		);
		const again = await lifecycle(sim, 'finalize', sale.transactionId);
		expect(again.status).toBe(200);
		expect(again.body).toEqual(sale);
	});

	it('CREDIT_TRANSACTION_HAS_ALREADY_BEEN_FINALIZED_WITH_DIFFERENT_ITEMS on update after refund', async () => {
		const sale = await finalizedSale();
		expect((await lifecycle(sim, 'refund', sale.transactionId)).status).toBe(200);
		expectError(
			await lifecycle(sim, 'update', sale.transactionId, updateBody([items.serviceFee()])),
			400,
			'CREDIT_TRANSACTION_HAS_ALREADY_BEEN_FINALIZED_WITH_DIFFERENT_ITEMS'
		);
	});

	it('X_TRANSACTION_IS_NOT_IN_ACTIVE_STATUS on update after cancel', async () => {
		const sale = await previewOk(sim, 'wallet_plenty', 'CREDIT', CART);
		await lifecycle(sim, 'cancel', sale.transactionId);
		expectError(
			await lifecycle(sim, 'update', sale.transactionId, updateBody([items.serviceFee()])),
			400,
			'X_TRANSACTION_IS_NOT_IN_ACTIVE_STATUS'
		);
	});

	it('400 VALIDATION_FAILED "currency mismatch" when the update currency is not the transaction currency', async () => {
		const sale = await previewOk(sim, 'wallet_plenty', 'CREDIT', CART);
		const descriptors = expectError(
			await lifecycle(sim, 'update', sale.transactionId, updateBody([items.serviceFee()], 'USD')),
			400,
			'VALIDATION_FAILED'
		);
		expect(descriptors).toEqual([
			'currencyCode: currency mismatch, USD given but the wallet is in EUR'
		]);
	});

	it.each([
		['newItems empty ("at least 1")', updateBody([]), 'newItems'],
		['newItems missing', { currencyCode: 'EUR' }, 'newItems'],
		['currencyCode missing', { newItems: [items.serviceFee()] }, 'currencyCode'],
		['currencyCode not ISO 4217', updateBody([items.serviceFee()], 'euro'), 'currencyCode'],
		['item name empty', updateBody([{ ...items.serviceFee(), name: '' }]), 'newItems.0.name'],
		[
			'item quantity below 1',
			updateBody([{ ...items.serviceFee(), quantity: 0.5 }]),
			'newItems.0.quantity'
		],
		[
			'item productId of 256 characters',
			updateBody([{ ...items.serviceFee(), productId: 'p'.repeat(256) }]),
			'newItems.0.productId'
		],
		[
			'item unitPrice with 3 decimals',
			updateBody([items.serviceFee(0.125)]),
			'newItems.0.unitPrice'
		],
		['item vat negative', updateBody([{ ...items.serviceFee(), vat: -19 }]), 'newItems.0.vat'],
		['no body', undefined, 'body']
	])('400 VALIDATION_FAILED on update: %s', async (_, body, path) => {
		const sale = await previewOk(sim, 'wallet_plenty', 'CREDIT', CART);
		const descriptors = expectError(
			await lifecycle(sim, 'update', sale.transactionId, body),
			400,
			'VALIDATION_FAILED'
		);
		expect(descriptors.some((descriptor) => descriptor.startsWith(`${path}: `))).toBe(true);
	});

	it('COULD_NOT_MAP_BIG_DECIMAL_TO_VAT_ENUM_VALUE on update with vat 7.5; 5.5 and 7.7 are accepted', async () => {
		const sale = await previewOk(sim, 'wallet_plenty', 'CREDIT', CART);
		const descriptors = expectError(
			await lifecycle(
				sim,
				'update',
				sale.transactionId,
				updateBody([{ ...items.serviceFee(), vat: 7.5 }])
			),
			400,
			'COULD_NOT_MAP_BIG_DECIMAL_TO_VAT_ENUM_VALUE'
		);
		expect(descriptors).toEqual(['newItems.0.vat: 7.5 is not a supported VAT rate']);
		const accepted = await lifecycle(
			sim,
			'update',
			sale.transactionId,
			updateBody([
				{ ...items.serviceFee(), vat: 5.5 },
				{ ...items.serviceFee(), vat: 7.7 }
			])
		);
		expect(accepted.status).toBe(200);
		expect(accepted.body.items.slice(-2).map((item: { vat: number }) => item.vat)).toEqual([
			5.5, 7.7
		]);
	});

	it('a rejected update changes nothing (no items, no extension)', async () => {
		const sale = await previewOk(sim, 'wallet_plenty', 'CREDIT', CART);
		await lifecycle(
			sim,
			'update',
			sale.transactionId,
			updateBody([{ ...items.serviceFee(), vat: 7.5 }])
		);
		await advance(sim, 15);
		expectError(
			await lifecycle(sim, 'finalize', sale.transactionId),
			400,
			'CREDIT_TRANSACTION_PREVIEW_HAS_EXPIRED'
		);
	});
});

describe('spec 3 States: finalize ("preview not expired" → "Deducts credits from the wallet")', () => {
	it('CREDIT: deducts totalCredits exactly once, even when finalize is repeated (200 with the same body)', async () => {
		const sale = await previewOk(sim, 'wallet_plenty', 'CREDIT', CART);
		const first = await lifecycle(sim, 'finalize', sale.transactionId);
		expect(first.status).toBe(200);
		expect(first.body).toEqual(sale);
		expect(await balanceOf(sim, 'wallet_plenty')).toBe(478.6);

		const second = await lifecycle(sim, 'finalize', sale.transactionId);
		expect(second.status).toBe(200);
		expect(second.body).toEqual(sale);
		expect(await balanceOf(sim, 'wallet_plenty')).toBe(478.6);
	});

	it('SPLIT_PAYMENT: deducts the credit part only (wallet_few 3.50 → 0.00)', async () => {
		const sale = await previewOk(sim, 'wallet_few', 'SPLIT_PAYMENT', CART);
		expect((await lifecycle(sim, 'finalize', sale.transactionId)).status).toBe(200);
		expect(await balanceOf(sim, 'wallet_few')).toBe(0);
	});

	it('EXTERNAL_PAYMENT: finalize deducts nothing (wallet_plenty stays 500.00)', async () => {
		const sale = await previewOk(sim, 'wallet_plenty', 'EXTERNAL_PAYMENT', CART);
		expect((await lifecycle(sim, 'finalize', sale.transactionId)).status).toBe(200);
		expect(await balanceOf(sim, 'wallet_plenty')).toBe(500);
	});

	it('a repeated finalize still answers 200 after the preview lifetime has passed', async () => {
		const sale = await finalizedSale();
		await advance(sim, 60);
		const again = await lifecycle(sim, 'finalize', sale.transactionId);
		expect(again.status).toBe(200);
		expect(await balanceOf(sim, 'wallet_plenty')).toBe(478.6);
	});

	it('CREDIT_TRANSACTION_PREVIEW_HAS_EXPIRED at exactly 15 min (initial preview lifetime); 14.99 min is still fine', async () => {
		const inTime = await previewOk(sim, 'wallet_plenty', 'CREDIT', CART);
		const late = await previewOk(sim, 'wallet_plenty', 'CREDIT', CART);
		await advance(sim, 14.99);
		expect((await lifecycle(sim, 'finalize', inTime.transactionId)).status).toBe(200);
		await advance(sim, 0.01);
		expectError(
			await lifecycle(sim, 'finalize', late.transactionId),
			400,
			'CREDIT_TRANSACTION_PREVIEW_HAS_EXPIRED'
		);
		expect(await balanceOf(sim, 'wallet_plenty')).toBe(478.6);
	});

	it('an expired preview can still be cancelled, and its credits are free again', async () => {
		const sale = await previewOk(sim, 'wallet_few', 'CREDIT', [items.unlisted(3.5)]);
		await advance(sim, 15);
		expect((await lifecycle(sim, 'cancel', sale.transactionId)).status).toBe(200);
		const next = await previewOk(sim, 'wallet_few', 'CREDIT', [items.unlisted(3.5)]);
		expect(next.totalCredits).toBe(3.5);
	});

	it('X_TRANSACTION_IS_NOT_IN_ACTIVE_STATUS on finalize after cancel; nothing deducted', async () => {
		const sale = await previewOk(sim, 'wallet_plenty', 'CREDIT', CART);
		await lifecycle(sim, 'cancel', sale.transactionId);
		expectError(
			await lifecycle(sim, 'finalize', sale.transactionId),
			400,
			'X_TRANSACTION_IS_NOT_IN_ACTIVE_STATUS'
		);
		expect(await balanceOf(sim, 'wallet_plenty')).toBe(500);
	});

	it('X_TRANSACTION_IS_NOT_IN_ACTIVE_STATUS on finalize after refund; the refund stands', async () => {
		const sale = await finalizedSale();
		await lifecycle(sim, 'refund', sale.transactionId);
		expectError(
			await lifecycle(sim, 'finalize', sale.transactionId),
			400,
			'X_TRANSACTION_IS_NOT_IN_ACTIVE_STATUS'
		);
		expect(await balanceOf(sim, 'wallet_plenty')).toBe(500);
	});

	it('finalize needs no body and ignores one ("the cart is not resent")', async () => {
		const sale = await previewOk(sim, 'wallet_plenty', 'CREDIT', CART);
		const result = await lifecycle(sim, 'finalize', sale.transactionId, { items: [items.pils(9)] });
		expect(result.status).toBe(200);
		expect(result.body).toEqual(sale);
	});
});

describe('spec 3 States: cancel ("transaction not finalized" → "No credits deducted; the user\'s transaction key is consumed")', () => {
	it('cancels a preview: 200, nothing deducted, the transaction key cannot be reused', async () => {
		const key = await newKey(sim, 'wallet_plenty');
		const sale = await preview(sim, { key, body: previewBody('CREDIT', CART) });
		const cancelled = await lifecycle(sim, 'cancel', sale.body.transactionId);
		expect(cancelled.status).toBe(200);
		expect(cancelled.body).toEqual(sale.body);
		expect(await balanceOf(sim, 'wallet_plenty')).toBe(500);

		expectError(
			await preview(sim, { key, body: previewBody('CREDIT', CART) }),
			400,
			'X_TRANSACTION_IS_NOT_IN_ACTIVE_STATUS'
		);
	});

	it('a repeated cancel answers 200 again (safe retry)', async () => {
		const sale = await previewOk(sim, 'wallet_plenty', 'CREDIT', CART);
		expect((await lifecycle(sim, 'cancel', sale.transactionId)).status).toBe(200);
		const again = await lifecycle(sim, 'cancel', sale.transactionId);
		expect(again.status).toBe(200);
		expect(await balanceOf(sim, 'wallet_plenty')).toBe(500);
	});

	it('X_TRANSACTION_IS_NOT_IN_ACTIVE_STATUS on cancel after finalize; the deduction stays', async () => {
		const sale = await finalizedSale();
		expectError(
			await lifecycle(sim, 'cancel', sale.transactionId),
			400,
			'X_TRANSACTION_IS_NOT_IN_ACTIVE_STATUS'
		);
		expect(await balanceOf(sim, 'wallet_plenty')).toBe(478.6);
	});

	it('X_TRANSACTION_IS_NOT_IN_ACTIVE_STATUS on cancel after refund', async () => {
		const sale = await finalizedSale();
		await lifecycle(sim, 'refund', sale.transactionId);
		expectError(
			await lifecycle(sim, 'cancel', sale.transactionId),
			400,
			'X_TRANSACTION_IS_NOT_IN_ACTIVE_STATUS'
		);
	});

	it('an idempotent replay of the preview still answers after cancel, and creates nothing new', async () => {
		const key = await newKey(sim, 'wallet_few');
		const idempotencyKey = freshIdempotencyKey();
		const body = previewBody('SPLIT_PAYMENT', [items.water(1)]);
		const first = await preview(sim, { key, idempotencyKey, body });
		await lifecycle(sim, 'cancel', first.body.transactionId);
		const replay = await preview(sim, { key, idempotencyKey, body });
		expect(replay.status).toBe(201);
		expect(replay.body).toEqual(first.body);
		// Nothing holds wallet_few's credits: a new preview gets all 3.50.
		const next = await previewOk(sim, 'wallet_few', 'SPLIT_PAYMENT', [items.water(2)]);
		expect(next.totalCredits).toBe(3.5);
	});
});

describe('spec 3 States: refund ("transaction finalized, within 24 hours of finalization" → "Credits return to the user\'s wallet")', () => {
	it('returns the credits: wallet_plenty 478.60 → 500.00; 200 with the transaction figures', async () => {
		const sale = await finalizedSale();
		expect(await balanceOf(sim, 'wallet_plenty')).toBe(478.6);
		const refunded = await lifecycle(sim, 'refund', sale.transactionId, {
			comment: 'Guest changed mind'
		});
		expect(refunded.status).toBe(200);
		expect(refunded.body).toEqual(sale);
		expect(await balanceOf(sim, 'wallet_plenty')).toBe(500);
	});

	it('returns only the credit part of a split payment (wallet_few 0.00 → 3.50)', async () => {
		const sale = await previewOk(sim, 'wallet_few', 'SPLIT_PAYMENT', CART);
		await lifecycle(sim, 'finalize', sale.transactionId);
		expect(await balanceOf(sim, 'wallet_few')).toBe(0);
		expect((await lifecycle(sim, 'refund', sale.transactionId)).status).toBe(200);
		expect(await balanceOf(sim, 'wallet_few')).toBe(3.5);
	});

	it('accepts no body, an empty body and comments of 1 and 2000 characters', async () => {
		for (const body of [undefined, {}, { comment: 'x' }, { comment: 'c'.repeat(2000) }]) {
			const sale = await finalizedSale();
			expect((await lifecycle(sim, 'refund', sale.transactionId, body)).status).toBe(200);
		}
		expect(await balanceOf(sim, 'wallet_plenty')).toBe(500);
	});

	it.each([
		['empty', ''],
		['2001 characters', 'c'.repeat(2001)],
		['a number', 42]
	])(
		'400 VALIDATION_FAILED for a refund comment that is %s ("1 to 2000 characters")',
		async (_, comment) => {
			const sale = await finalizedSale();
			const descriptors = expectError(
				await lifecycle(sim, 'refund', sale.transactionId, { comment }),
				400,
				'VALIDATION_FAILED'
			);
			expect(descriptors[0]).toMatch(/^comment: /);
			expect(await balanceOf(sim, 'wallet_plenty')).toBe(478.6);
		}
	);

	it('refund works at exactly 24 h after finalization; 24 h + 60 ms later gives CREDIT_TRANSACTION_CAN_NO_LONGER_BE_REFUNDED_BY_EXTERNAL_DEVICE', async () => {
		const inTime = await finalizedSale();
		const late = await finalizedSale();
		expect(await balanceOf(sim, 'wallet_plenty')).toBe(457.2);
		await advance(sim, 24 * 60);
		expect((await lifecycle(sim, 'refund', inTime.transactionId)).status).toBe(200);
		await advance(sim, 0.001);
		expectError(
			await lifecycle(sim, 'refund', late.transactionId),
			400,
			'CREDIT_TRANSACTION_CAN_NO_LONGER_BE_REFUNDED_BY_EXTERNAL_DEVICE'
		);
		expect(await balanceOf(sim, 'wallet_plenty')).toBe(478.6);
	});

	it('CREDIT_TRANSACTION_CAN_NO_LONGER_BE_REFUNDED_BY_EXTERNAL_DEVICE for a second refund (credits return once)', async () => {
		const sale = await finalizedSale();
		await lifecycle(sim, 'refund', sale.transactionId);
		expectError(
			await lifecycle(sim, 'refund', sale.transactionId),
			400,
			'CREDIT_TRANSACTION_CAN_NO_LONGER_BE_REFUNDED_BY_EXTERNAL_DEVICE'
		);
		expect(await balanceOf(sim, 'wallet_plenty')).toBe(500);
	});

	it.each([
		[
			'a preview',
			async () => (await previewOk(sim, 'wallet_plenty', 'CREDIT', CART)).transactionId
		],
		[
			'a cancelled transaction',
			async () => {
				const sale = await previewOk(sim, 'wallet_plenty', 'CREDIT', CART);
				await lifecycle(sim, 'cancel', sale.transactionId);
				return sale.transactionId;
			}
		]
	])(
		'CREDIT_TRANSACTION_CAN_NO_LONGER_BE_REFUNDED_BY_EXTERNAL_DEVICE for %s ("Only for finalized transactions")',
		async (_, create) => {
			const id = await create();
			expectError(
				await lifecycle(sim, 'refund', id),
				400,
				'CREDIT_TRANSACTION_CAN_NO_LONGER_BE_REFUNDED_BY_EXTERNAL_DEVICE'
			);
			expect(await balanceOf(sim, 'wallet_plenty')).toBe(500);
		}
	);
});

describe('unknown transaction ids (spec 3 "Other statuses … 404")', () => {
	it.each(['update', 'finalize', 'cancel', 'refund'] as const)(
		'%s of an unknown id → 404 CREDIT_TRANSACTION_NOT_FOUND',
		async (step) => {
			const body = step === 'update' ? updateBody([items.serviceFee()]) : undefined;
			expectError(
				await lifecycle(sim, step, 'ctx_999999', body),
				404,
				'CREDIT_TRANSACTION_NOT_FOUND'
			);
		}
	);

	it.each(['update', 'finalize', 'cancel', 'refund'] as const)(
		"%s of another device's transaction → 404 CREDIT_TRANSACTION_NOT_FOUND, nothing changes",
		async (step) => {
			const sale = await finalizedSale();
			const body = step === 'update' ? updateBody([items.serviceFee()]) : undefined;
			expectError(
				await lifecycle(sim, step, sale.transactionId, body, 'dev_kiosk_garden'),
				404,
				'CREDIT_TRANSACTION_NOT_FOUND'
			);
			expect(await balanceOf(sim, 'wallet_plenty')).toBe(478.6);
		}
	);
});

describe('spec 3 Authentication on every credit endpoint', () => {
	const endpoints = [
		['preview', paths.preview],
		['update', paths.update('ctx_000001')],
		['finalize', paths.finalize('ctx_000001')],
		['cancel', paths.cancel('ctx_000001')],
		['refund', paths.refund('ctx_000001')]
	] as const;

	it.each(endpoints)('%s: 401 AUTHORIZATION without X-API-Key', async (_, path) => {
		const result = await sim.call(null, 'POST', path, { body: {} });
		expect(result.status).toBe(401);
		expect(result.body).toEqual({
			errorModel: { errorCode: 'AUTHORIZATION', message: expect.any(String), descriptors: [] }
		});
	});

	it.each(endpoints)(
		'%s: 401 AUTHORIZATION for a disabled device (dev_retired_main)',
		async (_, path) => {
			expectError(
				await sim.call('dev_retired_main', 'POST', path, { body: {} }),
				401,
				'AUTHORIZATION'
			);
		}
	);

	it.each(endpoints)('%s: 401 AUTHORIZATION for a key that does not exist', async (_, path) => {
		const result = await sim.call(null, 'POST', path, {
			body: {},
			headers: { 'X-API-Key': 'a.b.c' }
		});
		expectError(result, 401, 'AUTHORIZATION');
	});

	it.each(endpoints)(
		'%s: 403 EXTERNAL_DEVICE_HAS_NO_RIGHT_AUTHORITY without CREDIT (dev_return_main has REVO only)',
		async (_, path) => {
			const descriptors = expectError(
				await sim.call('dev_return_main', 'POST', path, { body: {} }),
				403,
				'EXTERNAL_DEVICE_HAS_NO_RIGHT_AUTHORITY'
			);
			expect(descriptors).toEqual(['CREDIT']);
		}
	);

	it('a refused finalize changes nothing: the owner can still finalize', async () => {
		const sale = await previewOk(sim, 'wallet_plenty', 'CREDIT', CART);
		await sim.call('dev_return_main', 'POST', paths.finalize(sale.transactionId));
		expect(await balanceOf(sim, 'wallet_plenty')).toBe(500);
		expect((await lifecycle(sim, 'finalize', sale.transactionId)).status).toBe(200);
	});

	it('the versions of spec 3: preview and finalize only under /v3, update/cancel/refund only under /v1', async () => {
		const sale = await previewOk(sim, 'wallet_plenty', 'CREDIT', CART);
		for (const path of [
			'/v1/integrations/credit-transactions/preview',
			`/v1/integrations/credit-transactions/${sale.transactionId}/finalize`,
			`/v3/integrations/credit-transactions/${sale.transactionId}/update`,
			`/v3/integrations/credit-transactions/${sale.transactionId}/cancel`,
			`/v3/integrations/credit-transactions/${sale.transactionId}/refund`
		]) {
			expect((await sim.call(KIOSK, 'POST', path)).status, path).toBe(404);
		}
	});
});

describe('simulator fault modes on a credit endpoint (POST /_sim/faults)', () => {
	const finalizeFault = (fault: Record<string, unknown>) =>
		sim.control('POST', '/_sim/faults', {
			path: '/v3/integrations/credit-transactions/*/finalize',
			...fault
		});

	it("mode 'drop': the response is lost but the deduction happened; a repeated finalize answers 200 without a second one", async () => {
		const sale = await previewOk(sim, 'wallet_plenty', 'CREDIT', CART);
		expect((await finalizeFault({ mode: 'drop' })).status).toBe(201);
		await expect(lifecycle(sim, 'finalize', sale.transactionId)).rejects.toThrow();
		expect(await balanceOf(sim, 'wallet_plenty')).toBe(478.6);

		const retry = await lifecycle(sim, 'finalize', sale.transactionId);
		expect(retry.status).toBe(200);
		expect(retry.body).toEqual(sale);
		expect(await balanceOf(sim, 'wallet_plenty')).toBe(478.6);
	});

	it("mode 'status' 503: no effect; the retry deducts once", async () => {
		const sale = await previewOk(sim, 'wallet_plenty', 'CREDIT', CART);
		await finalizeFault({ mode: 'status', status: 503 });
		expectError(await lifecycle(sim, 'finalize', sale.transactionId), 503, 'SERVICE_UNAVAILABLE');
		expect(await balanceOf(sim, 'wallet_plenty')).toBe(500);

		expect((await lifecycle(sim, 'finalize', sale.transactionId)).status).toBe(200);
		expect(await balanceOf(sim, 'wallet_plenty')).toBe(478.6);
	});

	it("mode 'drop' on preview: the transaction exists; the retry with the same idempotency key gets it, not a second one", async () => {
		await sim.control('POST', '/_sim/faults', { path: paths.preview, mode: 'drop' });
		const key = await newKey(sim, 'wallet_few');
		const idempotencyKey = freshIdempotencyKey();
		const body = previewBody('SPLIT_PAYMENT', CART);
		await expect(preview(sim, { key, idempotencyKey, body })).rejects.toThrow();

		const retry = await preview(sim, { key, idempotencyKey, body });
		expect(retry.status).toBe(201);
		expect(retry.body.totalCredits).toBe(3.5);
		// Only one transaction holds wallet_few's 3.50.
		const other = await previewOk(sim, 'wallet_few', 'SPLIT_PAYMENT', CART);
		expect(other.totalCredits).toBe(0);
	});
});
