import { EVERY_GUEST_LANGUAGE } from '#lib/shared/guest-languages.ts';
import { describe, expect, it, vi } from 'vitest';
import type { ReturnPreviewView, ReturnResultView } from '#lib/shared/return-view.ts';
import { NOT_TAKEN } from '#lib/scanner/scanner.ts';
import type { ConfirmRequest, ReturnApi, ReturnApiResult } from './return-api.ts';
import { ReturnSession } from './return-session.svelte.ts';
import type { ReturnView } from './types.ts';

const CODE = 'K7QX2M9RTW4HZP8NCV3BFJ6LYD5SG1AE0UXK2M7Q';

const preview = (cups: number, returnId = 'a'.repeat(32)): ReturnPreviewView => ({
	returnId,
	categories: [
		{
			categoryId: 'cat_cup',
			name: 'Cup',
			activeCount: cups,
			unitMinor: 200,
			currencyCode: 'EUR',
			expirationHours: 48,
			deadline: null
		},
		{
			categoryId: 'cat_pitcher',
			name: 'Pitcher',
			activeCount: 1,
			unitMinor: 500,
			currencyCode: 'EUR',
			expirationHours: 12,
			deadline: null
		}
	]
});
const RESULT: ReturnResultView = {
	returnId: 'a'.repeat(32),
	lines: [],
	refunds: [{ currencyCode: 'EUR', minor: 1100 }],
	payOut: false
};

type Answer<T> = ReturnApiResult<T>;
const failure = (
	name: Extract<Answer<unknown>, { ok: false }>['failure'],
	details: { place?: string; preview?: ReturnPreviewView; waitMs?: number } = {}
): Answer<never> => ({
	ok: false,
	failure: name,
	place: details.place ?? null,
	preview: details.preview ?? null,
	waitMs: details.waitMs ?? null
});

/** Whether the station reaches its server, as the test says; what the session reported. */
function reach() {
	return {
		reachable: true,
		platform: { loyalty: true, deposits: true },
		reported: 0,
		unreachable() {
			this.reachable = false;
			this.reported += 1;
		}
	};
}

function station(
	answers: { preview?: Answer<ReturnPreviewView>[]; confirm?: Answer<ReturnResultView>[] },
	staffAttended = false,
	reachability: ReturnType<typeof reach> | null = null
) {
	const api = {
		preview: vi.fn(async () => answers.preview?.shift() ?? failure('server')),
		confirm: vi.fn<(request: ConfirmRequest) => Promise<Answer<ReturnResultView>>>(
			async () => answers.confirm?.shift() ?? failure('server')
		)
	};
	const view: ReturnView = {
		identity: null,
		settings: { staffAttended, idleSeconds: 60, resultSeconds: 15 },
		containerNames: {},
		languages: EVERY_GUEST_LANGUAGE
	};
	const session = new ReturnSession(() => view, api as unknown as ReturnApi);
	if (reachability) session.watch(reachability);
	return { api, session };
}

describe('ReturnSession', () => {
	it('out of reach of its server: no code is checked and no return confirmed; a lost answer pauses it', async () => {
		const reachability = reach();
		const { api, session } = station(
			{
				preview: [{ ok: true, value: preview(3) }],
				confirm: [failure('network'), failure('network')]
			},
			false,
			reachability
		);
		await session.scan(CODE);
		expect(session.step).toBe('choose');
		reachability.reachable = false;
		await session.confirm();
		expect(api.confirm).not.toHaveBeenCalled();
		expect(session.step).toBe('choose');
		expect(session.problem?.message.key).toBe('return_failure_offline');
		expect(session.paused).toBe(true);

		reachability.reachable = true;
		await session.confirm();
		// Both answers lost: "check again" stays possible, and the station is paused.
		expect(api.confirm).toHaveBeenCalledTimes(2);
		expect(reachability.reported).toBeGreaterThan(0);
		expect(session.problem?.actions).toContain('check-again');

		session.startOver();
		await session.scan(CODE);
		expect(api.preview).toHaveBeenCalledTimes(1);
		expect(session.step).toBe('scan');
		expect(session.problem?.message.key).toBe('return_failure_offline');
	});

	it('the platform’s deposits out of reach: returns pause with their own message, and resume', async () => {
		const reachability = reach();
		const { api, session } = station(
			{ preview: [{ ok: true, value: preview(3) }] },
			false,
			reachability
		);
		reachability.platform = { loyalty: true, deposits: false };
		expect(session.paused).toBe(true);
		// Not looked at: the camera offers the code again while it stays in view.
		expect(await session.scan(CODE)).toBe(NOT_TAKEN);
		expect(api.preview).not.toHaveBeenCalled();
		expect(session.problem?.message.key).toBe('return_failure_deposits_offline');
		expect(session.step).toBe('scan');

		reachability.platform = { loyalty: true, deposits: true };
		expect(session.paused).toBe(false);
		expect(await session.scan(CODE)).toBeUndefined();
		expect(session.step).toBe('choose');
	});

	it('a bad scan says why and sends nothing', async () => {
		const { api, session } = station({});
		await session.scan('000a1b2c3d4e5f60718293a4b5c6d7e8');
		expect(session.problem?.message.key).toBe('return_failure_code_loyalty');
		expect(session.step).toBe('scan');
		expect(api.preview).not.toHaveBeenCalled();
	});

	it('a scan offers everything active; the steppers stay within the counts', async () => {
		const { session } = station({ preview: [{ ok: true, value: preview(3) }] });
		await session.scan(`${CODE}\n`);
		expect(session.step).toBe('choose');
		expect(session.quantities).toEqual({ cat_cup: 3, cat_pitcher: 1 });
		expect(session.chosen).toBe(4);
		expect(session.refunds).toEqual([{ currencyCode: 'EUR', minor: 1100 }]);
		session.setQuantity('cat_cup', 9);
		session.setQuantity('cat_pitcher', -1);
		expect(session.quantities).toEqual({ cat_cup: 3, cat_pitcher: 0 });
	});

	it('a confirm whose answer was lost is asked again as is (same return), then shows the result', async () => {
		const { api, session } = station({
			preview: [{ ok: true, value: preview(3) }],
			confirm: [failure('network'), { ok: true, value: RESULT }]
		});
		await session.scan(CODE);
		await session.confirm();
		expect(session.step).toBe('result');
		expect(session.result).toEqual(RESULT);
		expect(api.confirm).toHaveBeenCalledTimes(2);
		const [first, second] = api.confirm.mock.calls.map(([request]) => request);
		expect(second).toEqual(first);
		expect(first).toEqual({
			returnId: 'a'.repeat(32),
			code: CODE,
			quantities: { cat_cup: 3, cat_pitcher: 1 }
		});
	});

	it('still no answer: "check again" asks for the same return once more', async () => {
		const { api, session } = station({
			preview: [{ ok: true, value: preview(3) }],
			confirm: [failure('network'), failure('network'), { ok: true, value: RESULT }]
		});
		await session.scan(CODE);
		await session.confirm();
		expect(session.step).toBe('choose');
		expect(session.problem).toEqual({
			message: { key: 'return_failure_outcome_unknown' },
			actions: ['check-again', 'start-over']
		});
		session.setQuantity('cat_cup', 1);
		await session.act('check-again');
		expect(session.step).toBe('result');
		// The request sent before, not the choice changed since.
		expect(api.confirm.mock.calls[2]?.[0].quantities).toEqual({ cat_cup: 3, cat_pitcher: 1 });
	});

	it('counts that changed: the new counts, the choice capped, a new return', async () => {
		const { session } = station({
			preview: [{ ok: true, value: preview(3) }],
			confirm: [failure('counts-changed', { preview: preview(2, 'b'.repeat(32)) })]
		});
		await session.scan(CODE);
		await session.confirm();
		expect(session.step).toBe('choose');
		expect(session.preview?.returnId).toBe('b'.repeat(32));
		expect(session.quantities).toEqual({ cat_cup: 2, cat_pitcher: 1 });
		expect(session.problem?.message.key).toBe('return_failure_counts_changed');
	});

	it('another location: named when known, back to scanning', async () => {
		const { session } = station({
			preview: [failure('other-location', { place: 'Garden Food Court' })]
		});
		await session.scan(CODE);
		expect(session.step).toBe('scan');
		expect(session.problem?.message).toEqual({
			key: 'return_failure_other_location_named',
			params: { place: 'Garden Food Court' }
		});
	});

	it('staff-attended: the PIN step first; a wrong PIN stays there, cleared', async () => {
		const { api, session } = station(
			{
				preview: [{ ok: true, value: preview(3) }],
				confirm: [failure('staff-pin-wrong'), { ok: true, value: { ...RESULT, payOut: true } }]
			},
			true
		);
		await session.scan(CODE);
		await session.confirm();
		expect(session.step).toBe('staff');
		expect(api.confirm).not.toHaveBeenCalled();
		for (const digit of '999') session.pressPin(digit);
		await session.confirmWithPin();
		expect(api.confirm).not.toHaveBeenCalled();
		session.pressPin('9');
		await session.confirmWithPin();
		expect(api.confirm.mock.calls[0]?.[0].pin).toBe('9999');
		expect(session.step).toBe('staff');
		expect(session.pin).toBe('');
		expect(session.problem?.message.key).toBe('return_failure_pin_wrong');
		for (const digit of '1234') session.pressPin(digit);
		await session.confirmWithPin();
		expect(session.step).toBe('result');
		expect(session.result?.payOut).toBe(true);
	});

	it('start over forgets the guest', async () => {
		const { session } = station({ preview: [{ ok: true, value: preview(3) }] });
		await session.scan(CODE);
		session.startOver();
		expect([session.step, session.preview, session.quantities, session.problem]).toEqual([
			'scan',
			null,
			{},
			null
		]);
	});
});
