/**
 * What the return desk writes in the journal for a validate (spec 1: containers returned), and
 * reads back: when the same return is confirmed again (return-desk.ts), and for the back office's
 * returns list and the day report (return-records.ts). The journal keeps the code's last
 * characters and a hash, never the code: the code itself is a refund claim.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { ReturnedLine } from '#lib/shared/return-view.ts';
import type { DepositCategory } from '../platform/deposits.ts';

export const codeFingerprint = (code: string) =>
	createHash('sha256').update(code).digest('base64url').slice(0, 22);

const storedCategorySchema = z.object({
	id: z.string(),
	expirationHours: z.int(),
	depositGrossMinor: z.int(),
	currencyCode: z.string(),
	revoTokenCategory: z
		.object({
			id: z.string(),
			name: z.string(),
			currencyCode: z.string(),
			description: z.string().optional()
		})
		.optional()
}) satisfies z.ZodType<DepositCategory>;

/** A validate's request as journaled. */
export const validateEntrySchema = z.object({
	codeFingerprint: z.string(),
	items: z.array(z.object({ categoryId: z.string(), quantity: z.int() })),
	before: z.array(z.object({ category: storedCategorySchema, active: z.int() })),
	/** The station paid the deposits out (staff-attended); absent in entries written before. */
	payOut: z.boolean().optional()
});

const returnedLineSchema = z.object({
	categoryId: z.string(),
	name: z.string(),
	returned: z.int(),
	remaining: z.int(),
	unitMinor: z.int(),
	refundMinor: z.int(),
	currencyCode: z.string(),
	expirationHours: z.int(),
	deadline: z.string().nullable()
}) satisfies z.ZodType<ReturnedLine>;

/** A validate's outcome as journaled: the lines returned, or the decision on a lost answer. */
export const entryResultSchema = z
	.object({ decision: z.string().optional(), lines: z.array(returnedLineSchema).optional() })
	.nullable();
