import { describe, expect, it } from 'vitest';
import { loadServerConfig } from './config.ts';

/** Outside demo mode the secret is required. */
const SECRET = { KIOSK_SECRET: 'ab'.repeat(32) };

describe('loadServerConfig', () => {
	it('defaults: data in ./data, no upstream, 10-minute refresh, recovery every 10 s, orders re-read every 15 s, inbox kept 48 hours, journal 400 days', () => {
		expect(loadServerConfig(SECRET)).toEqual({
			dataDir: './data',
			baseUrls: {},
			demo: false,
			kioskSecret: SECRET.KIOSK_SECRET,
			refreshIntervalMs: 600_000,
			platformTimeoutMs: 10_000,
			platformPauseMs: 30_000,
			recoveryIntervalMs: 10_000,
			orderReconcileMs: 15_000,
			port: 3000,
			unattendedSaleMs: 600_000,
			leaseMs: 300_000,
			retention: { orderInboxMs: 48 * 3_600_000, journalMs: 400 * 24 * 3_600_000 },
			venueTimeZone: Intl.DateTimeFormat().resolvedOptions().timeZone
		});
	});

	it('the venue’s time zone, when told, is one the runtime knows', () => {
		expect(loadServerConfig({ ...SECRET, VENUE_TIME_ZONE: 'Europe/Berlin' }).venueTimeZone).toBe(
			'Europe/Berlin'
		);
		expect(() => loadServerConfig({ ...SECRET, VENUE_TIME_ZONE: 'Mars/Olympus' })).toThrow(
			/VENUE_TIME_ZONE/
		);
	});

	it('outside demo mode KIOSK_SECRET is required: the start stops, saying how to make one and how an install that kept secret.key moves', () => {
		for (const env of [{}, { SIMULATOR_URL: 'http://a.test', PLATFORM_BASE_URL: 'https://b.test' }])
			expect(() => loadServerConfig(env)).toThrow(
				/KIOSK_SECRET: KIOSK_SECRET is required outside demo mode[\s\S]*`openssl rand -hex 32`[\s\S]*DATA_DIR\/secret\.key: set KIOSK_SECRET to that file's content/
			);
		expect(
			loadServerConfig({ SIMULATOR_URL: 'http://127.0.0.1:4010' }).kioskSecret
		).toBeUndefined();
	});

	it('the retention of the order inbox and the journal, in whole hours and days', () => {
		expect(
			loadServerConfig({
				...SECRET,
				ORDER_INBOX_RETENTION_HOURS: '6',
				JOURNAL_RETENTION_DAYS: '30'
			}).retention
		).toEqual({ orderInboxMs: 6 * 3_600_000, journalMs: 30 * 24 * 3_600_000 });
		expect(() => loadServerConfig({ ...SECRET, ORDER_INBOX_RETENTION_HOURS: '0' })).toThrow(
			/ORDER_INBOX_RETENTION_HOURS/
		);
		expect(() => loadServerConfig({ ...SECRET, JOURNAL_RETENTION_DAYS: 'forever' })).toThrow(
			/JOURNAL_RETENTION_DAYS/
		);
	});

	it('demo mode when the start script runs the simulator and no real platform is named', () => {
		const config = loadServerConfig({ SIMULATOR_URL: 'http://127.0.0.1:4010/' });
		expect(config.demo).toBe(true);
		expect(config.baseUrls.simulator).toBe('http://127.0.0.1:4010');
		expect(
			loadServerConfig({
				...SECRET,
				SIMULATOR_URL: 'http://a.test',
				PLATFORM_BASE_URL: 'https://b.test'
			}).demo
		).toBe(false);
	});

	it('refuses bad values with a message naming each variable', () => {
		expect(() =>
			loadServerConfig({
				PLATFORM_BASE_URL: 'ftp://x',
				KIOSK_SECRET: 'short',
				STAFF_PASSWORD: '123'
			})
		).toThrow(/PLATFORM_BASE_URL[\s\S]*KIOSK_SECRET[\s\S]*STAFF_PASSWORD/);
	});

	it('MANAGER_PASSWORD: at least 8 characters, and not the staff password', () => {
		expect(loadServerConfig({ ...SECRET, MANAGER_PASSWORD: 'boss-2026' }).managerPassword).toBe(
			'boss-2026'
		);
		expect(() => loadServerConfig({ ...SECRET, MANAGER_PASSWORD: 'short' })).toThrow(
			/MANAGER_PASSWORD/
		);
		expect(() =>
			loadServerConfig({
				...SECRET,
				STAFF_PASSWORD: 'same-pass-1',
				MANAGER_PASSWORD: 'same-pass-1'
			})
		).toThrow(/MANAGER_PASSWORD must differ from STAFF_PASSWORD/);
	});

	it('a shared PostgreSQL store: DATABASE_URL with its pool size, and KIOSK_SECRET required with it', () => {
		const secret = 'ab'.repeat(32);
		expect(
			loadServerConfig({ DATABASE_URL: 'postgres://kiosk@db:5432/kiosk', KIOSK_SECRET: secret })
				.database
		).toEqual({ url: 'postgres://kiosk@db:5432/kiosk', connections: 10 });
		expect(
			loadServerConfig({
				DATABASE_URL: 'postgresql://db/kiosk',
				DATABASE_CONNECTIONS: '40',
				KIOSK_SECRET: secret
			}).database?.connections
		).toBe(40);
		expect(() =>
			loadServerConfig({ SIMULATOR_URL: 'http://a.test', DATABASE_URL: 'postgres://db/kiosk' })
		).toThrow(
			'KIOSK_SECRET: KIOSK_SECRET is required when DATABASE_URL is set (the same on every server)'
		);
		expect(() =>
			loadServerConfig({ DATABASE_URL: 'mysql://db/kiosk', KIOSK_SECRET: secret })
		).toThrow('DATABASE_URL: DATABASE_URL must be a postgres:// URL');
		expect(loadServerConfig(SECRET).database).toBeUndefined();
	});
});
