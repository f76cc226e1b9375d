/**
 * A staff member's refund confirmation, checked before anything is recorded or sent (every
 * input is validated; bad input gets a clear code and changes nothing).
 */
import { RefundError } from './refund-error.ts';

export interface RefundRequest {
	/** From the confirmation form: a double submit or a retried POST refunds once. */
	requestId: string;
	/** Refund the sale's credits (spec 3's refund takes no amount: all of them). */
	credits: boolean;
	/** Minor units to give back on the card, 0 for none; at most what is left (refund-offer.ts). */
	cardMinor: number;
	/** Sent with the credit refund (spec 3: 1 to 2000 characters) and kept on the sale. */
	comment?: string;
}

/** Long enough to be unguessable per form, short enough to sit in a journal entry. */
const REQUEST_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
/** spec 3 refund body: "comment (string, optional, 1 to 2000 characters)". */
const COMMENT_MAX_LENGTH = 2000;
const ACTOR_MAX_LENGTH = 200;

export function parseRefundRequest(input: unknown): RefundRequest {
	const raw = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
	const { requestId, credits, cardMinor, comment } = raw;
	if (typeof requestId !== 'string' || !REQUEST_ID_PATTERN.test(requestId)) {
		throw new RefundError('bad-request');
	}
	if (typeof credits !== 'boolean') throw new RefundError('bad-request');
	if (typeof cardMinor !== 'number' || !Number.isSafeInteger(cardMinor) || cardMinor < 0) {
		throw new RefundError('card-amount-invalid');
	}
	if (comment !== undefined && typeof comment !== 'string') throw new RefundError('bad-request');
	// An empty comment field means none: spec 3 allows no empty comment, only none.
	const trimmed = comment?.trim() ?? '';
	// Counted in UTF-16 units, as the simulator's (and a JVM's) string length: never more than the
	// platform counts.
	if (trimmed.length > COMMENT_MAX_LENGTH) throw new RefundError('comment-too-long');
	if (!credits && cardMinor === 0) throw new RefundError('nothing-chosen');
	return { requestId, credits, cardMinor, ...(trimmed ? { comment: trimmed } : {}) };
}

/** Who confirms: the staff login's name (the back office passes it). */
export function parseActor(actor: unknown): string {
	if (typeof actor !== 'string') throw new RefundError('bad-request');
	const trimmed = actor.trim();
	if (trimmed.length === 0 || trimmed.length > ACTOR_MAX_LENGTH)
		throw new RefundError('bad-request');
	return trimmed;
}
