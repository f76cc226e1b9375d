/**
 * The typed platform client against the simulator over HTTP: credit payments (spec 3).
 */
import { describe, expect, it } from 'vitest';
import {
	CreditErrorCode,
	type CreditItem,
	type CreditPreviewRequest,
	type CreditTransaction
} from '#lib/server/platform/credits.ts';
import { PlatformRequestError } from '#lib/server/platform/errors.ts';
import { caught, clientFor, expectApiError, strangerClient } from './client-support.ts';
import { advance, balanceOf, freshIdempotencyKey, newKey, pinnedClock } from './credits-support.ts';
import { useSimulator } from './harness.ts';

const sim = useSimulator({ wallClock: pinnedClock });
const kiosk = () => clientFor(sim, 'dev_kiosk_main');

const pils = (quantity = 1): CreditItem => ({
	productId: 'drink_pils',
	name: 'Pilsner 0.4 l',
	quantity,
	unitPriceMinor: 550,
	vat: 19
});
const coffee: CreditItem = {
	productId: 'drink_coffee',
	name: 'Filter coffee',
	quantity: 1,
	unitPriceMinor: 320,
	vat: 5.5
};
const cupDeposit: CreditItem = {
	productId: null,
	name: 'Cup deposit',
	quantity: 2,
	unitPriceMinor: 200,
	vat: 0
};
const serviceFee: CreditItem = {
	productId: null,
	name: 'Service fee',
	quantity: 1,
	unitPriceMinor: 99,
	vat: 19
};

async function request(
	walletId: string,
	overrides: Partial<CreditPreviewRequest> = {}
): Promise<CreditPreviewRequest> {
	return {
		transactionKey: await newKey(sim, walletId),
		idempotencyKey: freshIdempotencyKey(),
		paymentType: 'SPLIT_PAYMENT',
		currencyCode: 'EUR',
		items: [pils(2), cupDeposit],
		...overrides
	};
}

/** gross − discount = credits + outstanding, per line and in total, all integers. */
function expectBalanced(transaction: CreditTransaction) {
	let credits = 0;
	let discount = 0;
	let outstanding = 0;
	for (const item of transaction.items) {
		for (const value of [
			item.unitPriceMinor,
			item.creditsMinor,
			item.discountMinor,
			item.outstandingBalanceMinor
		]) {
			expect(Number.isSafeInteger(value)).toBe(true);
		}
		expect(item.unitPriceMinor * item.quantity - item.discountMinor).toBe(
			item.creditsMinor + item.outstandingBalanceMinor
		);
		credits += item.creditsMinor;
		discount += item.discountMinor;
		outstanding += item.outstandingBalanceMinor;
	}
	expect([credits, discount, outstanding]).toEqual([
		transaction.totalCreditsMinor,
		transaction.totalDiscountMinor,
		transaction.outstandingBalanceMinor
	]);
}

describe('credits: the five operations', () => {
	it('preview: discounts per product, credits, typed minor units', async () => {
		const transaction = await kiosk().credits.preview(await request('wallet_plenty'));
		expect(transaction).toEqual({
			transactionId: expect.any(String),
			totalCreditsMinor: 1390,
			totalDiscountMinor: 110,
			outstandingBalanceMinor: 0,
			currencyCode: 'EUR',
			items: [
				{
					productId: 'drink_pils',
					name: 'Pilsner 0.4 l',
					unitPriceMinor: 550,
					quantity: 2,
					creditsMinor: 990,
					discountMinor: 110,
					outstandingBalanceMinor: 0,
					vat: 19
				},
				{
					productId: null,
					name: 'Cup deposit',
					unitPriceMinor: 200,
					quantity: 2,
					creditsMinor: 400,
					discountMinor: 0,
					outstandingBalanceMinor: 0,
					vat: 0
				}
			]
		});
		expectBalanced(transaction);
	});

	it('preview: SPLIT_PAYMENT with a short wallet leaves an outstanding balance; VAT 5.5 round-trips', async () => {
		const transaction = await kiosk().credits.preview(
			await request('wallet_few', { items: [pils(2), coffee, cupDeposit] })
		);
		expect(transaction.totalCreditsMinor).toBe(350);
		expect(transaction.outstandingBalanceMinor).toBe(
			550 * 2 + 320 + 400 - transaction.totalDiscountMinor - 350
		);
		expect(transaction.items[1]?.vat).toBe(5.5);
		expectBalanced(transaction);
	});

	it('preview: a card-reader key without its leading zeros is padded and accepted', async () => {
		const key = await newKey(sim, 'wallet_plenty', 4);
		const transaction = await kiosk().credits.preview({
			...(await request('wallet_plenty')),
			transactionKey: ` ${key.slice(4).toUpperCase()}\n`
		});
		expect(transaction.totalCreditsMinor).toBe(1390);
	});

	it('preview: the same idempotency key answers the same transaction (a double scan)', async () => {
		const body = await request('wallet_plenty');
		const first = await kiosk().credits.preview(body);
		const second = await kiosk().credits.preview(body);
		expect(second).toEqual(first);
	});

	it('update adds undiscounted items; finalize deducts once and is repeatable', async () => {
		const client = kiosk();
		const before = await balanceOf(sim, 'wallet_plenty');
		const previewed = await client.credits.preview(
			await request('wallet_plenty', { paymentType: 'EXTERNAL_PAYMENT' })
		);
		expect(previewed.totalCreditsMinor).toBe(0);
		const updated = await client.credits.update(previewed.transactionId, {
			currencyCode: 'EUR',
			newItems: [serviceFee]
		});
		expect(updated.items.at(-1)).toMatchObject({
			name: 'Service fee',
			creditsMinor: 0,
			discountMinor: 0,
			outstandingBalanceMinor: 99
		});
		expect(updated.outstandingBalanceMinor).toBe(previewed.outstandingBalanceMinor + 99);
		expectBalanced(updated);

		const credit = await client.credits.preview(await request('wallet_plenty'));
		const finalized = await client.credits.finalize(credit.transactionId);
		expect(finalized?.totalCreditsMinor ?? credit.totalCreditsMinor).toBe(1390);
		expect(await client.credits.finalize(credit.transactionId)).toEqual(finalized);
		expect(await balanceOf(sim, 'wallet_plenty')).toBe(before - 13.9);
	});

	it('cancel deducts nothing and uses the key up; refund gives the credits back', async () => {
		const client = kiosk();
		const before = await balanceOf(sim, 'wallet_plenty');
		const body = await request('wallet_plenty');
		const cancelled = await client.credits.preview(body);
		await client.credits.cancel(cancelled.transactionId);
		expect(await balanceOf(sim, 'wallet_plenty')).toBe(before);
		await expectApiError(
			client.credits.preview({ ...body, idempotencyKey: freshIdempotencyKey() }),
			400,
			CreditErrorCode.transactionKeyNotActive
		);

		const paid = await client.credits.preview(await request('wallet_plenty'));
		await client.credits.finalize(paid.transactionId);
		expect(await balanceOf(sim, 'wallet_plenty')).toBe(before - 13.9);
		await client.credits.refund(paid.transactionId, { comment: 'Wrong drink' });
		expect(await balanceOf(sim, 'wallet_plenty')).toBe(before);
	});
});

describe('credits: every error code the simulator produces through the client', () => {
	it('AUTHORIZATION for an unknown key or a disabled device', async () => {
		const body = await request('wallet_plenty');
		await expectApiError(
			strangerClient(sim).credits.preview(body),
			401,
			CreditErrorCode.authorization
		);
		await expectApiError(
			clientFor(sim, 'dev_retired_main').credits.finalize('ctx_000001'),
			401,
			CreditErrorCode.authorization
		);
	});

	it('EXTERNAL_DEVICE_HAS_NO_RIGHT_AUTHORITY without CREDIT', async () => {
		await expectApiError(
			clientFor(sim, 'dev_return_main').credits.preview(await request('wallet_plenty')),
			403,
			CreditErrorCode.noRightAuthority
		);
	});

	it('INSUFFICIENT_CREDIT (400) with CREDIT; the EXTERNAL_PAYMENT fallback then works', async () => {
		const body = await request('wallet_few', { paymentType: 'CREDIT' });
		await expectApiError(kiosk().credits.preview(body), 400, CreditErrorCode.insufficientCredit);
		const fallback = await kiosk().credits.preview({
			...body,
			paymentType: 'EXTERNAL_PAYMENT',
			idempotencyKey: `${body.idempotencyKey}-external`
		});
		expect(fallback.totalCreditsMinor).toBe(0);
		expect(fallback.outstandingBalanceMinor).toBe(1390);
	});

	it('X_TRANSACTION_HAS_EXPIRED and X_TRANSACTION_IS_NOT_IN_ACTIVE_STATUS', async () => {
		const expired = await request('wallet_plenty');
		await advance(sim, 6);
		await expectApiError(
			kiosk().credits.preview(expired),
			400,
			CreditErrorCode.transactionKeyHasExpired
		);

		const used = await request('wallet_plenty');
		await kiosk().credits.preview(used);
		await expectApiError(
			kiosk().credits.preview({ ...used, idempotencyKey: freshIdempotencyKey() }),
			400,
			CreditErrorCode.transactionKeyNotActive
		);
	});

	it('X_TRANSACTION_HAS_NO_RIGHT_AUTHORITY for a key of another organization', async () => {
		await expectApiError(
			kiosk().credits.preview(await request('wallet_harbour')),
			403,
			CreditErrorCode.transactionKeyHasNoRightAuthority
		);
	});

	it('IDEMPOTENCY_KEY_HAS_ALREADY_BEEN_USED_WITH_DIFFERENT_VALUES', async () => {
		const body = await request('wallet_plenty');
		await kiosk().credits.preview(body);
		await expectApiError(
			kiosk().credits.preview({ ...body, items: [pils(3)] }),
			400,
			CreditErrorCode.idempotencyKeyReused
		);
	});

	it('CREDIT_TRANSACTION_PREVIEW_HAS_EXPIRED', async () => {
		const previewed = await kiosk().credits.preview(await request('wallet_plenty'));
		await advance(sim, 16);
		await expectApiError(
			kiosk().credits.finalize(previewed.transactionId),
			400,
			CreditErrorCode.previewHasExpired
		);
	});

	it('CREDIT_TRANSACTION_HAS_ALREADY_BEEN_FINALIZED_WITH_DIFFERENT_ITEMS', async () => {
		const previewed = await kiosk().credits.preview(await request('wallet_plenty'));
		await kiosk().credits.finalize(previewed.transactionId);
		await expectApiError(
			kiosk().credits.update(previewed.transactionId, {
				currencyCode: 'EUR',
				newItems: [serviceFee]
			}),
			400,
			CreditErrorCode.finalizedWithDifferentItems
		);
	});

	it('CREDIT_TRANSACTION_CAN_NO_LONGER_BE_REFUNDED_BY_EXTERNAL_DEVICE (not finalized; after 24 h)', async () => {
		const open = await kiosk().credits.preview(await request('wallet_plenty'));
		await expectApiError(
			kiosk().credits.refund(open.transactionId),
			400,
			CreditErrorCode.refundWindowPassed
		);
		await kiosk().credits.finalize(open.transactionId);
		await advance(sim, 24 * 60 + 1);
		await expectApiError(
			kiosk().credits.refund(open.transactionId),
			400,
			CreditErrorCode.refundWindowPassed
		);
	});

	it('an unknown transaction id is a 404', async () => {
		await expectApiError(kiosk().credits.finalize('ctx_999999'), 404);
	});

	it('X_TRANSACTION_KEY_FORMAT_IS_NOT_VALID and COULD_NOT_MAP_BIG_DECIMAL_TO_VAT_ENUM_VALUE are prevented locally', async () => {
		const body = await request('wallet_plenty');
		for (const bad of [
			{ ...body, transactionKey: `${body.transactionKey}0` },
			{ ...body, transactionKey: 'not-hex' },
			{ ...body, items: [{ ...pils(), vat: 7.5 }] }
		]) {
			const error = await caught(kiosk().credits.preview(bad));
			expect(error).toBeInstanceOf(PlatformRequestError);
			expect(error.outcome).toBe('known');
		}
		// The key was never sent, so it is still active.
		expect((await kiosk().credits.preview(body)).totalCreditsMinor).toBe(1390);
	});
});
