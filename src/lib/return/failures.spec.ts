import { describe, expect, it } from 'vitest';
import { translate } from '#lib/shared/message.ts';
import { m } from '#lib/paraglide/messages.js';
import type { ReturnFailure } from '#lib/shared/return-view.ts';
import { planFor, RETURN_API_FAILURES } from './failures.ts';

/** Every failure code of the return saga (a missing one does not compile). */
const DESK_FAILURES: Record<ReturnFailure, true> = {
	'code-empty': true,
	'code-wrong-length': true,
	'code-invalid': true,
	'code-is-loyalty-key': true,
	'code-not-found': true,
	'other-location': true,
	'nothing-left': true,
	'counts-changed': true,
	'not-returned': true,
	'nothing-chosen': true,
	'staff-pin-wrong': true,
	'staff-pin-rate-limited': true,
	'outcome-unknown': true,
	'platform-unavailable': true,
	'platform-refused': true,
	'bad-request': true
};

describe('every return failure ends in a message and a next step', () => {
	it('knows every failure code of the return saga', () => {
		for (const failure of Object.keys(DESK_FAILURES))
			expect(RETURN_API_FAILURES).toContain(failure);
	});

	it.each(RETURN_API_FAILURES)('%s: a translated message and a defined next step', (failure) => {
		for (const stage of ['scan', 'confirm'] as const) {
			const plan = planFor(failure, stage);
			expect(typeof m[plan.message.key]).toBe('function');
			expect(plan.message.key.startsWith('return_failure_')).toBe(true);
			expect(['scan', 'choose', 'staff', 'stay', 'reload']).toContain(plan.next);
		}
	});

	it('too many wrong staff PINs: says how long the keypad waits, in seconds or minutes', () => {
		expect(planFor('staff-pin-rate-limited', 'confirm', null, 1_500)).toMatchObject({
			next: 'staff',
			message: { key: 'return_failure_pin_wait_seconds', params: { seconds: 2 } }
		});
		const plan = planFor('staff-pin-rate-limited', 'confirm', null, 15 * 60_000);
		expect(plan.message).toEqual({
			key: 'return_failure_pin_wait_minutes',
			params: { minutes: 15 }
		});
		expect(translate(plan.message)).toBe(
			'Too many wrong PINs. Nothing was returned. Please try again in 15 min.'
		);
	});

	it('out of reach of the server: paused, scanning stays or the choice stays', () => {
		expect(planFor('offline', 'scan')).toMatchObject({
			next: 'scan',
			message: { key: 'return_failure_offline' },
			actions: []
		});
		expect(planFor('offline', 'confirm')).toMatchObject({
			next: 'stay',
			message: { key: 'return_failure_offline' },
			actions: []
		});
	});

	it('spec 1 rule 2: an unknown code → check the code, back to scanning', () => {
		const plan = planFor('code-not-found', 'scan');
		expect(plan).toMatchObject({ next: 'scan', message: { key: 'return_failure_not_found' } });
	});

	it('spec 1 rule 3: changed counts → choose again', () => {
		expect(planFor('counts-changed', 'confirm').next).toBe('choose');
	});

	it('spec 1 rule 4: another location, named where known', () => {
		expect(translate(planFor('other-location', 'scan', 'Garden Food Court').message)).toContain(
			'Garden Food Court'
		);
		expect(planFor('other-location', 'scan').message).toEqual({
			key: 'return_failure_other_location'
		});
	});

	it('a confirm without an answer may have happened: ask again, never return again blindly', () => {
		for (const failure of ['network', 'server', 'outcome-unknown'] as const) {
			expect(planFor(failure, 'confirm')).toMatchObject({
				next: 'stay',
				actions: ['check-again', 'start-over']
			});
		}
		expect(planFor('network', 'scan').next).toBe('scan');
	});
});
