/**
 * The return saga against the simulator: every rule of docs/manual.md, Running the return station,
 * with the platform's own item statuses checked over the control API
 * (`/_sim/deposit-transactions/{code}`), and every lost or failed answer injected with the
 * simulator's faults.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { AttemptThrottle } from '#lib/server/auth/attempt-throttle.ts';
import { LoginAttempts } from '#lib/server/auth/login-attempts.ts';
import { Journal } from '#lib/server/journal/journal.ts';
import { JournalOperation } from '#lib/server/journal/journal-operation.ts';
import { DepositErrorCode } from '#lib/server/platform/deposits.ts';
import { ReturnDesk, ReturnError, type ReturnRequest } from '#lib/server/returns/return-desk.ts';
import { Settings } from '#lib/server/settings.ts';
import { checkScreenPin, setScreenPin } from '#lib/server/setup/screen-pin.ts';
import type { ReturnPreviewView, ReturnSettings } from '#lib/shared/return-view.ts';
import { contractStore } from './contract-store.ts';
import { StoreLocks } from '#lib/server/store/store-locks.ts';
import { addFault, caught, clientFor, sleep } from './client-support.ts';
import { errorCodeOf, useSimulator } from './harness.ts';

const sim = useSimulator();
const STATION = 'dev_return_main';

let journal: Journal;
let codeLocks: StoreLocks;
let desk: ReturnDesk;
let settings: ReturnSettings;
let validateCalls: number;

beforeEach(async () => {
	const store = await contractStore();
	const venueSettings = new Settings(store);
	await setScreenPin(venueSettings, '2468');
	const attempts = new LoginAttempts(new AttemptThrottle(store));
	journal = new Journal(store);
	// As the server wires it: one validate per code at a time across the servers on the store.
	codeLocks = new StoreLocks(store, { leaseMs: 60_000, waitMs: 30_000 });
	settings = { staffAttended: false, idleSeconds: 60, resultSeconds: 15 };
	validateCalls = 0;
	// Counts the validate calls that leave the kiosk server (the platform client's fetch).
	const counting: typeof fetch = (input, init) => {
		if (String(input).endsWith('/validate')) validateCalls += 1;
		return fetch(input, init);
	};
	const platform = clientFor(sim, STATION, { timeoutMs: 1_000, fetch: counting });
	desk = new ReturnDesk({
		journal,
		platformFor: async () => platform,
		issuedHere: async () => null,
		placeName: async (placeId) => (placeId === 'place_garden' ? 'Garden Food Court' : null),
		placeOfDevice: async () => null,
		settings: async () => settings,
		checkPin: (pin, deviceId) => checkScreenPin(attempts, venueSettings, pin, deviceId),
		acrossServers: (code, task) => codeLocks.run(`deposit-code:${code}`, task)
	});
});

/** Issues containers as a kiosk (main stage unless told): 3 cups and a pitcher by default. */
async function issue(
	items = [
		{ productId: 'drink_pils', quantity: 3 },
		{ productId: 'drink_pitcher', quantity: 1 }
	],
	kiosk = 'dev_kiosk_main'
): Promise<string> {
	return (await clientFor(sim, kiosk).deposits.createTransaction(items)).code;
}

/** The simulator's item statuses of a code, counted: {ACTIVE: 2, RETURNED: 1}. */
async function statuses(code: string): Promise<Record<string, number>> {
	const { body } = await sim.control('GET', `/_sim/deposit-transactions/${code}`);
	const counts: Record<string, number> = {};
	for (const item of body.items as { status: string }[]) {
		counts[item.status] = (counts[item.status] ?? 0) + 1;
	}
	return counts;
}

const all = (preview: ReturnPreviewView) =>
	Object.fromEntries(preview.categories.map((c) => [c.categoryId, c.activeCount]));

const confirm = (
	code: string,
	preview: ReturnPreviewView,
	quantities = all(preview),
	pin?: string
) => desk.confirm(STATION, { returnId: preview.returnId, code, quantities, pin });

const failureOf = async (promise: Promise<unknown>): Promise<ReturnError> => {
	const error = await caught(promise);
	expect(error).toBeInstanceOf(ReturnError);
	return error;
};

const validateEntries = async () =>
	(await journal.list({ operation: JournalOperation.depositValidate })).reverse();

describe('preview', () => {
	it('per category: name, active count, refund per container in cents, return window', async () => {
		const preview = await desk.preview(STATION, await issue());
		expect(preview.returnId).toMatch(/^[0-9a-f]{32}$/);
		expect(preview.categories).toEqual([
			{
				categoryId: 'cat_cup',
				name: 'Reusable cup 0.4 l',
				activeCount: 3,
				unitMinor: 200,
				currencyCode: 'EUR',
				expirationHours: 48,
				deadline: null
			},
			{
				categoryId: 'cat_pitcher',
				name: 'Pitcher 1.5 l',
				activeCount: 1,
				unitMinor: 500,
				currencyCode: 'EUR',
				expirationHours: 12,
				deadline: null
			}
		]);
	});

	it('a scanner’s Enter and spaces around the code do not matter', async () => {
		const code = await issue();
		expect((await desk.preview(STATION, ` ${code}\r\n`)).categories).toHaveLength(2);
	});

	it.each([
		['a loyalty key scanned by mistake', '000a1b2c3d4e5f60718293a4b5c6d7e8', 'code-is-loyalty-key'],
		['39 characters', 'K7QX2M9RTW4HZP8NCV3BFJ6LYD5SG1AE0UXK2M7', 'code-wrong-length'],
		['a URL', 'https://example.org/r/K7QX2M9RTW4HZP8NCV3BFJ6LYD5SG1AE0UXK2M7Q', 'code-invalid'],
		['nothing', '   ', 'code-empty']
	])('%s: a clear failure, nothing sent', async (_, raw, failure) => {
		const fetched: string[] = [];
		const station = new ReturnDesk({
			...deskDependencies(),
			platformFor: async () =>
				clientFor(sim, STATION, {
					fetch: (input, init) => (fetched.push(String(input)), fetch(input, init))
				})
		});
		expect((await failureOf(station.preview(STATION, raw))).failure).toBe(failure);
		expect(fetched).toEqual([]);
	});

	it('spec 1 rule 2: an unknown code → check the code', async () => {
		const error = await failureOf(
			desk.preview(STATION, 'K7QX2M9RTW4HZP8NCV3BFJ6LYD5SG1AE0UXK2M7Q')
		);
		expect(error.failure).toBe('code-not-found');
	});

	it('spec 1 rule 4: issued at the garden → another location, named where the server knows it', async () => {
		const code = await issue([{ productId: 'drink_pils', quantity: 1 }], 'dev_kiosk_garden');
		const error = await failureOf(desk.preview(STATION, code));
		expect(error).toMatchObject({ failure: 'other-location', place: 'Garden Food Court' });

		const unnamed = new ReturnDesk({ ...deskDependencies(), placeName: async () => null });
		expect(await failureOf(unnamed.preview(STATION, code))).toMatchObject({
			failure: 'other-location',
			place: null
		});
	});

	it('expired containers are not offered; a code with nothing active left says so', async () => {
		const code = await issue();
		// The pitcher's window is 12 h, the cups' 48 h; the 5-minute check expires them.
		await sim.control('POST', '/_sim/clock', { advanceMinutes: 12 * 60 + 5 });
		expect(all(await desk.preview(STATION, code))).toEqual({ cat_cup: 3 });
		await sim.control('POST', '/_sim/clock', { advanceMinutes: 36 * 60 });
		expect((await failureOf(desk.preview(STATION, code))).failure).toBe('nothing-left');
		expect(await statuses(code)).toEqual({ EXPIRED: 4 });
	});
});

describe('confirm', () => {
	it('returns everything: per category returned and remaining, refund 3 × 2.00 + 5.00', async () => {
		const code = await issue();
		const result = await confirm(code, await desk.preview(STATION, code));
		expect(
			result.lines.map(({ categoryId, returned, remaining, refundMinor }) => [
				categoryId,
				returned,
				remaining,
				refundMinor
			])
		).toEqual([
			['cat_cup', 3, 0, 600],
			['cat_pitcher', 1, 0, 500]
		]);
		expect(result.refunds).toEqual([{ currencyCode: 'EUR', minor: 1100 }]);
		expect(result.payOut).toBe(false);
		expect(await statuses(code)).toEqual({ RETURNED: 4 });
		expect((await validateEntries()).map((e) => e.status)).toEqual(['succeeded']);
		// The journal keeps the code's last characters and a hash, never the code.
		expect(JSON.stringify(await journal.list())).not.toContain(code);
	});

	it('partial, then the rest: the second visit shows what is left', async () => {
		const code = await issue();
		const first = await confirm(code, await desk.preview(STATION, code), { cat_cup: 1 });
		expect(first.lines.map((l) => [l.returned, l.remaining])).toEqual([
			[1, 2],
			[0, 1]
		]);
		expect(first.refunds[0]?.minor).toBe(200);
		const second = await desk.preview(STATION, code);
		expect(all(second)).toEqual({ cat_cup: 2, cat_pitcher: 1 });
		const rest = await confirm(code, second);
		expect(rest.refunds[0]?.minor).toBe(900);
		expect(await statuses(code)).toEqual({ RETURNED: 4 });
		expect((await failureOf(desk.preview(STATION, code))).failure).toBe('nothing-left');
	});

	it('nothing chosen: refused before anything is sent', async () => {
		const code = await issue();
		const preview = await desk.preview(STATION, code);
		expect((await failureOf(confirm(code, preview, { cat_cup: 0 }))).failure).toBe(
			'nothing-chosen'
		);
		expect(validateCalls).toBe(0);
	});

	it('spec 1 rule 3: counts that fell since the preview → the new counts, then a retry', async () => {
		const code = await issue();
		const preview = await desk.preview(STATION, code);
		// Another device of the place takes one cup back meanwhile (spec 1 rule 5).
		await clientFor(sim, 'dev_kiosk_main').deposits.validateTransaction(code, [
			{ hybridRevoTokenCategoryId: 'cat_cup', quantity: 1 }
		]);
		const error = await failureOf(confirm(code, preview));
		expect(error.failure).toBe('counts-changed');
		expect(all(error.preview!)).toEqual({ cat_cup: 2, cat_pitcher: 1 });
		expect(error.preview!.returnId).not.toBe(preview.returnId);
		const result = await confirm(code, error.preview!);
		expect(result.refunds[0]?.minor).toBe(900);
		expect(await statuses(code)).toEqual({ RETURNED: 4 });
	});

	it('spec 1 rule 3 from the platform itself: NOT_ENOUGH_ACTIVE_ITEMS → preview again, adjust, retry', async () => {
		const code = await issue();
		const preview = await desk.preview(STATION, code);
		// The validate waits on the platform while the kiosk returns a cup: the platform refuses it.
		await addFault(sim, {
			method: 'POST',
			path: '/v1/*/*/*/validate',
			mode: 'delay',
			delayMs: 400
		});
		const confirming = failureOf(confirm(code, preview));
		await sleep(100);
		await clientFor(sim, 'dev_kiosk_main').deposits.validateTransaction(code, [
			{ hybridRevoTokenCategoryId: 'cat_cup', quantity: 1 }
		]);
		const error = await confirming;
		expect(error.failure).toBe('counts-changed');
		expect(all(error.preview!)).toEqual({ cat_cup: 2, cat_pitcher: 1 });
		expect(await validateEntries()).toMatchObject([
			{ status: 'failed', errorCode: DepositErrorCode.notEnoughActiveItems }
		]);
		expect(await statuses(code)).toEqual({ ACTIVE: 3, RETURNED: 1 });
		await confirm(code, error.preview!, { cat_cup: 2, cat_pitcher: 1 });
		expect(await statuses(code)).toEqual({ RETURNED: 4 });
	});

	it('DUPLICATE_CATEGORY_ID cannot happen: the choice is keyed by category, so one entry each', async () => {
		const code = await issue();
		const preview = await desk.preview(STATION, code);
		// The platform would refuse a repeated category …
		const twice = await sim.call(
			STATION,
			'POST',
			`/v1/integrations/hybrid-revo-token-transactions/${code}/validate`,
			{
				body: [
					{ hybridRevoTokenCategoryId: 'cat_cup', quantity: 1 },
					{ hybridRevoTokenCategoryId: 'cat_cup', quantity: 1 }
				]
			}
		);
		expect(errorCodeOf(twice)).toBe(DepositErrorCode.duplicateCategoryId);
		// … but a body naming it twice reaches the desk as one key (JSON keeps the last).
		const body = JSON.parse(
			`{"returnId":"${preview.returnId}","code":"${code}","quantities":{"cat_cup":1,"cat_cup":2}}`
		) as ReturnRequest;
		const result = await desk.confirm(STATION, body);
		expect(result.lines[0]).toMatchObject({ categoryId: 'cat_cup', returned: 2, remaining: 1 });
		expect((await validateEntries())[0]?.request).toMatchObject({
			items: [{ categoryId: 'cat_cup', quantity: 2 }]
		});
	});

	it('spec 1 rule 4 at validate time: another location is refused, nothing returned', async () => {
		const code = await issue([{ productId: 'drink_pils', quantity: 2 }], 'dev_kiosk_garden');
		const fake: ReturnPreviewView = {
			returnId: 'a'.repeat(32),
			categories: []
		};
		const error = await failureOf(confirm(code, fake, { cat_cup: 2 }));
		expect(error).toMatchObject({ failure: 'other-location', place: 'Garden Food Court' });
		expect(await statuses(code)).toEqual({ ACTIVE: 2 });
	});

	it('the same return confirmed twice (double tap, retry): answered, never returned twice', async () => {
		const code = await issue([{ productId: 'drink_pils', quantity: 4 }]);
		const preview = await desk.preview(STATION, code);
		const [first, second] = await Promise.all([
			confirm(code, preview, { cat_cup: 2 }),
			confirm(code, preview, { cat_cup: 2 })
		]);
		expect(second).toEqual(first);
		const third = await confirm(code, preview, { cat_cup: 2 });
		expect(third).toEqual(first);
		expect(await statuses(code)).toEqual({ ACTIVE: 2, RETURNED: 2 });
		expect(validateCalls).toBe(1);
	});

	it('a returnId of another code is refused', async () => {
		const code = await issue();
		const preview = await desk.preview(STATION, code);
		await confirm(code, preview, { cat_cup: 1 });
		const other = await issue();
		expect((await failureOf(confirm(other, preview, { cat_cup: 1 }))).failure).toBe('bad-request');
		expect(await statuses(other)).toEqual({ ACTIVE: 4 });
	});
});

describe('lost answers', () => {
	it('the validate took effect, its answer was lost: a fresh preview shows it; counted once', async () => {
		const code = await issue();
		const preview = await desk.preview(STATION, code);
		await addFault(sim, {
			method: 'POST',
			path: `/v1/integrations/hybrid-revo-token-transactions/${code}/validate`,
			mode: 'drop'
		});
		const result = await confirm(code, preview, { cat_cup: 2, cat_pitcher: 1 });
		expect(result.lines.map((l) => [l.categoryId, l.returned, l.remaining])).toEqual([
			['cat_cup', 2, 1],
			['cat_pitcher', 1, 0]
		]);
		expect(result.refunds[0]?.minor).toBe(900);
		expect(await statuses(code)).toEqual({ ACTIVE: 1, RETURNED: 3 });
		expect(validateCalls).toBe(1);
		const [entry] = await validateEntries();
		expect(entry).toMatchObject({
			status: 'resolved',
			errorCode: 'network',
			request: {
				items: [
					{ categoryId: 'cat_cup', quantity: 2 },
					{ categoryId: 'cat_pitcher', quantity: 1 }
				]
			},
			result: {
				resolvedBy: 'fresh-preview',
				decision: 'happened',
				after: { cat_cup: 1, cat_pitcher: 0 }
			}
		});
	});

	it('a 500 (no effect): the fresh preview shows nothing happened, then it is sent once more', async () => {
		const code = await issue();
		const preview = await desk.preview(STATION, code);
		await addFault(sim, {
			method: 'POST',
			path: '/v1/*/*/*/validate',
			mode: 'status',
			status: 500
		});
		const result = await confirm(code, preview);
		expect(result.refunds[0]?.minor).toBe(1100);
		expect(await statuses(code)).toEqual({ RETURNED: 4 });
		expect(validateCalls).toBe(2);
		expect(
			(await validateEntries()).map((e) => [e.status, e.errorCode, (e.result as any)?.decision])
		).toEqual([
			['resolved', 'api', 'not-happened'],
			['succeeded', null, undefined]
		]);
	});

	it('a timed-out validate that lands while the station waits: shown done, counted once', async () => {
		const code = await issue();
		const preview = await desk.preview(STATION, code);
		// The platform works for 1.3 s; the client gives up after 1 s, then waits 1 s to look.
		await addFault(sim, {
			method: 'POST',
			path: '/v1/*/*/*/validate',
			mode: 'delay',
			delayMs: 1_300
		});
		const result = await confirm(code, preview);
		expect(result.refunds[0]?.minor).toBe(1100);
		expect(await validateEntries()).toMatchObject([
			{ status: 'resolved', errorCode: 'timeout', result: { decision: 'happened' } }
		]);
		expect(await statuses(code)).toEqual({ RETURNED: 4 });
		expect(validateCalls).toBe(1);
	});

	it('a timed-out validate still under way is never sent again by itself: it lands once', async () => {
		const code = await issue();
		const preview = await desk.preview(STATION, code);
		const impatient = new ReturnDesk({ ...deskDependencies(), settleMs: 100 });
		await addFault(sim, {
			method: 'POST',
			path: '/v1/*/*/*/validate',
			mode: 'delay',
			delayMs: 2_000
		});
		const error = await failureOf(
			impatient.confirm(STATION, { returnId: preview.returnId, code, quantities: all(preview) })
		);
		// The fresh preview saw nothing returned yet: the guest gets the counts to confirm again.
		expect(error.failure).toBe('not-returned');
		expect(all(error.preview!)).toEqual({ cat_cup: 3, cat_pitcher: 1 });
		expect(await validateEntries()).toMatchObject([
			{ status: 'resolved', errorCode: 'timeout', result: { decision: 'not-happened' } }
		]);
		// Then the first request lands after all; confirming again finds nothing left.
		await sleep(1_500);
		expect(await statuses(code)).toEqual({ RETURNED: 4 });
		expect((await failureOf(confirm(code, error.preview!))).failure).toBe('nothing-left');
		expect(await statuses(code)).toEqual({ RETURNED: 4 });
	});

	it('a timeout whose fresh preview fails too: unknown for now; asked again, it is resolved', async () => {
		const code = await issue();
		const preview = await desk.preview(STATION, code);
		await addFault(sim, { method: 'POST', path: '/v1/*/*/*/validate', mode: 'drop' });
		// The preview just before the validate goes through; the 4 attempts of the fresh one fail.
		await addFault(sim, { method: 'GET', path: '/v1/*/*/*/preview', mode: 'delay', delayMs: 0 });
		await addFault(sim, {
			method: 'GET',
			path: '/v1/*/*/*/preview',
			mode: 'status',
			status: 503,
			count: 4
		});
		expect((await failureOf(confirm(code, preview))).failure).toBe('outcome-unknown');
		expect((await validateEntries()).map((e) => e.status)).toEqual(['uncertain']);

		// The screen asks again with the same return: resolved by a fresh preview, not sent again.
		const result = await confirm(code, preview);
		expect(result.refunds[0]?.minor).toBe(1100);
		expect(validateCalls).toBe(1);
		expect((await validateEntries()).map((e) => e.status)).toEqual(['resolved']);
		expect(await statuses(code)).toEqual({ RETURNED: 4 });
	});
});

describe('staff-attended', () => {
	beforeEach(() => {
		settings = { ...settings, staffAttended: true };
	});

	it('nothing is returned without the staff PIN; with it, the result says to pay out', async () => {
		const code = await issue();
		const preview = await desk.preview(STATION, code);
		expect((await failureOf(confirm(code, preview, all(preview)))).failure).toBe('staff-pin-wrong');
		expect((await failureOf(confirm(code, preview, all(preview), '1357'))).failure).toBe(
			'staff-pin-wrong'
		);
		expect(validateCalls).toBe(0);
		const result = await confirm(code, preview, all(preview), '2468');
		expect(result).toMatchObject({ payOut: true, refunds: [{ currencyCode: 'EUR', minor: 1100 }] });
	});

	it('wrong PINs make the station wait, counted per station like the screen exit', async () => {
		const code = await issue();
		const preview = await desk.preview(STATION, code);
		for (let i = 0; i < 6; i += 1) await failureOf(confirm(code, preview, all(preview), '0000'));
		const waiting = await failureOf(confirm(code, preview, all(preview), '2468'));
		expect(waiting.failure).toBe('staff-pin-rate-limited');
		expect(waiting.waitMs).toBeGreaterThan(0);
		expect(waiting.waitMs).toBeLessThanOrEqual(1_000);
		expect(await statuses(code)).toEqual({ ACTIVE: 4 });
	});
});

/** The desk's dependencies as set up in beforeEach, for variants. */
function deskDependencies() {
	return {
		journal,
		platformFor: async () => clientFor(sim, STATION, { timeoutMs: 1_000 }),
		issuedHere: async () => null,
		placeName: async (placeId: string) => (placeId === 'place_garden' ? 'Garden Food Court' : null),
		placeOfDevice: async () => null,
		settings: async () => settings,
		checkPin: async () => 'ok' as const,
		acrossServers: <T>(code: string, task: () => Promise<T>) =>
			codeLocks.run(`deposit-code:${code}`, task)
	};
}
