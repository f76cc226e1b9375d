/**
 * POST /v3/integrations/credit-transactions/preview (createCreditTransactionPreview): "Creates
 * the transaction; no credits deducted yet" (spec 3 States). Order of checks after key and
 * authority: headers, body, idempotency, transaction key, currency, pricing.
 */
import type { PlatformContext, Reply } from '../routing.ts';
import type { CreditTransaction } from '../state.ts';
import { nextId } from '../state.ts';
import { parseWith } from '../validation.ts';
import { readIdempotencyKey, readTransactionKey } from './headers.ts';
import { previewFingerprint, rememberPreview, replayPreview } from './idempotency.ts';
import { toCreditLines } from './items.ts';
import { assertWithinGrossLimit, priceDiscountedLines } from './pricing.ts';
import { previewBodySchema } from './schemas.ts';
import { serializeTransaction } from './serialize.ts';
import { activeTransactionKey } from './transaction-keys.ts';
import { assertSameCurrency } from './transactions.ts';
import { availableCredits, discountBpFor, organizationIdOf, walletOf } from './wallets.ts';

export function createCreditTransactionPreview(context: PlatformContext): Reply {
	const { request, device, now } = context;
	const { state } = context.sim;

	const transactionKey = readTransactionKey(request.headers);
	const idempotencyKey = readIdempotencyKey(request.headers);

	const body = parseWith(previewBodySchema, request.body);
	const lines = toCreditLines(body.items, body.currencyCode, 'items');
	assertWithinGrossLimit(lines, 'items');

	const fingerprint = previewFingerprint(transactionKey, body);
	const replay = replayPreview(state, device.id, idempotencyKey, fingerprint);
	if (replay) return replay;

	const organizationId = organizationIdOf(state, device);
	const key = activeTransactionKey(state, transactionKey, organizationId, now);
	const wallet = walletOf(state, key.walletId);
	assertSameCurrency(body.currencyCode, wallet.currencyCode, 'currencyCode');

	const items = priceDiscountedLines(
		lines,
		discountBpFor(state, organizationId),
		body.paymentType,
		availableCredits(state, wallet, now)
	);
	const transaction: CreditTransaction = {
		id: nextId(state, 'ctx'),
		deviceId: device.id,
		walletId: wallet.id,
		transactionKey: key.key,
		paymentType: body.paymentType,
		currencyCode: body.currencyCode,
		createdAt: now,
		previewExpiresAt: now + Math.round(state.settings.previewTtlMinutes * 60_000),
		items,
		status: 'PREVIEWED'
	};
	state.creditTransactions.push(transaction);
	// "single use": the key is bound to this transaction from now on.
	key.state = 'USED';

	const reply: Reply = { status: 201, body: serializeTransaction(transaction) };
	rememberPreview(
		state,
		{ deviceId: device.id, idempotencyKey, fingerprint, transactionId: transaction.id },
		reply
	);
	return reply;
}
