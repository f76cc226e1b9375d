/**
 * spec 3 · POST /v3/integrations/credit-transactions/preview (createCreditTransactionPreview):
 * payment types, pricing, headers, body limits, transaction keys, padding and idempotency.
 */
import { describe, expect, it } from 'vitest';
import {
	balanceOf,
	advance,
	cents,
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
	previewOk,
	type TransactionResponse
} from './credits-support.ts';
import { useSimulator } from './harness.ts';

const sim = useSimulator({ wallClock: pinnedClock });

/** pils ×2 (10 %), lemonade ×1 (15 %, VAT 7.7), coffee ×3 (20 %, VAT 5.5): gross 25.10, discount 3.70. */
const CART = [items.pils(2), items.lemonade(1), items.coffee(3)];

/** Expected item figures of CART, independent of the payment type. */
const CART_LINES = [
	{
		productId: 'drink_pils',
		name: 'Pilsner 0.4 l',
		unitPrice: 5.5,
		quantity: 2,
		vat: 19,
		discount: 1.1
	},
	{
		productId: 'drink_lemonade',
		name: 'Homemade lemonade 0.4 l',
		unitPrice: 4.5,
		quantity: 1,
		vat: 7.7,
		// 15 % of 4.50 = 0.675, rounded half up
		discount: 0.68
	},
	{
		productId: 'drink_coffee',
		name: 'Filter coffee',
		unitPrice: 3.2,
		quantity: 3,
		vat: 5.5,
		discount: 1.92
	}
];

function withCredits(credits: number[], outstanding: number[]) {
	return CART_LINES.map((line, index) => ({
		...line,
		credits: credits[index],
		outstandingBalance: outstanding[index]
	}));
}

/** spec 3 "Relation": gross − discount = credits + outstanding, per item and in total (cents). */
function expectRelationHolds(body: TransactionResponse) {
	let gross = 0;
	for (const item of body.items) {
		const itemGross = Math.round((cents(item.unitPrice) * Math.round(item.quantity * 1000)) / 1000);
		expect(itemGross - cents(item.discount)).toBe(
			cents(item.credits) + cents(item.outstandingBalance)
		);
		gross += itemGross;
	}
	const sum = (field: 'credits' | 'discount' | 'outstandingBalance') =>
		body.items.reduce((total, item) => total + cents(item[field]), 0);
	expect(cents(body.totalCredits)).toBe(sum('credits'));
	expect(cents(body.totalDiscount)).toBe(sum('discount'));
	expect(cents(body.outstandingBalance)).toBe(sum('outstandingBalance'));
	expect(gross - cents(body.totalDiscount)).toBe(
		cents(body.totalCredits) + cents(body.outstandingBalance)
	);
}

describe('spec 3 payment types (table "Payment types") and the Relation of the figures', () => {
	it('SPLIT_PAYMENT: credits pay part (wallet_few 3.50), outstandingBalance is the rest; 201 with the Transaction response', async () => {
		const key = await newKey(sim, 'wallet_few');
		const result = await preview(sim, { key, body: previewBody('SPLIT_PAYMENT', CART) });
		expect(result.status).toBe(201);
		// 3.50 credits spread over the payable 9.90 / 3.82 / 7.68 by largest remainder.
		expect(result.body).toEqual({
			transactionId: expect.stringMatching(/^ctx_\d{6}$/),
			totalCredits: 3.5,
			totalDiscount: 3.7,
			outstandingBalance: 17.9,
			currencyCode: 'EUR',
			items: withCredits([1.62, 0.62, 1.26], [8.28, 3.2, 6.42])
		});
		expectRelationHolds(result.body);
	});

	it('SPLIT_PAYMENT with enough credits: credits pay everything, outstandingBalance 0', async () => {
		const body = await previewOk(sim, 'wallet_plenty', 'SPLIT_PAYMENT', CART);
		expect(body).toMatchObject({ totalCredits: 21.4, totalDiscount: 3.7, outstandingBalance: 0 });
		expect(body.items).toEqual(withCredits([9.9, 3.82, 7.68], [0, 0, 0]));
	});

	it('CREDIT: "The full amount is paid with credits" (wallet_plenty)', async () => {
		const body = await previewOk(sim, 'wallet_plenty', 'CREDIT', CART);
		expect(body).toMatchObject({ totalCredits: 21.4, totalDiscount: 3.7, outstandingBalance: 0 });
		expect(body.items).toEqual(withCredits([9.9, 3.82, 7.68], [0, 0, 0]));
		expectRelationHolds(body);
	});

	it('EXTERNAL_PAYMENT: "no credits charged; discounts still apply" (wallet_empty)', async () => {
		const body = await previewOk(sim, 'wallet_empty', 'EXTERNAL_PAYMENT', CART);
		expect(body).toMatchObject({ totalCredits: 0, totalDiscount: 3.7, outstandingBalance: 21.4 });
		expect(body.items).toEqual(withCredits([0, 0, 0], [9.9, 3.82, 7.68]));
		expectRelationHolds(body);
	});

	it('EXTERNAL_PAYMENT charges no credits even from a full wallet', async () => {
		const body = await previewOk(sim, 'wallet_plenty', 'EXTERNAL_PAYMENT', CART);
		expect(body).toMatchObject({ totalCredits: 0, totalDiscount: 3.7, outstandingBalance: 21.4 });
	});

	it('spec 3 Errors: INSUFFICIENT_CREDIT "Wallet short; only with paymentType CREDIT; HTTP 400"', async () => {
		const key = await newKey(sim, 'wallet_few');
		const result = await preview(sim, { key, body: previewBody('CREDIT', CART) });
		expectError(result, 400, 'INSUFFICIENT_CREDIT');
		expect(await balanceOf(sim, 'wallet_few')).toBe(3.5);
	});

	it('CREDIT succeeds when the wallet holds exactly the payable amount and fails one cent above', async () => {
		const exact = await previewOk(sim, 'wallet_few', 'CREDIT', [items.unlisted(3.5)]);
		expect(exact).toMatchObject({ totalCredits: 3.5, outstandingBalance: 0 });
		await lifecycle(sim, 'cancel', exact.transactionId);

		const key = await newKey(sim, 'wallet_few');
		const short = await preview(sim, { key, body: previewBody('CREDIT', [items.unlisted(3.51)]) });
		expectError(short, 400, 'INSUFFICIENT_CREDIT');
	});

	it('spec 3 Decision: "on 400 INSUFFICIENT_CREDIT preview again with EXTERNAL_PAYMENT" — same QR, same idempotency key', async () => {
		const key = await newKey(sim, 'wallet_few');
		const idempotencyKey = freshIdempotencyKey();
		const credit = await preview(sim, { key, idempotencyKey, body: previewBody('CREDIT', CART) });
		expectError(credit, 400, 'INSUFFICIENT_CREDIT');

		// A failed preview neither consumes the key nor records the idempotency key.
		const external = await preview(sim, {
			key,
			idempotencyKey,
			body: previewBody('EXTERNAL_PAYMENT', CART)
		});
		expect(external.status).toBe(201);
		expect(external.body).toMatchObject({
			totalCredits: 0,
			totalDiscount: 3.7,
			outstandingBalance: 21.4
		});

		const finalized = await lifecycle(sim, 'finalize', external.body.transactionId);
		expect(finalized.status).toBe(200);
		expect(await balanceOf(sim, 'wallet_few')).toBe(3.5);
	});

	it('preview deducts nothing yet (spec 3 States: "Creates the transaction; no credits deducted yet")', async () => {
		await previewOk(sim, 'wallet_plenty', 'CREDIT', CART);
		expect(await balanceOf(sim, 'wallet_plenty')).toBe(500);
	});
});

describe('spec 3 discounts ("applied automatically per product at preview")', () => {
	it('lines without productId or with an unknown product get no discount', async () => {
		const body = await previewOk(sim, 'wallet_empty', 'EXTERNAL_PAYMENT', [
			items.unlisted(2),
			{ productId: 'not_on_the_menu', name: 'Mystery', quantity: 2, unitPrice: 4, vat: 19 },
			{ name: 'No product id at all', quantity: 1, unitPrice: 1.25, vat: 0 }
		]);
		expect(body.totalDiscount).toBe(0);
		expect(body.outstandingBalance).toBe(11.25);
		expect(body.items.map((item) => item.productId)).toEqual([null, 'not_on_the_menu', null]);
	});

	it('the discount is a percentage of the gross the POS sent, not of the menu price', async () => {
		const body = await previewOk(sim, 'wallet_empty', 'EXTERNAL_PAYMENT', [
			{ ...items.pils(1), unitPrice: 6.05 }
		]);
		// 10 % of 6.05 = 0.605 → 0.61 (half up)
		expect(body.items[0]).toMatchObject({
			unitPrice: 6.05,
			discount: 0.61,
			outstandingBalance: 5.44
		});
	});

	it('products of another organization give no discount (dev_kiosk_harbour with a wallet_harbour key)', async () => {
		const body = await previewOk(
			sim,
			'wallet_harbour',
			'SPLIT_PAYMENT',
			[items.pils(2)],
			'dev_kiosk_harbour'
		);
		expect(body).toMatchObject({ totalDiscount: 0, totalCredits: 11, outstandingBalance: 0 });
	});

	it('decimal quantities: gross = unitPrice × quantity rounded half up to the cent', async () => {
		const body = await previewOk(sim, 'wallet_plenty', 'CREDIT', [
			{ productId: null, name: 'Cheese by weight', quantity: 1.5, unitPrice: 3.33, vat: 7 },
			{ productId: null, name: 'Olives by weight', quantity: 1.25, unitPrice: 3.33, vat: 7 },
			{ ...items.coffee(1.001), unitPrice: 5 }
		]);
		// 4.995 → 5.00; 4.1625 → 4.16; 5.005 → 5.01, less 20 % (1.002 → 1.00) = 4.01
		expect(body.items.map((item) => [item.quantity, item.credits, item.discount])).toEqual([
			[1.5, 5, 0],
			[1.25, 4.16, 0],
			[1.001, 4.01, 1]
		]);
		expect(body.totalCredits).toBe(13.17);
		expectRelationHolds(body);
	});

	it('invariant gross − discount = credits + outstanding holds for every wallet and payment type', async () => {
		const cart = [
			items.pils(3),
			items.lemonade(7),
			items.coffee(1),
			items.water(2),
			items.unlisted(2, 3)
		];
		for (const [walletId, paymentType] of [
			['wallet_few', 'SPLIT_PAYMENT'],
			['wallet_plenty', 'SPLIT_PAYMENT'],
			['wallet_plenty', 'CREDIT'],
			['wallet_empty', 'EXTERNAL_PAYMENT'],
			['wallet_empty', 'SPLIT_PAYMENT']
		] as const) {
			const body = await previewOk(sim, walletId, paymentType, cart);
			// pils 16.50 − 1.65, lemonade 31.50 − 4.73 (4.725 half up), coffee 3.20 − 0.64
			expect(body.totalDiscount).toBe(7.02);
			expectRelationHolds(body);
		}
	});

	it('credits held by an open preview cannot be promised twice; a cancel or an expired preview releases them', async () => {
		const first = await previewOk(sim, 'wallet_few', 'SPLIT_PAYMENT', [items.water(2)]);
		expect(first.totalCredits).toBe(3.5);

		const second = await previewOk(sim, 'wallet_few', 'SPLIT_PAYMENT', [items.water(2)]);
		expect(second).toMatchObject({ totalCredits: 0, outstandingBalance: 6 });
		const key = await newKey(sim, 'wallet_few');
		expectError(
			await preview(sim, { key, body: previewBody('CREDIT', [items.unlisted(0.01)]) }),
			400,
			'INSUFFICIENT_CREDIT'
		);

		await lifecycle(sim, 'cancel', first.transactionId);
		const third = await previewOk(sim, 'wallet_few', 'SPLIT_PAYMENT', [items.water(1)]);
		expect(third.totalCredits).toBe(3);

		// The third preview (15 min lifetime) holds 3.00 until it expires.
		const fourth = await previewOk(sim, 'wallet_few', 'SPLIT_PAYMENT', [items.water(1)]);
		expect(fourth.totalCredits).toBe(0.5);
		await advance(sim, 15);
		const fifth = await previewOk(sim, 'wallet_few', 'SPLIT_PAYMENT', [items.water(2)]);
		expect(fifth.totalCredits).toBe(3.5);
	});
});

describe('spec 3 Authentication: X-Transaction-Key (pattern ^[0-9a-fA-F]{32}$, "left-pad … with zeros")', () => {
	it('a zero-prefixed demo key sent padded (as scanned from a QR) works', async () => {
		const result = await preview(sim, {
			key: '00000a1b2c3d4e5f60718293a4b5c6d7',
			body: previewBody('CREDIT', CART)
		});
		expect(result.status).toBe(201);
		expect(result.body.totalCredits).toBe(21.4);
	});

	it('the same key as a card reader returns it (no leading zeros) gives X_TRANSACTION_KEY_FORMAT_IS_NOT_VALID; padded by the client it works', async () => {
		const scanned = '000f00ba4c0ffee0ddba11de7ec7ab1e'.replace(/^0+/, '');
		expect(scanned).toHaveLength(29);
		const unpadded = await preview(sim, { key: scanned, body: previewBody('SPLIT_PAYMENT', CART) });
		const descriptors = expectError(unpadded, 400, 'X_TRANSACTION_KEY_FORMAT_IS_NOT_VALID');
		expect(descriptors).toEqual(['X-Transaction-Key: must match ^[0-9a-fA-F]{32}$']);

		const padded = await preview(sim, {
			key: scanned.padStart(32, '0'),
			body: previewBody('SPLIT_PAYMENT', CART)
		});
		expect(padded.status).toBe(201);
		expect(padded.body.totalCredits).toBe(3.5);
	});

	it('a generated key with leading zeros works padded and not unpadded', async () => {
		const key = await newKey(sim, 'wallet_plenty', 7);
		expect(key.startsWith('0000000')).toBe(true);
		const stripped = key.replace(/^0+/, '');
		expectError(
			await preview(sim, { key: stripped, body: previewBody('CREDIT', CART) }),
			400,
			'X_TRANSACTION_KEY_FORMAT_IS_NOT_VALID'
		);
		const result = await preview(sim, {
			key: stripped.padStart(32, '0'),
			body: previewBody('CREDIT', CART)
		});
		expect(result.status).toBe(201);
	});

	it('keys compare case-insensitively (upper-case hex is allowed by the pattern)', async () => {
		const key = await newKey(sim, 'wallet_plenty');
		const result = await preview(sim, {
			key: key.toUpperCase(),
			body: previewBody('CREDIT', CART)
		});
		expect(result.status).toBe(201);
	});

	it.each([
		['31 characters', 'a'.repeat(31)],
		['33 characters', 'a'.repeat(33)],
		['a non-hex character', `${'a'.repeat(31)}g`],
		['a UUID with dashes', '0a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9'],
		['inner spaces', `${'a'.repeat(16)} ${'a'.repeat(15)}`],
		['a 0x prefix', `0x${'a'.repeat(30)}`]
	])('X_TRANSACTION_KEY_FORMAT_IS_NOT_VALID for %s', async (_, key) => {
		const result = await preview(sim, { key, body: previewBody('CREDIT', CART) });
		expectError(result, 400, 'X_TRANSACTION_KEY_FORMAT_IS_NOT_VALID');
	});

	it('X_TRANSACTION_KEY_FORMAT_IS_NOT_VALID when the header is missing', async () => {
		const result = await sim.call(KIOSK, 'POST', paths.preview, {
			body: previewBody('CREDIT', CART),
			headers: { 'X-Idempotency-Key': freshIdempotencyKey() }
		});
		expectError(result, 400, 'X_TRANSACTION_KEY_FORMAT_IS_NOT_VALID');
	});
});

describe('spec 3 transaction key states ("active; expired; already used or manually invalidated")', () => {
	it('X_TRANSACTION_IS_NOT_IN_ACTIVE_STATUS for a key already used ("single use")', async () => {
		const key = await newKey(sim, 'wallet_plenty');
		expect((await preview(sim, { key, body: previewBody('CREDIT', CART) })).status).toBe(201);
		const again = await preview(sim, { key, body: previewBody('CREDIT', CART) });
		expectError(again, 400, 'X_TRANSACTION_IS_NOT_IN_ACTIVE_STATUS');
	});

	it('X_TRANSACTION_IS_NOT_IN_ACTIVE_STATUS for a manually invalidated key', async () => {
		const key = await newKey(sim, 'wallet_plenty');
		const invalidated = await sim.control('POST', `/_sim/transaction-keys/${key}/invalidate`);
		expect(invalidated.body).toEqual({ transactionKey: key, state: 'INVALIDATED' });
		const result = await preview(sim, { key, body: previewBody('CREDIT', CART) });
		expectError(result, 400, 'X_TRANSACTION_IS_NOT_IN_ACTIVE_STATUS');
	});

	it('X_TRANSACTION_IS_NOT_IN_ACTIVE_STATUS for a well-formed key the platform never issued', async () => {
		const result = await preview(sim, { key: 'f'.repeat(32), body: previewBody('CREDIT', CART) });
		expectError(result, 400, 'X_TRANSACTION_IS_NOT_IN_ACTIVE_STATUS');
	});

	it('X_TRANSACTION_HAS_EXPIRED once the key lifetime (5 simulated minutes) has passed', async () => {
		const early = await newKey(sim, 'wallet_plenty');
		const late = await newKey(sim, 'wallet_plenty');
		await advance(sim, 4.99);
		expect((await preview(sim, { key: early, body: previewBody('CREDIT', CART) })).status).toBe(
			201
		);
		await advance(sim, 0.01);
		const expired = await preview(sim, { key: late, body: previewBody('CREDIT', CART) });
		expectError(expired, 400, 'X_TRANSACTION_HAS_EXPIRED');
	});

	it('an expired key that was also used reports "not in active status"', async () => {
		const key = await newKey(sim, 'wallet_plenty');
		expect((await preview(sim, { key, body: previewBody('CREDIT', CART) })).status).toBe(201);
		await advance(sim, 10);
		expectError(
			await preview(sim, { key, body: previewBody('CREDIT', CART) }),
			400,
			'X_TRANSACTION_IS_NOT_IN_ACTIVE_STATUS'
		);
	});

	it('403 X_TRANSACTION_HAS_NO_RIGHT_AUTHORITY for a key of a wallet of another organization; the key stays usable there', async () => {
		const key = await newKey(sim, 'wallet_harbour');
		const wrongVenue = await preview(sim, { key, body: previewBody('SPLIT_PAYMENT', CART) });
		expectError(wrongVenue, 403, 'X_TRANSACTION_HAS_NO_RIGHT_AUTHORITY');

		const rightVenue = await preview(sim, {
			key,
			body: previewBody('SPLIT_PAYMENT', [items.unlisted(25)]),
			device: 'dev_kiosk_harbour'
		});
		expect(rightVenue.status).toBe(201);
		expect(rightVenue.body).toMatchObject({ totalCredits: 20, outstandingBalance: 5 });
	});

	it('a key works at every place of its organization (dev_kiosk_garden)', async () => {
		const body = await previewOk(sim, 'wallet_plenty', 'CREDIT', CART, 'dev_kiosk_garden');
		expect(body.totalCredits).toBe(21.4);
	});
});

describe('spec 3 Authentication: X-Idempotency-Key ("1 to 255 characters, unique per device")', () => {
	it('the same key and values replay the first 201 (same transactionId), even though the transaction key is now used', async () => {
		const key = await newKey(sim, 'wallet_plenty');
		const idempotencyKey = freshIdempotencyKey();
		const first = await preview(sim, { key, idempotencyKey, body: previewBody('CREDIT', CART) });
		const second = await preview(sim, { key, idempotencyKey, body: previewBody('CREDIT', CART) });
		expect(first.status).toBe(201);
		expect(second.status).toBe(201);
		expect(second.body).toEqual(first.body);

		// No second transaction: the only one finalizes once, and the replay still answers.
		expect((await lifecycle(sim, 'finalize', first.body.transactionId)).status).toBe(200);
		expect(await balanceOf(sim, 'wallet_plenty')).toBe(478.6);
		const third = await preview(sim, { key, idempotencyKey, body: previewBody('CREDIT', CART) });
		expect(third.status).toBe(201);
		expect(third.body).toEqual(first.body);
		expect(await balanceOf(sim, 'wallet_plenty')).toBe(478.6);
	});

	it('a replay works after the transaction key has expired', async () => {
		const key = await newKey(sim, 'wallet_plenty');
		const idempotencyKey = freshIdempotencyKey();
		const first = await preview(sim, { key, idempotencyKey, body: previewBody('CREDIT', CART) });
		await advance(sim, 30);
		const replay = await preview(sim, { key, idempotencyKey, body: previewBody('CREDIT', CART) });
		expect(replay.status).toBe(201);
		expect(replay.body.transactionId).toBe(first.body.transactionId);
	});

	it('the fingerprint ignores key order, extra fields and transaction-key case', async () => {
		const key = await newKey(sim, 'wallet_plenty');
		const idempotencyKey = freshIdempotencyKey();
		const first = await preview(sim, { key, idempotencyKey, body: previewBody('CREDIT', CART) });
		const reordered = {
			items: CART.map(({ vat, name, unitPrice, quantity, productId }) => ({
				vat,
				name,
				unitPrice,
				quantity,
				productId,
				posLineId: 'extra'
			})),
			currencyCode: 'EUR',
			paymentType: 'CREDIT',
			posReference: 'extra'
		};
		const replay = await preview(sim, { key: key.toUpperCase(), idempotencyKey, body: reordered });
		expect(replay.status).toBe(201);
		expect(replay.body.transactionId).toBe(first.body.transactionId);
	});

	it.each([
		['another body', previewBody('CREDIT', [items.pils(1)])],
		['another payment type', previewBody('SPLIT_PAYMENT', CART)]
	])(
		'IDEMPOTENCY_KEY_HAS_ALREADY_BEEN_USED_WITH_DIFFERENT_VALUES for the same key with %s',
		async (_, body) => {
			const key = await newKey(sim, 'wallet_plenty');
			const idempotencyKey = freshIdempotencyKey();
			await preview(sim, { key, idempotencyKey, body: previewBody('CREDIT', CART) });
			const result = await preview(sim, { key, idempotencyKey, body });
			expectError(result, 400, 'IDEMPOTENCY_KEY_HAS_ALREADY_BEEN_USED_WITH_DIFFERENT_VALUES');
		}
	);

	it('IDEMPOTENCY_KEY_HAS_ALREADY_BEEN_USED_WITH_DIFFERENT_VALUES for the same key with another transaction key', async () => {
		const idempotencyKey = freshIdempotencyKey();
		const first = await newKey(sim, 'wallet_plenty');
		await preview(sim, { key: first, idempotencyKey, body: previewBody('CREDIT', CART) });
		const second = await newKey(sim, 'wallet_plenty');
		const result = await preview(sim, {
			key: second,
			idempotencyKey,
			body: previewBody('CREDIT', CART)
		});
		expectError(result, 400, 'IDEMPOTENCY_KEY_HAS_ALREADY_BEEN_USED_WITH_DIFFERENT_VALUES');
		// The second transaction key was not consumed.
		expect((await preview(sim, { key: second, body: previewBody('CREDIT', CART) })).status).toBe(
			201
		);
	});

	it('idempotency keys are per device: another device may use the same one', async () => {
		const idempotencyKey = freshIdempotencyKey();
		const main = await preview(sim, {
			key: await newKey(sim, 'wallet_plenty'),
			idempotencyKey,
			body: previewBody('CREDIT', CART)
		});
		const garden = await preview(sim, {
			key: await newKey(sim, 'wallet_plenty'),
			idempotencyKey,
			body: previewBody('CREDIT', CART),
			device: 'dev_kiosk_garden'
		});
		expect(main.status).toBe(201);
		expect(garden.status).toBe(201);
		expect(garden.body.transactionId).not.toBe(main.body.transactionId);
	});

	it.each([
		['missing', undefined],
		['empty', ''],
		['256 characters', 'k'.repeat(256)]
	])('400 VALIDATION_FAILED naming the header when X-Idempotency-Key is %s', async (_, value) => {
		const headers: Record<string, string> = {
			'X-Transaction-Key': await newKey(sim, 'wallet_plenty')
		};
		if (value !== undefined) headers['X-Idempotency-Key'] = value;
		const result = await sim.call(KIOSK, 'POST', paths.preview, {
			body: previewBody('CREDIT', CART),
			headers
		});
		const descriptors = expectError(result, 400, 'VALIDATION_FAILED');
		expect(descriptors).toEqual(['X-Idempotency-Key: required, 1 to 255 characters']);
	});

	it.each([
		['1 character', 'k'],
		['255 characters', 'k'.repeat(255)]
	])('X-Idempotency-Key of %s is accepted', async (_, idempotencyKey) => {
		const key = await newKey(sim, 'wallet_plenty');
		const result = await preview(sim, { key, idempotencyKey, body: previewBody('CREDIT', CART) });
		expect(result.status).toBe(201);
	});
});

describe('spec 3 preview body and item limits (400 VALIDATION_FAILED with "path: message" descriptors)', () => {
	const valid = () => previewBody('CREDIT', [items.pils(1)]);
	const withItem = (change: Record<string, unknown>) => ({
		...valid(),
		items: [{ ...items.pils(1), ...change }]
	});
	const withoutItemField = (field: string) => {
		const item: Record<string, unknown> = { ...items.pils(1) };
		delete item[field];
		return { ...valid(), items: [item] };
	};

	it.each([
		['paymentType not in the enum', { ...valid(), paymentType: 'CASH' }, 'paymentType'],
		['paymentType missing', { currencyCode: 'EUR', items: [items.pils(1)] }, 'paymentType'],
		['currencyCode in lower case', { ...valid(), currencyCode: 'eur' }, 'currencyCode'],
		['currencyCode of 4 letters', { ...valid(), currencyCode: 'EURO' }, 'currencyCode'],
		['currencyCode missing', { paymentType: 'CREDIT', items: [items.pils(1)] }, 'currencyCode'],
		['items empty ("at least 1")', { ...valid(), items: [] }, 'items'],
		['items missing', { paymentType: 'CREDIT', currencyCode: 'EUR' }, 'items'],
		['items not an array', { ...valid(), items: items.pils(1) }, 'items'],
		['productId empty ("1 to 255 characters")', withItem({ productId: '' }), 'items.0.productId'],
		['productId of 256 characters', withItem({ productId: 'p'.repeat(256) }), 'items.0.productId'],
		['productId a number', withItem({ productId: 42 }), 'items.0.productId'],
		['quantity 0.999 ("minimum 1")', withItem({ quantity: 0.999 }), 'items.0.quantity'],
		['quantity 0', withItem({ quantity: 0 }), 'items.0.quantity'],
		['quantity with 4 decimals', withItem({ quantity: 1.0005 }), 'items.0.quantity'],
		['quantity as a string', withItem({ quantity: '2' }), 'items.0.quantity'],
		['quantity missing', withoutItemField('quantity'), 'items.0.quantity'],
		['unitPrice negative', withItem({ unitPrice: -0.01 }), 'items.0.unitPrice'],
		['unitPrice with 3 decimals in EUR', withItem({ unitPrice: 4.555 }), 'items.0.unitPrice'],
		['unitPrice as a string', withItem({ unitPrice: '5.50' }), 'items.0.unitPrice'],
		['unitPrice missing', withoutItemField('unitPrice'), 'items.0.unitPrice'],
		['unitPrice too large to be an amount', withItem({ unitPrice: 1e300 }), 'items.0.unitPrice'],
		['vat negative ("minimum 0")', withItem({ vat: -1 }), 'items.0.vat'],
		['vat as a string', withItem({ vat: '19' }), 'items.0.vat'],
		['vat missing', withoutItemField('vat'), 'items.0.vat'],
		['name empty ("1 to 1000 characters")', withItem({ name: '' }), 'items.0.name'],
		['name of 1001 characters', withItem({ name: 'n'.repeat(1001) }), 'items.0.name'],
		['name missing', withoutItemField('name'), 'items.0.name'],
		['body is an array', [items.pils(1)], 'body'],
		['body missing', undefined, 'body']
	])('%s', async (_, body, path) => {
		const key = await newKey(sim, 'wallet_plenty');
		const result = await preview(sim, { key, body });
		const descriptors = expectError(result, 400, 'VALIDATION_FAILED');
		expect(descriptors.some((descriptor) => descriptor.startsWith(`${path}: `))).toBe(true);
		// A rejected preview leaves the key active.
		expect((await preview(sim, { key, body: valid() })).status).toBe(201);
	});

	it('every violation is named, with the index of the item', async () => {
		const key = await newKey(sim, 'wallet_plenty');
		const result = await preview(sim, {
			key,
			body: {
				...valid(),
				items: [items.pils(1), { ...items.pils(1), name: '', quantity: 0.5 }]
			}
		});
		const descriptors = expectError(result, 400, 'VALIDATION_FAILED');
		expect(descriptors.map((descriptor) => descriptor.split(':')[0]).sort()).toEqual([
			'items.1.name',
			'items.1.quantity'
		]);
	});

	it.each([
		[
			'productId of 255 characters, name of 1000',
			withItem({ productId: 'p'.repeat(255), name: 'n'.repeat(1000) })
		],
		['productId null', withItem({ productId: null })],
		['productId absent', withoutItemField('productId')],
		['quantity exactly 1 and unitPrice 0', withItem({ quantity: 1, unitPrice: 0 })],
		['quantity with 3 decimals', withItem({ quantity: 2.125 })],
		['extra fields on body and items', { ...withItem({ sku: 'X1' }), terminal: 'T1' }]
	])('accepted: %s', async (_, body) => {
		const key = await newKey(sim, 'wallet_plenty');
		expect((await preview(sim, { key, body })).status).toBe(201);
	});

	it('unitPrice decimals follow the body currency (JPY has none), checked before the currency match', async () => {
		const key = await newKey(sim, 'wallet_plenty');
		const yen = {
			paymentType: 'CREDIT',
			currencyCode: 'JPY',
			items: [{ ...items.pils(1), unitPrice: 1.5 }]
		};
		const descriptors = expectError(
			await preview(sim, { key, body: yen }),
			400,
			'VALIDATION_FAILED'
		);
		expect(descriptors[0]).toMatch(
			/^items\.0\.unitPrice: must be an amount with at most 0 decimal places for JPY/
		);
	});

	it('400 VALIDATION_FAILED "currency mismatch" when currencyCode is not the wallet currency; the key stays active', async () => {
		const key = await newKey(sim, 'wallet_plenty');
		const yen = {
			paymentType: 'CREDIT',
			currencyCode: 'JPY',
			items: [{ ...items.pils(1), unitPrice: 600 }]
		};
		const descriptors = expectError(
			await preview(sim, { key, body: yen }),
			400,
			'VALIDATION_FAILED'
		);
		expect(descriptors).toEqual([
			'currencyCode: currency mismatch, JPY given but the wallet is in EUR'
		]);
		expect((await preview(sim, { key, body: valid() })).status).toBe(201);
	});

	it('400 VALIDATION_FAILED when the gross total passes the simulator limit (900 000.00)', async () => {
		const key = await newKey(sim, 'wallet_plenty');
		const result = await preview(sim, {
			key,
			body: previewBody('EXTERNAL_PAYMENT', [items.unlisted(900_000), items.unlisted(0.01)])
		});
		expectError(result, 400, 'VALIDATION_FAILED');
		const exact = await preview(sim, {
			key,
			body: previewBody('EXTERNAL_PAYMENT', [items.unlisted(450_000, 2)])
		});
		expect(exact.status).toBe(201);
		expect(exact.body.outstandingBalance).toBe(900_000);
	});
});

describe('spec 3 "Supported VAT rates" (COULD_NOT_MAP_BIG_DECIMAL_TO_VAT_ENUM_VALUE)', () => {
	it.each([7.5, 5.55, 28, 0.5, 19.01, 100])(
		'vat %s is rejected with COULD_NOT_MAP_BIG_DECIMAL_TO_VAT_ENUM_VALUE',
		async (vat) => {
			const key = await newKey(sim, 'wallet_plenty');
			const result = await preview(sim, {
				key,
				body: previewBody('CREDIT', [items.pils(1), { ...items.coffee(1), vat }])
			});
			const descriptors = expectError(result, 400, 'COULD_NOT_MAP_BIG_DECIMAL_TO_VAT_ENUM_VALUE');
			expect(descriptors).toEqual([`items.1.vat: ${vat} is not a supported VAT rate`]);
		}
	);

	it('every supported rate is accepted and echoed: 0 … 5, 5.5, 6, 7, 7.7, 8, 9, 9.5, 10 … 27', async () => {
		const rates = [0, 1, 2, 3, 4, 5, 5.5, 6, 7, 7.7, 8, 9, 9.5];
		for (let rate = 10; rate <= 27; rate += 1) rates.push(rate);
		const body = await previewOk(
			sim,
			'wallet_plenty',
			'CREDIT',
			rates.map((vat) => ({ productId: null, name: `VAT ${vat}`, quantity: 1, unitPrice: 1, vat }))
		);
		expect(body.items.map((item) => item.vat)).toEqual(rates);
	});
});

describe('spec 3 order of checks (auth, headers, body, idempotency, transaction key, currency, pricing)', () => {
	it('a key format error wins over a bad body', async () => {
		const result = await preview(sim, { key: 'abc', body: { items: [] } });
		expectError(result, 400, 'X_TRANSACTION_KEY_FORMAT_IS_NOT_VALID');
	});

	it('a bad body wins over an unknown transaction key', async () => {
		const result = await preview(sim, {
			key: 'e'.repeat(32),
			body: { ...previewBody('CREDIT', CART), paymentType: 'X' }
		});
		expectError(result, 400, 'VALIDATION_FAILED');
	});

	it('an unsupported VAT wins over an unknown transaction key', async () => {
		const result = await preview(sim, {
			key: 'e'.repeat(32),
			body: previewBody('CREDIT', [{ ...items.pils(1), vat: 7.5 }])
		});
		expectError(result, 400, 'COULD_NOT_MAP_BIG_DECIMAL_TO_VAT_ENUM_VALUE');
	});

	it('an unknown transaction key wins over a currency mismatch', async () => {
		const result = await preview(sim, {
			key: 'e'.repeat(32),
			body: { ...previewBody('CREDIT', [items.unlisted(1)]), currencyCode: 'USD' }
		});
		expectError(result, 400, 'X_TRANSACTION_IS_NOT_IN_ACTIVE_STATUS');
	});

	it('a currency mismatch wins over insufficient credit', async () => {
		const key = await newKey(sim, 'wallet_empty');
		const result = await preview(sim, {
			key,
			body: { ...previewBody('CREDIT', [items.unlisted(1)]), currencyCode: 'USD' }
		});
		expectError(result, 400, 'VALIDATION_FAILED');
	});

	it('authority is checked before the preview headers (403 without any transaction key)', async () => {
		const result = await sim.call('dev_return_main', 'POST', paths.preview, { body: {} });
		expectError(result, 403, 'EXTERNAL_DEVICE_HAS_NO_RIGHT_AUTHORITY');
	});
});
