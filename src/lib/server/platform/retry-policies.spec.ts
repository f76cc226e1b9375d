/**
 * The retry table, exhaustively: every operation of the spec documents, called through the
 * client's resources, against every kind of failure — attempts made, the error's outcome, and
 * the value returned when a retried failure is followed by a success.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PlatformClient } from './client.ts';
import type { CallOutcome, PlatformErrorKind } from './errors.ts';
import { RETRY_TABLE, type OperationId, type RetryPolicy } from './retry-policies.ts';
import {
	category,
	counterOrder,
	creditTransaction,
	desk,
	externalDevice
} from './testing/fixtures.ts';
import { envelope, json, networkFailure, type Step } from './testing/fake-fetch.ts';
import { failure, fakeClient } from './testing/fake-client.ts';

const CODE = 'K7QX2M9RTW4HZP8NCV3BFJ6LYD5SG1AE0UXK2M7Q';
const item = {
	productId: 'drink_pils',
	name: 'Pilsner 0.4 l',
	quantity: 1,
	unitPriceMinor: 550,
	vat: 19
};

interface OperationCall {
	run(client: PlatformClient): Promise<unknown>;
	/** The success answer (a fresh Response each time: a body is read once). */
	ok(): Response;
	/**
	 * A success whose body breaks the contract; null where the spec shows no body ("not shown")
	 * and every body is accepted.
	 */
	malformed: (() => Response) | null;
}

const depositTransaction = {
	id: 'hrtx_000001',
	createdAt: '2026-11-22T10:00:00.000Z',
	code: CODE,
	sequenceNumber: '000001',
	categorySummaries: [
		{
			hybridRevoTokenCategory: category(),
			activeItemCount: 1,
			expiresAt: '2026-11-24T10:00:00.000Z'
		}
	]
};

/** Typed by the table's keys: an operation of the table without a call here does not compile. */
const CALLS: Record<OperationId, OperationCall> = {
	getExternalDeviceByIntegration: {
		run: (c) => c.identity.getExternalDevice(),
		ok: () => json(externalDevice()),
		malformed: () => json(externalDevice({ authorities: 'REVO' }))
	},
	getRevoUnionConfigurationByIntegration: {
		run: (c) => c.deposits.getConfiguration(),
		ok: () => json({ revoTokenProducts: [], hybridRevoTokenProducts: [] }),
		malformed: () => json({ revoTokenProducts: 'none' })
	},
	createHybridRevoTokenTransactionByIntegration: {
		run: (c) => c.deposits.createTransaction([{ productId: 'drink_pils', quantity: 1 }]),
		ok: () => json(depositTransaction, 201),
		malformed: () => json({ ...depositTransaction, code: 42 }, 201)
	},
	previewHybridRevoTokenTransactionByIntegration: {
		run: (c) => c.deposits.previewTransaction(CODE),
		ok: () => json([{ category: category(), activeItemCount: 1 }]),
		malformed: () => json({ category: category() })
	},
	validateHybridRevoTokenTransactionByIntegration: {
		run: (c) =>
			c.deposits.validateTransaction(CODE, [{ hybridRevoTokenCategoryId: 'cat_cup', quantity: 1 }]),
		ok: () => json([{ category: category(), validatedCount: 1, remainingItemCount: 0 }]),
		malformed: () => json([{ category: category(), validatedCount: '1' }])
	},
	getCounterOrderByIdByIntegration: {
		run: (c) => c.counterOrders.getOrder('ord_000001'),
		ok: () => json(counterOrder()),
		malformed: () => json(counterOrder({ status: 'SOMETHING_ELSE' }))
	},
	updateCounterOrderStatusByIntegration: {
		run: (c) => c.counterOrders.updateStatus('ord_000001', { status: 'APPROVED' }),
		ok: () => json(counterOrder({ status: 'APPROVED' })),
		malformed: () => json({ id: 'ord_000001' })
	},
	finalizeExternalCounterOrderPayment: {
		run: (c) => c.counterOrders.finalizeExternalPayment('ord_000001'),
		ok: () => json(counterOrder({ transactionStatus: 'PAID_EXTERNALLY' })),
		malformed: () => json(counterOrder({ transactionStatus: 'PAID_SOMEHOW' }))
	},
	cancelExternalCounterOrderPayment: {
		run: (c) => c.counterOrders.cancelExternalPayment('ord_000001'),
		ok: () => json(counterOrder({ transactionStatus: 'FAILED' })),
		malformed: () => new Response('<html>proxy</html>', { status: 200 })
	},
	getDesksForIntegration: {
		run: (c) => c.counterOrders.listDesks(),
		ok: () => json([desk]),
		malformed: () => json([{ ...desk, type: 'BAR' }])
	},
	changeDeskStatusesByIntegration: {
		run: (c) => c.counterOrders.changeDeskStatuses({ deskIds: [desk.id], enabled: false }),
		ok: () => json([{ ...desk, enabled: false }]),
		malformed: () => json({ desks: [desk] })
	},
	createCreditTransactionPreview: {
		run: (c) =>
			c.credits.preview({
				transactionKey: '0a1b2c3d4e5f60718293a4b5c6d7e8f9',
				idempotencyKey: 'sale-1',
				paymentType: 'SPLIT_PAYMENT',
				currencyCode: 'EUR',
				items: [item]
			}),
		ok: () => json(creditTransaction(), 201),
		malformed: () => json(creditTransaction({ totalCredits: 0.30000000000000004 }), 201)
	},
	updateCreditTransaction: {
		run: (c) => c.credits.update('ctx_000001', { currencyCode: 'EUR', newItems: [item] }),
		ok: () => json(creditTransaction()),
		malformed: () => json(creditTransaction({ items: null }))
	},
	finalizeCreditTransactionPreview: {
		run: (c) => c.credits.finalize('ctx_000001'),
		ok: () => json(creditTransaction()),
		malformed: null
	},
	cancelCreditTransaction: {
		run: (c) => c.credits.cancel('ctx_000001'),
		ok: () => json(creditTransaction()),
		malformed: null
	},
	refundCreditTransactionByIntegration: {
		run: (c) => c.credits.refund('ctx_000001'),
		ok: () => json(creditTransaction()),
		malformed: null
	}
};

type PolicyName = RetryPolicy['name'];

interface FailureMode {
	name: string;
	step(): Step;
	kind: PlatformErrorKind;
	outcome: CallOutcome;
	/** Attempts made under each policy when every attempt fails this way. */
	attempts: Record<PolicyName, number>;
}

const ONCE = { REPEATABLE: 1, NOT_APPLIED_ONLY: 1 };
const ALWAYS = { REPEATABLE: 4, NOT_APPLIED_ONLY: 5 };
const WHEN_REPEATABLE = { REPEATABLE: 4, NOT_APPLIED_ONLY: 1 };

const FAILURES: FailureMode[] = [
	{
		name: '400 with envelope',
		step: () => envelope(400, 'VALIDATION_FAILED', ['items.0: bad']),
		kind: 'api',
		outcome: 'known',
		attempts: ONCE
	},
	{
		name: '401',
		step: () => envelope(401, 'AUTHORIZATION'),
		kind: 'api',
		outcome: 'known',
		attempts: ONCE
	},
	{
		name: '403',
		step: () => envelope(403, 'EXTERNAL_DEVICE_HAS_NO_RIGHT_AUTHORITY'),
		kind: 'api',
		outcome: 'known',
		attempts: ONCE
	},
	{
		name: '404',
		step: () => envelope(404, 'NOT_FOUND'),
		kind: 'api',
		outcome: 'known',
		attempts: ONCE
	},
	{
		name: '409',
		step: () => envelope(409, 'CONFLICT'),
		kind: 'api',
		outcome: 'known',
		attempts: ONCE
	},
	{
		name: '429',
		step: () => envelope(429, 'TOO_MANY_REQUESTS'),
		kind: 'api',
		outcome: 'known',
		attempts: ALWAYS
	},
	{
		name: '500',
		step: () => envelope(500, 'INTERNAL_ERROR'),
		kind: 'api',
		outcome: 'uncertain',
		attempts: WHEN_REPEATABLE
	},
	{
		name: '500 without envelope',
		step: () => new Response('boom', { status: 500 }),
		kind: 'api',
		outcome: 'uncertain',
		attempts: WHEN_REPEATABLE
	},
	{
		name: '502',
		step: () => new Response('Bad Gateway', { status: 502 }),
		kind: 'api',
		outcome: 'uncertain',
		attempts: WHEN_REPEATABLE
	},
	{
		name: '503',
		step: () => envelope(503, 'SERVICE_UNAVAILABLE'),
		kind: 'api',
		outcome: 'known',
		attempts: ALWAYS
	},
	{
		name: '504',
		step: () => new Response('Gateway Timeout', { status: 504 }),
		kind: 'api',
		outcome: 'uncertain',
		attempts: WHEN_REPEATABLE
	},
	{
		name: 'a timeout',
		step: () => 'hang',
		kind: 'timeout',
		outcome: 'uncertain',
		attempts: WHEN_REPEATABLE
	},
	{
		name: 'a refused connection (ECONNREFUSED, not sent)',
		step: () => networkFailure('ECONNREFUSED'),
		kind: 'network',
		outcome: 'known',
		attempts: ALWAYS
	},
	{
		name: 'a connection reset after sending (ECONNRESET)',
		step: () => networkFailure('ECONNRESET'),
		kind: 'network',
		outcome: 'uncertain',
		attempts: WHEN_REPEATABLE
	}
];

function setup(...steps: Step[]) {
	return fakeClient(steps, { apiKey: 'eyJhbGciOiJIUzI1NiJ9.retry-table.signature', timeoutMs: 5 });
}

/** "### GET /v1/…" followed by "Operation [id] name", as tests/contract/spec-coverage.test.ts reads them. */
function specOperationIds(): string[] {
	const specDir = join(import.meta.dirname, '../../../../docs/spec');
	return readdirSync(specDir).flatMap((file) =>
		[
			...readFileSync(join(specDir, file), 'utf8').matchAll(
				/^### (?:GET|POST|PUT|DELETE) \S+\n+Operation (?:id )?(\w+)/gm
			)
		].map(([, operationId]) => operationId!)
	);
}

const OPERATIONS = Object.keys(RETRY_TABLE) as OperationId[];

describe('the retry table', () => {
	it('covers exactly the 16 operations of the spec documents', () => {
		const documented = specOperationIds();
		expect(documented).toHaveLength(16);
		expect([...OPERATIONS].sort()).toEqual([...documented].sort());
	});

	it('gives each operation the policy its meaning allows, with a reason citing the spec', () => {
		const policies = Object.fromEntries(
			OPERATIONS.map((operation) => [operation, RETRY_TABLE[operation].policy.name])
		);
		expect(policies).toEqual({
			getExternalDeviceByIntegration: 'REPEATABLE',
			getRevoUnionConfigurationByIntegration: 'REPEATABLE',
			createHybridRevoTokenTransactionByIntegration: 'NOT_APPLIED_ONLY',
			previewHybridRevoTokenTransactionByIntegration: 'REPEATABLE',
			validateHybridRevoTokenTransactionByIntegration: 'NOT_APPLIED_ONLY',
			getCounterOrderByIdByIntegration: 'REPEATABLE',
			updateCounterOrderStatusByIntegration: 'NOT_APPLIED_ONLY',
			finalizeExternalCounterOrderPayment: 'NOT_APPLIED_ONLY',
			cancelExternalCounterOrderPayment: 'NOT_APPLIED_ONLY',
			getDesksForIntegration: 'REPEATABLE',
			changeDeskStatusesByIntegration: 'REPEATABLE',
			createCreditTransactionPreview: 'REPEATABLE',
			updateCreditTransaction: 'NOT_APPLIED_ONLY',
			finalizeCreditTransactionPreview: 'REPEATABLE',
			cancelCreditTransaction: 'REPEATABLE',
			refundCreditTransactionByIntegration: 'NOT_APPLIED_ONLY'
		});
		for (const operation of OPERATIONS) {
			expect(RETRY_TABLE[operation].reason).toMatch(/spec [123]/);
		}
	});
});

describe.each(OPERATIONS)('%s', (operation) => {
	const { run, ok, malformed } = CALLS[operation];
	const policy = RETRY_TABLE[operation].policy;

	it('is the operation id its resource method calls', async () => {
		const error = await failure(run(setup(envelope(404, 'NOT_FOUND')).client));
		expect(error.operation).toBe(operation);
	});

	it.each(FAILURES)('every attempt fails with $name', async (mode) => {
		const { client, calls, sleeps } = setup(mode.step());
		const error = await failure(run(client));
		expect(error).toMatchObject({ operation, kind: mode.kind, outcome: mode.outcome });
		expect(calls).toHaveLength(mode.attempts[policy.name]);
		expect(sleeps).toHaveLength(mode.attempts[policy.name] - 1);
	});

	it.each(FAILURES.filter((mode) => mode.attempts[policy.name] > 1))(
		'$name on all but the last attempt, then a success: returns the value',
		async (mode) => {
			const expected = await run(setup(ok()).client);
			const failures = Array.from({ length: policy.attempts - 1 }, () => mode.step());
			const { client, calls } = setup(...failures, ok());
			expect(await run(client)).toEqual(expected);
			expect(calls).toHaveLength(policy.attempts);
		}
	);

	it('a malformed success is never retried (outcome uncertain)', async () => {
		if (malformed === null) {
			// spec 3: "Body of the … response: not shown" — any body is a success.
			const { client, calls } = setup(json({ unexpected: true }), ok());
			expect(await run(client)).toBeNull();
			expect(calls).toHaveLength(1);
			return;
		}
		const { client, calls } = setup(malformed(), ok());
		const error = await failure(run(client));
		expect(error).toMatchObject({ operation, kind: 'malformed-response', outcome: 'uncertain' });
		expect(calls).toHaveLength(1);
	});

	it('after an uncertain attempt, a later not-applied failure stays uncertain', async () => {
		const { client, calls } = setup(
			networkFailure('ECONNRESET'),
			envelope(503, 'SERVICE_UNAVAILABLE')
		);
		const error = await failure(run(client));
		expect(error.outcome).toBe('uncertain');
		expect(calls).toHaveLength(policy.name === 'REPEATABLE' ? policy.attempts : 1);
	});

	it('a not-applied failure, then an uncertain one: retried once, then as its policy says', async () => {
		const { client, calls } = setup(envelope(503, 'SERVICE_UNAVAILABLE'), 'hang', ok());
		if (policy.name === 'REPEATABLE') {
			await run(client);
			expect(calls).toHaveLength(3);
		} else {
			const error = await failure(run(client));
			expect(error).toMatchObject({ kind: 'timeout', outcome: 'uncertain' });
			expect(calls).toHaveLength(2);
		}
	});

	it('backs off with full jitter under its policy', async () => {
		const { calls, sleeps, client } = setup(envelope(503, 'SERVICE_UNAVAILABLE'));
		await failure(run(client));
		expect(calls).toHaveLength(policy.attempts);
		// random 0.5 × ceilings base, 2 × base, …
		expect(sleeps).toEqual(
			Array.from(
				{ length: policy.attempts - 1 },
				(_, index) => Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** index) / 2
			)
		);
	});
});
