import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../store/store.ts';
import { ENGINES, openTestStore } from '../store/testing/test-stores.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { AttemptLimiter } from './rate-limit.ts';
import { SessionStore, STAFF_SESSION_MS } from './sessions.ts';
import { StaffCredentials } from './staff-credentials.ts';

describe('passwords', () => {
	it('verifies the right password only, with a fresh salt each time', async () => {
		const stored = await hashPassword('correct horse');
		expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
		expect(await verifyPassword('correct horse', stored)).toBe(true);
		expect(await verifyPassword('correct hors', stored)).toBe(false);
		expect(await hashPassword('correct horse')).not.toBe(stored);
		expect(await verifyPassword('x', 'garbage')).toBe(false);
	});
});

describe.each(ENGINES)('the staff and screen access on %s', (engine) => {
	let store: Store;
	beforeEach(async () => {
		store = await openTestStore(engine);
	});
	afterEach(() => store.close());

	describe('sessions', () => {
		it('finds live sessions by token, never stores the token, and expires them', async () => {
			let now = new Date('2026-11-22T10:00:00Z');
			const sessions = new SessionStore(store, () => now);
			const { token } = await sessions.create('staff');
			expect(await sessions.find(token)).toEqual({
				kind: 'staff',
				deviceId: null,
				expiresAt: new Date(now.getTime() + STAFF_SESSION_MS).toISOString()
			});
			const rows = await store.db.selectFrom('sessions').selectAll().execute();
			expect(rows).toHaveLength(1);
			expect(JSON.stringify(rows)).not.toContain(token);
			expect(await sessions.find('made-up')).toBeUndefined();
			now = new Date(now.getTime() + STAFF_SESSION_MS);
			expect(await sessions.find(token)).toBeUndefined();
		});

		it('revokes a session', async () => {
			const sessions = new SessionStore(store);
			const { token } = await sessions.create('staff');
			await sessions.revoke(token);
			expect(await sessions.find(token)).toBeUndefined();
		});

		it('purges the expired sessions only', async () => {
			const start = new Date('2026-11-22T10:00:00Z');
			let now = start;
			const sessions = new SessionStore(store, () => now);
			const early = await sessions.create('staff');
			now = new Date(start.getTime() + STAFF_SESSION_MS / 2);
			const later = await sessions.create('staff');
			now = new Date(start.getTime() + STAFF_SESSION_MS);
			await sessions.purgeExpired();
			// Back at a time both were live: only the one not purged is found.
			now = new Date(start.getTime() + STAFF_SESSION_MS / 2);
			expect(await sessions.find(early.token)).toBeUndefined();
			expect(await sessions.find(later.token)).toMatchObject({ kind: 'staff' });
		});
	});

	describe('AttemptLimiter', () => {
		it('blocks after the limit within the window, and forgets after it', async () => {
			let now = 0;
			const limiter = new AttemptLimiter(store, { limit: 3, windowMs: 60_000 }, () => now);
			for (let i = 0; i < 3; i += 1) {
				expect(await limiter.attempt('1.2.3.4')).toBe(0);
				now += 1_000;
			}
			expect(await limiter.attempt('1.2.3.4')).toBe(57_000);
			expect(await limiter.attempt('5.6.7.8')).toBe(0);
			// Refused attempts do not keep the window open.
			now = 59_999;
			expect(await limiter.attempt('1.2.3.4')).toBe(1);
			now = 60_000;
			expect(await limiter.attempt('1.2.3.4')).toBe(0);
		});

		it('a success clears the attempts', async () => {
			const limiter = new AttemptLimiter(store, { limit: 2, windowMs: 60_000 }, () => 0);
			await limiter.attempt('a');
			await limiter.attempt('a');
			await limiter.succeed('a');
			expect(await limiter.attempt('a')).toBe(0);
			expect(await limiter.attempt('a')).toBe(0);
			expect(await limiter.attempt('a')).toBe(60_000);
		});

		it('two servers on one store count the same attempts, and forget closed windows', async () => {
			let now = 0;
			const limits = { limit: 4, windowMs: 60_000 };
			const serverA = new AttemptLimiter(store, limits, () => now);
			const serverB = new AttemptLimiter(store, limits, () => now);
			for (const server of [serverA, serverB, serverA, serverB]) {
				expect(await server.attempt('9.9.9.9')).toBe(0);
			}
			expect(await serverA.attempt('9.9.9.9')).toBe(60_000);
			expect(await serverB.attempt('9.9.9.9')).toBe(60_000);
			now = 60_000;
			expect(await serverB.attempt('8.8.8.8')).toBe(0);
			expect(await store.db.selectFrom('login_attempts').select('client').execute()).toEqual([
				{ client: '8.8.8.8' }
			]);
		});

		it('20 attempts at once are all counted: the limit get through, the rest wait', async () => {
			const limiter = new AttemptLimiter(store, { limit: 5, windowMs: 60_000 });
			const waits = await Promise.all(
				Array.from({ length: 20 }, () => limiter.attempt('10.0.0.1'))
			);
			expect(waits.filter((wait) => wait === 0)).toHaveLength(5);
			expect(waits.filter((wait) => wait > 0)).toHaveLength(15);
			const row = await store.db
				.selectFrom('login_attempts')
				.select('attempts')
				.where('client', '=', '10.0.0.1')
				.executeTakeFirstOrThrow();
			expect(row.attempts).toBe(20);
		});
	});

	describe('StaffCredentials', () => {
		it('first run creates the password once; later calls cannot replace it', async () => {
			const staff = new StaffCredentials(store);
			expect(await staff.isSet()).toBe(false);
			expect(await staff.verify('anything')).toBe(false);
			expect(await staff.create('festival-2026')).toBe(true);
			expect(await staff.create('hijacked-pass')).toBe(false);
			expect(await staff.isSet()).toBe(true);
			expect(await staff.verify('festival-2026')).toBe(true);
			expect(await staff.verify('hijacked-pass')).toBe(false);
		});

		it('of two first runs at once, on two servers, one creates the password', async () => {
			const [serverA, serverB] = [new StaffCredentials(store), new StaffCredentials(store)];
			const created = await Promise.all([
				serverA.create('first-password'),
				serverB.create('other-password')
			]);
			expect(created.filter(Boolean)).toHaveLength(1);
			const winner = created[0] ? 'first-password' : 'other-password';
			expect(await serverB.verify(winner)).toBe(true);
		});

		it('STAFF_PASSWORD from the environment wins', async () => {
			const staff = new StaffCredentials(store, 'from-the-env');
			expect(await staff.isSet()).toBe(true);
			expect(await staff.verify('from-the-env')).toBe(true);
			expect(await staff.verify('from-the-en')).toBe(false);
			expect(await staff.create('other-password')).toBe(false);
		});
	});
});
