import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuditLog } from '../audit/audit-log.ts';
import { AttemptThrottle } from '../auth/attempt-throttle.ts';
import { LoginAttempts } from '../auth/login-attempts.ts';
import { SessionStore } from '../auth/sessions.ts';
import { SetupCode } from '../auth/setup-code.ts';
import { StaffCredentials } from '../auth/staff-credentials.ts';
import type { ServerContext } from '../context.ts';
import { Settings } from '../settings.ts';
import type { Store } from '../store/store.ts';
import { ENGINES, openTestStore } from '../store/testing/test-stores.ts';
import { checkScreenPin, setScreenPin } from './screen-pin.ts';
import { changePassword, createFirstPasswords, logIn } from './staff-login.ts';

const form = (values: Record<string, string>) => {
	const data = new FormData();
	for (const [name, value] of Object.entries(values)) data.set(name, value);
	return data;
};

/** The set-up code of the tests' stores, as the server's log would show it. */
const SETUP_CODE = 'K7QM-ZP3T-H9XW';

const FIRST_RUN = {
	setupCode: SETUP_CODE,
	name: 'Mia',
	password: 'staff-pass-1',
	confirm: 'staff-pass-1',
	managerPassword: 'manager-pass-1',
	managerConfirm: 'manager-pass-1'
};

describe.each(ENGINES)('the staff login on %s', (engine) => {
	let store: Store;
	let context: ServerContext;
	let now: number;
	beforeEach(async () => {
		store = await openTestStore(engine);
		now = Date.parse('2026-06-01T12:00:00Z');
		context = {
			staff: new StaffCredentials(store, { staff: 'festival-2026', manager: 'manager-2026' }),
			sessions: new SessionStore(store),
			loginAttempts: new LoginAttempts(new AttemptThrottle(store, undefined, () => now)),
			settings: new Settings(store),
			setupCode: new SetupCode(new Settings(store), () => SETUP_CODE),
			audit: new AuditLog(store)
		} as unknown as ServerContext;
	});
	afterEach(() => store.close());

	const wrong = (name: string, address: string) =>
		logIn(context, form({ name, password: 'guess' }), address);
	const right = (name: string, address: string) =>
		logIn(context, form({ name, password: 'festival-2026' }), address);

	it('opens a session with the name and the role the password gives', async () => {
		const staff = await logIn(context, form({ name: ' Sam ', password: 'festival-2026' }), 'a');
		expect(staff).toMatchObject({ ok: true, staff: { name: 'Sam', role: 'staff' } });
		if (staff.ok)
			expect(await context.sessions.find(staff.token)).toMatchObject({
				kind: 'staff',
				staff: { name: 'Sam', role: 'staff' }
			});
		const manager = await logIn(context, form({ name: 'Mia', password: 'manager-2026' }), 'a');
		expect(manager).toMatchObject({ ok: true, staff: { name: 'Mia', role: 'manager' } });
	});

	it('after 6 wrong passwords a source waits a second, saying so, and then the right one gets in', async () => {
		for (let i = 0; i < 6; i += 1) {
			expect(await wrong(`Eve ${i}`, 'a')).toMatchObject({
				ok: false,
				status: 400,
				errors: { password: { key: 'login_wrong_password' } },
				name: `Eve ${i}`
			});
		}
		expect(await right('Sam', 'a')).toMatchObject({
			ok: false,
			status: 429,
			errors: { password: { key: 'attempts_wait_seconds', params: { seconds: 1 } } }
		});
		expect((await right('Sam', 'b')).ok).toBe(true);
		now += 1_000;
		expect((await right('Sam', 'a')).ok).toBe(true);
	});

	it('a long run of wrong passwords under a name never keeps the right one from another source out', async () => {
		// Someone guesses as "Sam" from one address as fast as the waits allow, and from 20 more.
		for (let i = 0; i < 20; i += 1) {
			const refusal = await wrong('Sam', 'attacker');
			if (refusal.ok) throw new Error('a guess got in');
			if (refusal.status === 429) now += 15 * 60_000;
			await wrong('sam', `botnet-${i}`);
		}
		expect(await wrong('Sam', 'attacker')).toMatchObject({
			status: 429,
			errors: { password: { key: 'attempts_wait_minutes', params: { minutes: 15 } } }
		});
		// A tablet with a typo of its own waits for the name, as a guesser would …
		expect(await wrong('Sam', 'bar')).toMatchObject({ ok: false, status: 400 });
		expect(await right('Sam', 'bar')).toMatchObject({ ok: false, status: 429 });
		// … but Sam at the office tablet, which typed nothing wrong, gets in at once, and that
		// clears the name.
		expect(await right('Sam', 'office')).toMatchObject({ ok: true, staff: { name: 'Sam' } });
		expect(await right('Sam', 'bar')).toMatchObject({ ok: true });
	});

	it('refuses a missing or too long name, even with the right password; the password is never checked, so nothing is counted', async () => {
		expect(await logIn(context, form({ password: 'manager-2026' }), 'a')).toMatchObject({
			ok: false,
			status: 400,
			errors: { name: { key: 'staff_name_missing' } }
		});
		expect(
			await logIn(context, form({ name: '   ', password: 'manager-2026' }), 'a')
		).toMatchObject({ errors: { name: { key: 'staff_name_missing' } } });
		expect(
			await logIn(context, form({ name: 'x'.repeat(61), password: 'manager-2026' }), 'a')
		).toMatchObject({ status: 400, errors: { name: { key: 'staff_name_too_long' } } });
		expect(await store.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
		expect(await store.db.selectFrom('attempt_counts').selectAll().execute()).toEqual([]);
		expect(
			await logIn(context, form({ name: 'Mia', password: 'manager-2026' }), 'a')
		).toMatchObject({ ok: true, staff: { name: 'Mia', role: 'manager' } });
	});

	it('wrong screen PINs never slow a staff login down', async () => {
		await setScreenPin(context.settings, '4711');
		for (let i = 0; i < 20; i += 1)
			await checkScreenPin(context.loginAttempts, context.settings, '0000', 'a');
		expect((await right('Sam', 'a')).ok).toBe(true);
	});

	describe('first run', () => {
		let fresh: ServerContext;
		beforeEach(async () => {
			fresh = { ...context, staff: new StaffCredentials(store) } as ServerContext;
			// The server's start made the code and logged it.
			await fresh.setupCode.current();
		});

		it('needs the set-up code from the log: refused without it or with a wrong one (nothing changed, attempts limited), accepted with it', async () => {
			expect(
				await createFirstPasswords(fresh, form({ ...FIRST_RUN, setupCode: ' ' }), 'a')
			).toEqual({
				ok: false,
				status: 400,
				name: 'Mia',
				errors: { setupCode: { key: 'setup_code_missing' } }
			});
			for (const wrong of ['K7QM-ZP3T-H9XX', 'anything']) {
				expect(
					await createFirstPasswords(fresh, form({ ...FIRST_RUN, setupCode: wrong }), 'a')
				).toEqual({
					ok: false,
					status: 400,
					name: 'Mia',
					errors: { setupCode: { key: 'setup_code_wrong' } }
				});
			}
			expect(await fresh.staff.isSet()).toBe(false);
			expect(await fresh.audit.list()).toMatchObject({ entries: [] });
			// Counted as logins of the address and the name: past the free failures (six wrong
			// codes in all), even the right one waits.
			for (let failure = 3; failure <= 6; failure += 1)
				await createFirstPasswords(fresh, form({ ...FIRST_RUN, setupCode: 'wrong' }), 'a');
			expect(await createFirstPasswords(fresh, form(FIRST_RUN), 'a')).toMatchObject({
				ok: false,
				status: 429,
				errors: { setupCode: { key: 'attempts_wait_seconds', params: { seconds: 1 } } }
			});
			expect(await fresh.staff.isSet()).toBe(false);

			// From another address, as printed or typed loosely: the passwords are made.
			expect(
				await createFirstPasswords(
					fresh,
					form({ ...FIRST_RUN, setupCode: ' k7qm zp3t h9xw ' }),
					'b'
				)
			).toMatchObject({ ok: true, staff: { role: 'manager' } });
			// Used up: the store holds no code any more.
			expect(await fresh.setupCode.matches(SETUP_CODE)).toBe(false);
		});

		it('one code for every server sharing the store, crypto-random and shown on no page', async () => {
			const settings = new Settings(store);
			const [first, second] = [new SetupCode(settings), new SetupCode(settings)];
			const code = await first.current();
			expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
			expect(await second.current()).toBe(code);
			expect(await new SetupCode(new Settings(store)).current()).toBe(code);
			const others = await Promise.all(
				Array.from({ length: 5 }, async () => {
					const other = await openTestStore(engine);
					try {
						return await new SetupCode(new Settings(other)).current();
					} finally {
						await other.close();
					}
				})
			);
			expect(new Set([code, ...others]).size).toBe(6);
		});

		it('creates both passwords once, on whichever server comes first, and logs in as manager', async () => {
			const created = await createFirstPasswords(fresh, form(FIRST_RUN), 'a');
			expect(created).toMatchObject({ ok: true, staff: { name: 'Mia', role: 'manager' } });
			expect(await fresh.staff.verify('staff-pass-1')).toBe('staff');
			expect(await fresh.staff.verify('manager-pass-1')).toBe('manager');
			const [entry] = (await fresh.audit.list()).entries;
			expect(entry).toMatchObject({
				actorName: 'Mia',
				actorRole: 'manager',
				action: 'passwords.first-run'
			});
			expect(JSON.stringify(entry)).not.toContain('pass-1');
			expect(
				await createFirstPasswords(
					{ ...fresh, staff: new StaffCredentials(store) } as ServerContext,
					form({ ...FIRST_RUN, password: 'other-password', confirm: 'other-password' }),
					'a'
				)
			).toMatchObject({ ok: false, status: 409 });
		});

		it('names every problem by its field: name, short, differing and equal passwords', async () => {
			expect(
				await createFirstPasswords(
					fresh,
					form({ ...FIRST_RUN, name: '', password: 'short', managerConfirm: 'manager-pass-2' }),
					'a'
				)
			).toEqual({
				ok: false,
				status: 400,
				name: '',
				errors: {
					name: { key: 'staff_name_missing' },
					password: { key: 'password_too_short', params: { min: 8 } },
					managerConfirm: { key: 'passwords_differ' }
				}
			});
			expect(
				await createFirstPasswords(
					fresh,
					form({
						...FIRST_RUN,
						managerPassword: 'staff-pass-1',
						managerConfirm: 'staff-pass-1'
					}),
					'a'
				)
			).toMatchObject({
				status: 400,
				errors: { managerPassword: { key: 'passwords_same' } }
			});
			expect(
				await createFirstPasswords(fresh, form({ ...FIRST_RUN, name: 'n'.repeat(61) }), 'a')
			).toMatchObject({ status: 400, errors: { name: { key: 'staff_name_too_long' } } });
			expect(await fresh.staff.isSet()).toBe(false);
		});

		it('with MANAGER_PASSWORD given, asks only for the staff password, which must differ from it', async () => {
			const withEnvironment = {
				...fresh,
				staff: new StaffCredentials(store, { manager: 'boss-from-env' })
			} as ServerContext;
			const staffOnly = {
				setupCode: SETUP_CODE,
				name: 'Mia',
				password: 'staff-pass-1',
				confirm: 'staff-pass-1'
			};
			expect(
				await createFirstPasswords(
					withEnvironment,
					form({ ...staffOnly, password: 'boss-from-env', confirm: 'boss-from-env' }),
					'a'
				)
			).toMatchObject({ status: 400, errors: { password: { key: 'passwords_same' } } });
			expect(await createFirstPasswords(withEnvironment, form(staffOnly), 'a')).toMatchObject({
				ok: true
			});
			expect(await withEnvironment.staff.verify('staff-pass-1')).toBe('staff');
			expect(await withEnvironment.staff.verify('boss-from-env')).toBe('manager');
		});
	});

	it('a manager sets the manager password of an install from before roles: audited, other logins end', async () => {
		const legacy = { ...context, staff: new StaffCredentials(store) } as ServerContext;
		await legacy.staff.create('festival-2026');
		const mia = await logIn(legacy, form({ name: 'Mia', password: 'festival-2026' }), 'a');
		const sam = await logIn(legacy, form({ name: 'Sam', password: 'festival-2026' }), 'b');
		if (!mia.ok || !sam.ok) throw new Error('login failed');
		expect(sam.staff.role).toBe('manager');

		const change = (values: Record<string, string>) =>
			changePassword(legacy, mia.staff, form(values), mia.token);
		expect(
			await change({ role: 'manager', password: 'festival-2026', confirm: 'festival-2026' })
		).toMatchObject({ ok: false, role: 'manager', error: { key: 'passwords_same' } });
		expect(
			await change({ role: 'manager', password: 'boss-2026', confirm: 'boss-2027' })
		).toMatchObject({ ok: false, error: { key: 'passwords_differ' } });
		expect(await change({ role: 'owner', password: 'boss-2026', confirm: 'boss-2026' })).toEqual({
			ok: false,
			role: null,
			error: { key: 'password_role_unknown' }
		});
		expect(await change({ role: 'manager', password: 'boss-2026', confirm: 'boss-2026' })).toEqual({
			ok: true,
			role: 'manager'
		});

		expect(await legacy.staff.verify('festival-2026')).toBe('staff');
		expect(await legacy.sessions.find(sam.token)).toBeUndefined();
		expect(await legacy.sessions.find(mia.token)).toMatchObject({ staff: mia.staff });
		const [entry] = (await legacy.audit.list()).entries;
		expect(entry).toMatchObject({
			actorName: 'Mia',
			action: 'password.manager',
			details: { before: 'none', after: 'set', otherLoginsEnded: true }
		});
		expect(JSON.stringify(entry)).not.toContain('boss-2026');
		// The environment's passwords are not changed here.
		expect(
			await changePassword(
				context,
				mia.staff,
				form({ role: 'staff', password: 'counter-2027', confirm: 'counter-2027' }),
				mia.token
			)
		).toMatchObject({ ok: false, error: { key: 'password_from_environment' } });
	});
});
