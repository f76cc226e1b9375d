import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AttemptLimiter } from '../auth/rate-limit.ts';
import { SessionStore } from '../auth/sessions.ts';
import { StaffCredentials } from '../auth/staff-credentials.ts';
import type { ServerContext } from '../context.ts';
import { Settings } from '../settings.ts';
import type { Store } from '../store/store.ts';
import { ENGINES, openTestStore } from '../store/testing/test-stores.ts';
import { checkScreenPin, setScreenPin } from './screen-pin.ts';
import { createFirstPassword, logIn } from './staff-login.ts';

const form = (values: Record<string, string>) => {
	const data = new FormData();
	for (const [name, value] of Object.entries(values)) data.set(name, value);
	return data;
};

describe.each(ENGINES)('the staff login on %s', (engine) => {
	let store: Store;
	let context: ServerContext;
	beforeEach(async () => {
		store = await openTestStore(engine);
		context = {
			staff: new StaffCredentials(store, 'festival-2026'),
			sessions: new SessionStore(store),
			loginAttempts: new AttemptLimiter(store, { limit: 3, windowMs: 15 * 60_000 }),
			settings: new Settings(store)
		} as unknown as ServerContext;
	});
	afterEach(() => store.close());

	it('opens a session for the password, and waits after too many wrong ones', async () => {
		const right = await logIn(context, form({ password: 'festival-2026' }), 'a');
		expect(right.ok).toBe(true);
		if (right.ok) expect(await context.sessions.find(right.token)).toMatchObject({ kind: 'staff' });
		for (let i = 0; i < 3; i += 1) {
			expect(await logIn(context, form({ password: 'guess' }), 'a')).toMatchObject({
				ok: false,
				status: 400
			});
		}
		expect(await logIn(context, form({ password: 'festival-2026' }), 'a')).toMatchObject({
			ok: false,
			status: 429,
			error: { key: 'login_rate_limited', params: { minutes: 15 } }
		});
		expect((await logIn(context, form({ password: 'festival-2026' }), 'b')).ok).toBe(true);
	});

	it('wrong passwords and wrong screen PINs of one client count together', async () => {
		await setScreenPin(context.settings, '4711');
		await logIn(context, form({ password: 'guess' }), 'a');
		await checkScreenPin(context.loginAttempts, context.settings, '0000', 'a');
		await logIn(context, form({ password: 'guess' }), 'a');
		expect(await checkScreenPin(context.loginAttempts, context.settings, '4711', 'a')).toBe(
			'rate-limited'
		);
	});

	it('the first password is set once, on whichever server comes first', async () => {
		const first = { ...context, staff: new StaffCredentials(store) } as ServerContext;
		const created = await createFirstPassword(
			first,
			form({ password: 'first-password', confirm: 'first-password' })
		);
		expect(created.ok).toBe(true);
		expect(
			await createFirstPassword(
				{ ...first, staff: new StaffCredentials(store) } as ServerContext,
				form({ password: 'other-password', confirm: 'other-password' })
			)
		).toMatchObject({ ok: false, status: 409 });
	});
});
