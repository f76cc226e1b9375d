import { describe, expect, it } from 'vitest';
import { openDatabase } from '../store/database.ts';
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

describe('sessions', () => {
	it('finds live sessions by token, never stores the token, and expires them', () => {
		let now = new Date('2026-11-22T10:00:00Z');
		const db = openDatabase(':memory:');
		const sessions = new SessionStore(db, () => now);
		const { token } = sessions.create('staff');
		expect(sessions.find(token)).toEqual({
			kind: 'staff',
			deviceId: null,
			expiresAt: new Date(now.getTime() + STAFF_SESSION_MS).toISOString()
		});
		expect(JSON.stringify(db.prepare('SELECT * FROM sessions').all())).not.toContain(token);
		expect(sessions.find('made-up')).toBeUndefined();
		now = new Date(now.getTime() + STAFF_SESSION_MS);
		expect(sessions.find(token)).toBeUndefined();
	});

	it('revokes a session', () => {
		const sessions = new SessionStore(openDatabase(':memory:'));
		const { token } = sessions.create('staff');
		sessions.revoke(token);
		expect(sessions.find(token)).toBeUndefined();
	});
});

describe('AttemptLimiter', () => {
	it('blocks after the limit within the window, and forgets after it', () => {
		let now = 0;
		const limiter = new AttemptLimiter(3, 60_000, () => now);
		for (let i = 0; i < 3; i += 1) {
			expect(limiter.retryAfter('1.2.3.4')).toBe(0);
			limiter.fail('1.2.3.4');
			now += 1_000;
		}
		expect(limiter.retryAfter('1.2.3.4')).toBe(57_000);
		expect(limiter.retryAfter('5.6.7.8')).toBe(0);
		now = 60_001;
		expect(limiter.retryAfter('1.2.3.4')).toBe(0);
	});

	it('a success clears the failures', () => {
		const limiter = new AttemptLimiter(2, 60_000, () => 0);
		limiter.fail('a');
		limiter.fail('a');
		limiter.succeed('a');
		expect(limiter.retryAfter('a')).toBe(0);
	});
});

describe('StaffCredentials', () => {
	it('first run creates the password once; later calls cannot replace it', async () => {
		const staff = new StaffCredentials(openDatabase(':memory:'));
		expect(staff.isSet()).toBe(false);
		expect(await staff.verify('anything')).toBe(false);
		expect(await staff.create('festival-2026')).toBe(true);
		expect(await staff.create('hijacked-pass')).toBe(false);
		expect(await staff.verify('festival-2026')).toBe(true);
		expect(await staff.verify('hijacked-pass')).toBe(false);
	});

	it('STAFF_PASSWORD from the environment wins', async () => {
		const staff = new StaffCredentials(openDatabase(':memory:'), 'from-the-env');
		expect(staff.isSet()).toBe(true);
		expect(await staff.verify('from-the-env')).toBe(true);
		expect(await staff.verify('from-the-en')).toBe(false);
		expect(await staff.create('other-password')).toBe(false);
	});
});
