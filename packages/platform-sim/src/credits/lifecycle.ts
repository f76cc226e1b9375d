/**
 * update, finalize, cancel and refund (spec 3 "States and transitions"). Each reads the
 * transaction of the calling device (404 otherwise), checks its rule, changes state and answers
 * with the Transaction response (finalize, cancel and refund bodies are "not shown"; we send the
 * same figures, see docs/platform-assumptions.md).
 */
import type { PlatformContext, Reply } from '../routing.ts';
import type { CreditTransaction } from '../state.ts';
import { parseWith } from '../validation.ts';
import { CreditErrorCode, creditError } from './errors.ts';
import { toCreditLines } from './items.ts';
import { assertWithinGrossLimit, priceAddedLines, totalsOf } from './pricing.ts';
import { refundBodySchema, updateBodySchema } from './schemas.ts';
import { serializeTransaction } from './serialize.ts';
import { consumeTransactionKey } from './transaction-keys.ts';
import {
	assertPreviewNotExpired,
	assertSameCurrency,
	finalizedWithDifferentItems,
	itemsFingerprint,
	notActive,
	transactionOfDevice
} from './transactions.ts';
import { walletOf } from './wallets.ts';

/** spec 3 Limits: "Each update extends the preview expiration by 10 minutes". */
export const UPDATE_EXTENSION_MS = 10 * 60_000;
/** spec 3 Limits: "Refund window: 24 hours from finalization". */
export const REFUND_WINDOW_MS = 24 * 3_600_000;

function transactionOf(context: PlatformContext): CreditTransaction {
	const id = context.request.params.creditTransactionId ?? '';
	return transactionOfDevice(context.sim.state, id, context.device.id);
}

function ok(transaction: CreditTransaction): Reply {
	return { status: 200, body: serializeTransaction(transaction) };
}

/**
 * update: "transaction not yet finalized". A cancelled one is no longer active; adding items to
 * a finalized (or refunded) one would finalize different items.
 */
function assertUpdatable(transaction: CreditTransaction, now: number): void {
	if (transaction.status === 'CANCELLED') throw notActive(transaction);
	if (transaction.status === 'FINALIZED' || transaction.status === 'REFUNDED') {
		throw finalizedWithDifferentItems(transaction);
	}
	assertPreviewNotExpired(transaction, now);
}

/** POST /v1/…/{id}/update: "Adds items; extends the preview expiration by 10 minutes". */
export function updateCreditTransaction(context: PlatformContext): Reply {
	const body = parseWith(updateBodySchema, context.request.body);
	const lines = toCreditLines(body.newItems, body.currencyCode, 'newItems');
	const transaction = transactionOf(context);
	assertUpdatable(transaction, context.now);
	assertSameCurrency(body.currencyCode, transaction.currencyCode, 'currencyCode');
	assertWithinGrossLimit([...transaction.items, ...lines], 'newItems');

	transaction.items.push(...priceAddedLines(lines));
	transaction.previewExpiresAt += UPDATE_EXTENSION_MS;
	return ok(transaction);
}

/**
 * finalize: "preview not expired" → "Deducts credits from the wallet". Repeatable: a second
 * finalize with the same items answers 200 again and deducts nothing; different items give
 * CREDIT_TRANSACTION_HAS_ALREADY_BEEN_FINALIZED_WITH_DIFFERENT_ITEMS. Cancelled or refunded
 * transactions are no longer active.
 */
export function finalizeCreditTransactionPreview(context: PlatformContext): Reply {
	const transaction = transactionOf(context);
	if (transaction.status === 'CANCELLED' || transaction.status === 'REFUNDED') {
		throw notActive(transaction);
	}
	if (transaction.status === 'FINALIZED') {
		if (transaction.finalizedItems !== itemsFingerprint(transaction.items)) {
			throw finalizedWithDifferentItems(transaction);
		}
		return ok(transaction);
	}
	assertPreviewNotExpired(transaction, context.now);

	const wallet = walletOf(context.sim.state, transaction.walletId);
	const { creditsMinor } = totalsOf(transaction.items);
	// The hold taken at preview guarantees this; never let a balance go negative regardless.
	if (wallet.balanceMinor < creditsMinor) {
		throw creditError(CreditErrorCode.insufficientCredit, 'The wallet has not enough credits.');
	}
	wallet.balanceMinor -= creditsMinor;
	transaction.status = 'FINALIZED';
	transaction.finalizedAt = context.now;
	transaction.finalizedItems = itemsFingerprint(transaction.items);
	return ok(transaction);
}

/**
 * cancel: "transaction not finalized" → "No credits deducted; the user's transaction key is
 * consumed and cannot be reused". A repeated cancel answers 200 again (safe retry).
 */
export function cancelCreditTransaction(context: PlatformContext): Reply {
	const transaction = transactionOf(context);
	if (transaction.status === 'FINALIZED' || transaction.status === 'REFUNDED') {
		throw notActive(transaction);
	}
	if (transaction.status === 'PREVIEWED') {
		transaction.status = 'CANCELLED';
		consumeTransactionKey(context.sim.state, transaction.transactionKey);
	}
	return ok(transaction);
}

/**
 * refund: "transaction finalized, within 24 hours of finalization" → "Credits return to the
 * user's wallet". Anything else (not finalized, already refunded, window passed) gives
 * CREDIT_TRANSACTION_CAN_NO_LONGER_BE_REFUNDED_BY_EXTERNAL_DEVICE.
 */
function assertRefundable(transaction: CreditTransaction, now: number): void {
	const finalizedAt = transaction.status === 'FINALIZED' ? transaction.finalizedAt : undefined;
	if (finalizedAt === undefined || now - finalizedAt > REFUND_WINDOW_MS) {
		throw creditError(
			CreditErrorCode.refundWindowPassed,
			'Only a finalized credit transaction can be refunded, within 24 hours of finalization.'
		);
	}
}

export function refundCreditTransactionByIntegration(context: PlatformContext): Reply {
	const body = parseWith(refundBodySchema, context.request.body ?? {});
	const transaction = transactionOf(context);
	assertRefundable(transaction, context.now);

	const wallet = walletOf(context.sim.state, transaction.walletId);
	wallet.balanceMinor += totalsOf(transaction.items).creditsMinor;
	transaction.status = 'REFUNDED';
	transaction.refundedAt = context.now;
	if (body.comment !== undefined) transaction.refundComment = body.comment;
	return ok(transaction);
}
