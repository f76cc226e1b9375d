/**
 * The credit part of the control API (not the platform's; no key): fresh transaction keys as the
 * user's app shows them, manual invalidation and wallet balances. Lifetimes follow the simulator
 * settings (spec 3 Limits: "Initial preview lifetime and transaction key lifetime: not shown").
 */
import { describe, expect, it } from 'vitest';
import {
	advance,
	expectError,
	items,
	lifecycle,
	newKey,
	pinnedClock,
	PINNED_NOW,
	preview,
	previewBody,
	previewOk
} from './credits-support.ts';
import { useSimulator } from './harness.ts';

const sim = useSimulator({ wallClock: pinnedClock });

async function withSettings(settings: Record<string, number>, run: () => Promise<void>) {
	const before = (await sim.control('PUT', '/_sim/settings', {})).body;
	expect((await sim.control('PUT', '/_sim/settings', settings)).status).toBe(200);
	try {
		await run();
	} finally {
		await sim.control('PUT', '/_sim/settings', {
			transactionKeyTtlMinutes: before.transactionKeyTtlMinutes,
			previewTtlMinutes: before.previewTtlMinutes
		});
	}
}

describe('POST /_sim/transaction-keys', () => {
	it('201 { transactionKey, expiresAt }: 32 lower-case hex characters, a different one each time, valid 5 minutes', async () => {
		const first = await sim.control('POST', '/_sim/transaction-keys', { walletId: 'wallet_few' });
		expect(first.status).toBe(201);
		expect(first.body).toEqual({
			transactionKey: expect.stringMatching(/^[0-9a-f]{32}$/),
			expiresAt: new Date(PINNED_NOW + 5 * 60_000).toISOString()
		});
		const second = await newKey(sim, 'wallet_few');
		expect(second).not.toBe(first.body.transactionKey);
	});

	it('leadingZeros forces the first characters to 0 (0 … 31)', async () => {
		expect(await newKey(sim, 'wallet_plenty', 31)).toMatch(/^0{31}[0-9a-f]$/);
		expect(await newKey(sim, 'wallet_plenty', 12)).toMatch(/^0{12}[0-9a-f]{20}$/);
		expect(await newKey(sim, 'wallet_plenty', 0)).toMatch(/^[0-9a-f]{32}$/);
	});

	it('409 once every key with 31 leading zeros is taken (16 exist)', async () => {
		const keys = new Set<string>();
		for (let index = 0; index < 16; index += 1) keys.add(await newKey(sim, 'wallet_plenty', 31));
		expect(keys.size).toBe(16);
		const exhausted = await sim.control('POST', '/_sim/transaction-keys', {
			walletId: 'wallet_plenty',
			leadingZeros: 31
		});
		expectError(exhausted, 409, 'TRANSACTION_KEYS_EXHAUSTED');
	});

	it.each([
		['leadingZeros 32', { walletId: 'wallet_few', leadingZeros: 32 }],
		['leadingZeros -1', { walletId: 'wallet_few', leadingZeros: -1 }],
		['leadingZeros 1.5', { walletId: 'wallet_few', leadingZeros: 1.5 }],
		['leadingZeros as a string', { walletId: 'wallet_few', leadingZeros: '3' }],
		['walletId missing', {}],
		['walletId empty', { walletId: '' }],
		['an unknown field', { walletId: 'wallet_few', ttl: 5 }]
	])('400 VALIDATION_FAILED for %s', async (_, body) => {
		expectError(
			await sim.control('POST', '/_sim/transaction-keys', body),
			400,
			'VALIDATION_FAILED'
		);
	});

	it('404 envelope for an unknown wallet', async () => {
		const result = await sim.control('POST', '/_sim/transaction-keys', {
			walletId: 'wallet_nobody'
		});
		expectError(result, 404, 'NOT_FOUND');
	});

	it('the key lives settings.transactionKeyTtlMinutes of simulated time (default 5)', async () => {
		await withSettings({ transactionKeyTtlMinutes: 1 }, async () => {
			const key = await newKey(sim, 'wallet_plenty');
			await advance(sim, 1);
			expectError(
				await preview(sim, { key, body: previewBody('CREDIT', [items.pils(1)]) }),
				400,
				'X_TRANSACTION_HAS_EXPIRED'
			);
		});
	});

	it('the preview lives settings.previewTtlMinutes of simulated time (default 15)', async () => {
		await withSettings({ previewTtlMinutes: 2 }, async () => {
			const sale = await previewOk(sim, 'wallet_plenty', 'CREDIT', [items.pils(1)]);
			await advance(sim, 2);
			expectError(
				await lifecycle(sim, 'finalize', sale.transactionId),
				400,
				'CREDIT_TRANSACTION_PREVIEW_HAS_EXPIRED'
			);
		});
	});
});

describe('POST /_sim/transaction-keys/{key}/invalidate', () => {
	it('invalidates a key in any case of its hex digits; 404 for an unknown key', async () => {
		const key = await newKey(sim, 'wallet_plenty');
		const result = await sim.control(
			'POST',
			`/_sim/transaction-keys/${key.toUpperCase()}/invalidate`
		);
		expect(result.status).toBe(200);
		expect(result.body).toEqual({ transactionKey: key, state: 'INVALIDATED' });
		expectError(
			await sim.control('POST', `/_sim/transaction-keys/${'d'.repeat(32)}/invalidate`),
			404,
			'NOT_FOUND'
		);
	});
});

describe('GET /_sim/wallets/{id}', () => {
	it.each([
		['wallet_plenty', 500],
		['wallet_few', 3.5],
		['wallet_empty', 0],
		['wallet_harbour', 20]
	])(
		'%s → 200 { id, balance, currencyCode } with balance %s (major units)',
		async (id, balance) => {
			const result = await sim.control('GET', `/_sim/wallets/${id}`);
			expect(result.status).toBe(200);
			expect(result.body).toEqual({ id, balance, currencyCode: 'EUR' });
		}
	);

	it('404 envelope for an unknown wallet', async () => {
		expectError(await sim.control('GET', '/_sim/wallets/wallet_nobody'), 404, 'NOT_FOUND');
	});
});
