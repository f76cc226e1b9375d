import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReturnedLine } from '#lib/shared/return-view.ts';
import { Journal } from '../journal/journal.ts';
import { JournalOperation } from '../journal/journal-operation.ts';
import type { Store } from '../store/store.ts';
import { ENGINES, openTestStore } from '../store/testing/test-stores.ts';
import { returnsBetween, stationTotals, type ReturnRecord } from './return-records.ts';

const line = (returned: number): ReturnedLine => ({
	categoryId: 'cup',
	name: 'Cup',
	returned,
	remaining: 0,
	unitMinor: 200,
	refundMinor: 200 * returned,
	currencyCode: 'EUR',
	expirationHours: 48,
	deadline: null
});

describe.each(ENGINES)('returnsBetween on %s', (engine) => {
	let store: Store;
	let now: Date;
	let journal: Journal;
	beforeEach(async () => {
		store = await openTestStore(engine);
		now = new Date('2026-11-22T18:00:00.000Z');
		journal = new Journal(store, () => now);
	});
	afterEach(() => store.close());

	/** A return as the desk journals it: request first, then its outcome. */
	async function journaled(
		returnId: string,
		outcome: { status: 'succeeded' | 'resolved' | 'failed' | 'uncertain'; lines?: ReturnedLine[] },
		payOut?: boolean,
		codeFingerprint = 'f'.repeat(22)
	) {
		const id = await journal.begin({
			deviceId: 'station-1',
			operation: JournalOperation.depositValidate,
			reference: returnId,
			request: {
				codeFingerprint,
				items: [{ categoryId: 'cup', quantity: 1 }],
				before: [],
				...(payOut === undefined ? {} : { payOut })
			}
		});
		await journal.settle(id, outcome.status, { result: { lines: outcome.lines ?? [] } });
	}

	it('the completed returns of the period, oldest first, with what they refunded', async () => {
		await journaled('paid-out', { status: 'succeeded', lines: [line(2)] }, true);
		now = new Date('2026-11-22T19:00:00.000Z');
		await journaled('settled-later', { status: 'resolved', lines: [line(1)] }, false);
		await journaled('refused', { status: 'failed' }, true);
		await journaled('open', { status: 'uncertain' }, true);
		await journaled('before-payouts-were-kept', { status: 'succeeded', lines: [line(1)] });
		now = new Date('2026-11-23T01:00:00.000Z');
		await journaled('next-day', { status: 'succeeded', lines: [line(1)] }, true);

		const records = await returnsBetween(journal, {
			from: '2026-11-22T00:00:00.000Z',
			to: '2026-11-23T00:00:00.000Z'
		});
		expect(
			records.map(({ returnId, refundMinor, payOut }) => [returnId, refundMinor, payOut])
		).toEqual([
			['paid-out', 400, true],
			['settled-later', 200, false],
			['before-payouts-were-kept', 200, null]
		]);
		expect(records[0]).toMatchObject({
			deviceId: 'station-1',
			codeFingerprint: 'f'.repeat(22),
			at: '2026-11-22T18:00:00.000Z'
		});
	});

	it('reads a period of more returns than a query reads, page by page, none twice', async () => {
		for (let index = 0; index < 5; index += 1)
			await journaled(
				`return-${index}`,
				{ status: 'succeeded', lines: [line(1)] },
				true,
				`code-${index}`
			);
		await journaled('refused', { status: 'failed' }, true);

		const records = await returnsBetween(
			journal,
			{ from: '2026-11-22T00:00:00.000Z', to: '2026-11-23T00:00:00.000Z' },
			{ pageSize: 2 }
		);
		expect(records.map((record) => record.codeFingerprint)).toEqual(
			[0, 1, 2, 3, 4].map((index) => `code-${index}`)
		);
	});
});

describe('stationTotals', () => {
	const record = (deviceId: string, refundMinor: number, payOut: boolean | null): ReturnRecord => ({
		returnId: `${deviceId}-${refundMinor}`,
		deviceId,
		codeFingerprint: null,
		at: '2026-11-22T18:00:00.000Z',
		lines: [],
		refundMinor,
		payOut
	});

	it('counts each station’s returns, refunds and the cash paid out by staff', () => {
		expect(
			stationTotals([
				record('garden', 400, true),
				record('bar', 200, false),
				record('garden', 200, null),
				record('garden', 600, true)
			])
		).toEqual([
			{ deviceId: 'garden', returnsCount: 3, refundMinor: 1200, cashPaidOutMinor: 1000 },
			{ deviceId: 'bar', returnsCount: 1, refundMinor: 200, cashPaidOutMinor: 0 }
		]);
	});
});
