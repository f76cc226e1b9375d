import { describe, expect, it } from 'vitest';
import { RefundError } from './refund-error.ts';
import { parseActor, parseRefundRequest } from './refund-request.ts';

const failureOf = (run: () => unknown) => {
	try {
		run();
	} catch (error) {
		if (error instanceof RefundError) return error.failure;
		throw error;
	}
	return 'accepted';
};

const valid = { requestId: 'form-0123456789', credits: true, cardMinor: 250 };

describe('parseRefundRequest', () => {
	it('takes a valid confirmation; an empty comment is none, a comment is trimmed', () => {
		expect(parseRefundRequest({ ...valid, comment: '  ' })).toEqual(valid);
		expect(parseRefundRequest({ ...valid, comment: ' Wrong order ' })).toEqual({
			...valid,
			comment: 'Wrong order'
		});
	});

	it('spec 3: a comment of at most 2000 characters', () => {
		expect(failureOf(() => parseRefundRequest({ ...valid, comment: 'x'.repeat(2000) }))).toBe(
			'accepted'
		);
		expect(failureOf(() => parseRefundRequest({ ...valid, comment: 'x'.repeat(2001) }))).toBe(
			'comment-too-long'
		);
	});

	it('refuses malformed input: request id, flags, amounts that are not whole minor units', () => {
		expect(failureOf(() => parseRefundRequest(null))).toBe('bad-request');
		expect(failureOf(() => parseRefundRequest({ ...valid, requestId: 'short' }))).toBe(
			'bad-request'
		);
		expect(failureOf(() => parseRefundRequest({ ...valid, requestId: 'a b c d e f g h' }))).toBe(
			'bad-request'
		);
		expect(failureOf(() => parseRefundRequest({ ...valid, credits: 'yes' }))).toBe('bad-request');
		expect(failureOf(() => parseRefundRequest({ ...valid, cardMinor: 2.5 }))).toBe(
			'card-amount-invalid'
		);
		expect(failureOf(() => parseRefundRequest({ ...valid, cardMinor: -1 }))).toBe(
			'card-amount-invalid'
		);
		expect(failureOf(() => parseRefundRequest({ ...valid, cardMinor: '250' }))).toBe(
			'card-amount-invalid'
		);
		expect(failureOf(() => parseRefundRequest({ ...valid, comment: 5 }))).toBe('bad-request');
	});

	it('something must be chosen', () => {
		expect(failureOf(() => parseRefundRequest({ ...valid, credits: false, cardMinor: 0 }))).toBe(
			'nothing-chosen'
		);
	});

	it('names who confirmed', () => {
		expect(parseActor(' manager ')).toBe('manager');
		expect(failureOf(() => parseActor(''))).toBe('bad-request');
		expect(failureOf(() => parseActor(undefined))).toBe('bad-request');
	});
});
