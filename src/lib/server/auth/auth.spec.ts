import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keyringOf } from '../store/keyring.ts';
import type { Store } from '../store/store.ts';
import { DeviceRepository } from '../devices/device-repository.ts';
import { ENGINES, openTestStore } from '../store/testing/test-stores.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { SessionStore, STAFF_SESSION_MS } from './sessions.ts';
import { readStaffName, requireManager } from './roles.ts';
import { StaffCredentials } from './staff-credentials.ts';

const MIA = { name: 'Mia', role: 'manager' } as const;
const SAM = { name: 'Sam', role: 'staff' } as const;

describe('roles', () => {
	it('reads a name: trimmed, spaces collapsed, 1 to 60 characters as a person counts them', () => {
		expect(readStaffName('  Anna   Berg ')).toBe('Anna Berg');
		expect(readStaffName('')).toBeUndefined();
		expect(readStaffName('   ')).toBeUndefined();
		expect(readStaffName('ä'.repeat(60))).toBe('ä'.repeat(60));
		expect(readStaffName('a'.repeat(61))).toBeUndefined();
		// Decomposed umlauts count as one each, as typed.
		expect(readStaffName('a\u0308'.repeat(60))).toBe('ä'.repeat(60));
	});

	it('requireManager lets a manager through and answers anyone else 403', () => {
		expect(requireManager({ staff: MIA, screenDeviceId: null })).toEqual(MIA);
		for (const staff of [SAM, null]) {
			let thrown: unknown;
			try {
				requireManager({ staff, screenDeviceId: null });
			} catch (problem) {
				thrown = problem;
			}
			expect(thrown).toMatchObject({ status: 403, body: { message: 'manager-only' } });
		}
	});
});

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
			const { token } = await sessions.createStaff(MIA);
			expect(await sessions.find(token)).toEqual({
				kind: 'staff',
				deviceId: null,
				staff: MIA,
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
			const { token } = await sessions.createStaff(SAM);
			await sessions.revoke(token);
			expect(await sessions.find(token)).toBeUndefined();
		});

		it('refuses a screen session at once when it is revoked or its device is removed', async () => {
			const devices = new DeviceRepository(store, keyringOf('cd'.repeat(32)));
			const sessions = new SessionStore(store);
			const pair = async () => {
				const device = await devices.add({
					name: 'Kiosk',
					environment: 'simulator',
					baseUrl: 'http://sim',
					mode: 'kiosk',
					apiKey: `key-${Math.random()}`
				});
				const { token } = await sessions.createScreen(device.id);
				// Read once, as every request of a sale reads it: kept, where it is kept.
				expect(await sessions.find(token)).toMatchObject({ deviceId: device.id });
				return { device, token };
			};
			const unpaired = await pair();
			await sessions.revoke(unpaired.token);
			expect(await sessions.find(unpaired.token)).toBeUndefined();
			const removed = await pair();
			const kept = await pair();
			await devices.remove(removed.device.id);
			expect(await sessions.find(removed.token)).toBeUndefined();
			expect(await sessions.find(kept.token)).toMatchObject({ deviceId: kept.device.id });
		});

		it('refuses a screen session read before once it has expired', async () => {
			let now = new Date('2026-11-22T10:00:00Z');
			const sessions = new SessionStore(store, () => now);
			const device = await new DeviceRepository(store, keyringOf('cd'.repeat(32))).add({
				name: 'Kiosk',
				environment: 'simulator',
				baseUrl: 'http://sim',
				mode: 'kiosk',
				apiKey: 'key'
			});
			const { token, expiresAt } = await sessions.createScreen(device.id);
			expect(await sessions.find(token)).toMatchObject({ kind: 'screen' });
			now = expiresAt;
			expect(await sessions.find(token)).toBeUndefined();
		});

		it('deletes the expired sessions only, a batch at a time', async () => {
			const start = new Date('2026-11-22T10:00:00Z');
			let now = start;
			const sessions = new SessionStore(store, () => now);
			const early = await Promise.all([1, 2, 3].map(() => sessions.createStaff(SAM)));
			now = new Date(start.getTime() + STAFF_SESSION_MS / 2);
			const later = await sessions.createStaff(SAM);
			now = new Date(start.getTime() + STAFF_SESSION_MS);
			expect(await sessions.deleteExpired(2)).toBe(2);
			expect(await sessions.deleteExpired(2)).toBe(1);
			expect(await sessions.deleteExpired(2)).toBe(0);
			// Back at a time all were live: only the one not deleted is found.
			now = new Date(start.getTime() + STAFF_SESSION_MS / 2);
			for (const { token } of early) expect(await sessions.find(token)).toBeUndefined();
			expect(await sessions.find(later.token)).toMatchObject({ kind: 'staff' });
			expect(await store.db.selectFrom('sessions').select('kind').execute()).toEqual([
				{ kind: 'staff' }
			]);
		});

		it('a staff session from before roles (no name, no role) names nobody', async () => {
			const sessions = new SessionStore(store);
			const { token } = await sessions.createStaff(SAM);
			await store.db.updateTable('sessions').set({ staff_name: null, staff_role: null }).execute();
			expect(await sessions.find(token)).toMatchObject({ kind: 'staff', staff: null });
		});

		it('a screen session names no staff; ending the other staff logins keeps screens and the own', async () => {
			const sessions = new SessionStore(store);
			await store.db
				.insertInto('devices')
				.values({
					id: 'dev-1',
					name: 'Kiosk',
					environment: 'simulator',
					base_url: 'http://sim',
					mode: 'kiosk',
					api_key_ciphertext: 'x',
					api_key_fingerprint: 'f',
					created_at: '2026-11-22T10:00:00Z'
				})
				.execute();
			const screen = await sessions.createScreen('dev-1');
			expect(await sessions.find(screen.token)).toMatchObject({
				kind: 'screen',
				deviceId: 'dev-1',
				staff: null
			});
			const own = await sessions.createStaff(MIA);
			const other = await sessions.createStaff(SAM);
			await sessions.revokeOtherStaff(own.token);
			expect(await sessions.find(own.token)).toMatchObject({ staff: MIA });
			expect(await sessions.find(other.token)).toBeUndefined();
			expect(await sessions.find(screen.token)).toMatchObject({ kind: 'screen' });
		});
	});

	describe('StaffCredentials', () => {
		it('first run creates both passwords once; each logs in as its role; later calls cannot replace them', async () => {
			const staff = new StaffCredentials(store);
			expect(await staff.isSet()).toBe(false);
			expect(await staff.verify('anything')).toBeNull();
			expect(await staff.create('festival-2026', 'manager-2026')).toBe(true);
			expect(await staff.create('hijacked-pass', 'hijacked-too')).toBe(false);
			expect(await staff.isSet()).toBe(true);
			expect(await staff.hasManagerPassword()).toBe(true);
			expect(await staff.verify('festival-2026')).toBe('staff');
			expect(await staff.verify('manager-2026')).toBe('manager');
			expect(await staff.verify('hijacked-pass')).toBeNull();
			expect(await staff.verify('hijacked-too')).toBeNull();
		});

		it('an install from before roles: the staff password logs in as manager until a manager password is set', async () => {
			const staff = new StaffCredentials(store);
			expect(await staff.create('festival-2026')).toBe(true);
			expect(await staff.hasManagerPassword()).toBe(false);
			expect(await staff.verify('festival-2026')).toBe('manager');
			expect(await staff.setPassword('manager', 'festival-2026')).toBe('same-as-other');
			expect(await staff.setPassword('manager', 'manager-2026')).toBe('set');
			expect(await staff.verify('festival-2026')).toBe('staff');
			expect(await staff.verify('manager-2026')).toBe('manager');
		});

		it('a manager sets either password; the two must differ; the old one stops working', async () => {
			const staff = new StaffCredentials(store);
			await staff.create('festival-2026', 'manager-2026');
			expect(await staff.setPassword('staff', 'manager-2026')).toBe('same-as-other');
			expect(await staff.setPassword('staff', 'counter-2027')).toBe('set');
			expect(await staff.verify('festival-2026')).toBeNull();
			expect(await staff.verify('counter-2027')).toBe('staff');
			expect(await staff.setPassword('manager', 'boss-2027')).toBe('set');
			expect(await staff.verify('manager-2026')).toBeNull();
			expect(await staff.verify('boss-2027')).toBe('manager');
			const rows = await store.db.selectFrom('manager_credentials').selectAll().execute();
			expect(JSON.stringify(rows)).not.toContain('boss-2027');
		});

		it('of two first runs at once, on two servers, one creates the passwords', async () => {
			const [serverA, serverB] = [new StaffCredentials(store), new StaffCredentials(store)];
			const created = await Promise.all([
				serverA.create('first-password', 'first-manager'),
				serverB.create('other-password', 'other-manager')
			]);
			expect(created.filter(Boolean)).toHaveLength(1);
			const [winner, winnerManager] = created[0]
				? ['first-password', 'first-manager']
				: ['other-password', 'other-manager'];
			expect(await serverB.verify(winner)).toBe('staff');
			expect(await serverA.verify(winnerManager)).toBe('manager');
		});

		it('STAFF_PASSWORD and MANAGER_PASSWORD from the environment win and cannot be changed here', async () => {
			await new StaffCredentials(store).create('stored-staff', 'stored-manager');
			const staff = new StaffCredentials(store, {
				staff: 'from-the-env',
				manager: 'boss-from-env'
			});
			expect(await staff.isSet()).toBe(true);
			expect(staff.fromEnvironment()).toEqual({ staff: true, manager: true });
			expect(await staff.verify('from-the-env')).toBe('staff');
			expect(await staff.verify('boss-from-env')).toBe('manager');
			expect(await staff.verify('from-the-en')).toBeNull();
			expect(await staff.verify('stored-staff')).toBeNull();
			expect(await staff.verify('stored-manager')).toBeNull();
			expect(await staff.create('other-password')).toBe(false);
			expect(await staff.setPassword('staff', 'other-password')).toBe('from-environment');
			expect(await staff.setPassword('manager', 'other-password')).toBe('from-environment');
		});

		it('STAFF_PASSWORD alone (no manager password anywhere) logs in as manager; a stored manager password then takes over', async () => {
			const staff = new StaffCredentials(store, { staff: 'from-the-env' });
			expect(await staff.verify('from-the-env')).toBe('manager');
			expect(await staff.setPassword('manager', 'from-the-env')).toBe('same-as-other');
			expect(await staff.setPassword('manager', 'manager-2026')).toBe('set');
			expect(await staff.verify('from-the-env')).toBe('staff');
			expect(await staff.verify('manager-2026')).toBe('manager');
		});
	});
});
