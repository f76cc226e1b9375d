import { describe, expect, it } from 'vitest';
import {
	PlatformApiError,
	PlatformNetworkError,
	PlatformTimeoutError
} from '../platform/errors.ts';
import { openDatabase } from '../store/database.ts';
import { Journal, journalToCsv } from './journal.ts';

const at = new Date('2026-11-22T12:00:00Z');
const fresh = () => new Journal(openDatabase(':memory:'), () => at);
const call = {
	deviceId: 'dev-1',
	operation: 'credits.finalize',
	reference: 'sale-1',
	request: { id: 'ctx_1' }
};

describe('Journal.record', () => {
	it('writes the entry before the call is sent', async () => {
		const journal = fresh();
		await journal.record(call, async () => {
			expect(journal.list()).toMatchObject([{ status: 'pending', attempts: 1 }]);
			return { totalCreditsMinor: 450 };
		});
	});

	it('marks success with the summarized result', async () => {
		const journal = fresh();
		await journal.record(
			call,
			async () => ({ total: 450, secret: 'x' }),
			(result) => ({ total: result.total })
		);
		expect(journal.list()).toEqual([
			{
				id: 1,
				...call,
				status: 'succeeded',
				errorCode: null,
				result: { total: 450 },
				attempts: 1,
				createdAt: at.toISOString(),
				updatedAt: at.toISOString()
			}
		]);
	});

	it('a refusal by the platform is a known failure with its error code', async () => {
		const journal = fresh();
		const refusal = new PlatformApiError('op', 400, 'INSUFFICIENT_CREDIT', 'short', []);
		await expect(journal.record(call, () => Promise.reject(refusal))).rejects.toBe(refusal);
		expect(journal.list()[0]).toMatchObject({ status: 'failed', errorCode: 'INSUFFICIENT_CREDIT' });
	});

	it.each([
		['a timeout', new PlatformTimeoutError('op', 100), 'timeout'],
		['a lost connection', new PlatformNetworkError('op', 'reset', 'uncertain'), 'network'],
		['a defect', new Error('boom'), 'internal-error']
	])('%s leaves the outcome uncertain', async (_, error, code) => {
		const journal = fresh();
		await expect(journal.record(call, () => Promise.reject(error))).rejects.toBe(error);
		expect(journal.list()[0]).toMatchObject({ status: 'uncertain', errorCode: code });
		expect(journal.unresolved()).toHaveLength(1);
	});

	it('an unreachable platform (refused before sending) is a known failure', async () => {
		const journal = fresh();
		const refused = new PlatformNetworkError('op', 'ECONNREFUSED', 'known');
		await expect(journal.record(call, () => Promise.reject(refused))).rejects.toBe(refused);
		expect(journal.list()[0]).toMatchObject({ status: 'failed', errorCode: 'network' });
	});
});

describe('Journal queries', () => {
	it('filters by status, device, operation and reference, newest first', () => {
		const journal = fresh();
		const a = journal.begin(call);
		const b = journal.begin({ ...call, operation: 'deposits.create', reference: 'sale-2' });
		journal.settle(a, 'succeeded');
		expect(journal.list({ status: 'pending' }).map((e) => e.id)).toEqual([b]);
		expect(journal.list({ operation: 'credits.finalize' }).map((e) => e.id)).toEqual([a]);
		expect(journal.list({ reference: 'sale-2' }).map((e) => e.id)).toEqual([b]);
		expect(journal.list().map((e) => e.id)).toEqual([b, a]);
		expect(journal.unresolved().map((e) => e.id)).toEqual([b]);
	});
});

describe('journalToCsv', () => {
	it('quotes what needs quoting and defuses spreadsheet formulas', () => {
		const journal = fresh();
		const id = journal.begin({ ...call, reference: '=HYPERLINK("x")' });
		journal.settle(id, 'failed', { errorCode: 'X' });
		const csv = journalToCsv(journal.list());
		const [header, row] = csv.trimEnd().split('\r\n');
		expect(header).toBe(
			'id,createdAt,updatedAt,deviceId,operation,reference,status,errorCode,attempts,request,result'
		);
		expect(row).toBe(
			`1,${at.toISOString()},${at.toISOString()},dev-1,credits.finalize,"'=HYPERLINK(""x"")",failed,X,1,"{""id"":""ctx_1""}",`
		);
	});
});
