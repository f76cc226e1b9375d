import { describe, expect, it } from 'vitest';
import { loadServerConfig, modeLine } from './config.ts';

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
			venueTimeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
			metrics: { allow: [] },
			logLevel: 'info'
		});
	});

	it('/metrics: METRICS_TOKEN of at least 32 characters, METRICS_ALLOW of addresses and ranges; anything else stops the start naming the variable', () => {
		const token = 'm'.repeat(32);
		expect(
			loadServerConfig({ ...SECRET, METRICS_TOKEN: token, METRICS_ALLOW: '10.0.0.0/8, ::1' })
				.metrics
		).toEqual({
			token,
			allow: [
				{ address: '10.0.0.0', prefix: 8, family: 'ipv4' },
				{ address: '::1', prefix: 128, family: 'ipv6' }
			]
		});
		expect(() => loadServerConfig({ ...SECRET, METRICS_TOKEN: 'short' })).toThrow(
			/METRICS_TOKEN: METRICS_TOKEN needs at least 32/
		);
		expect(() => loadServerConfig({ ...SECRET, METRICS_TOKEN: `${token} x` })).toThrow(
			/METRICS_TOKEN/
		);
		for (const allow of ['10.0.0.0/33', 'kiosk.local', '10.0.0.1/8/2', '', ' , '])
			expect(() => loadServerConfig({ ...SECRET, METRICS_ALLOW: allow }), allow).toThrow(
				/METRICS_ALLOW: METRICS_ALLOW must list addresses or CIDR ranges/
			);
		expect(() => loadServerConfig({ ...SECRET, LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
		expect(loadServerConfig({ ...SECRET, LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
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
			loadServerConfig({ DEMO: 'true', SIMULATOR_URL: 'http://127.0.0.1:4010' }).kioskSecret
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

	it('demo mode only when asked for with DEMO, against the simulator it names', () => {
		const config = loadServerConfig({ DEMO: 'true', SIMULATOR_URL: 'http://127.0.0.1:4010/' });
		expect(config.demo).toBe(true);
		expect(config.baseUrls.simulator).toBe('http://127.0.0.1:4010');
		expect(modeLine(config)).toBe(
			'Demo mode: DEMO=true asks for it; the simulator at http://127.0.0.1:4010 stands in for the platform.'
		);
		expect(loadServerConfig(SECRET).demo).toBe(false);
		expect(loadServerConfig({ ...SECRET, DEMO: 'false' }).demo).toBe(false);
		expect(() => loadServerConfig({ DEMO: 'maybe' })).toThrow(/DEMO: DEMO must be true or false/);
		expect(() => loadServerConfig({ DEMO: 'true' })).toThrow(
			'SIMULATOR_URL: demo mode needs the simulator it runs against (npm start runs one)'
		);
	});

	it.each(['PLATFORM_BASE_URL', 'PLATFORM_SANDBOX_URL', 'PLATFORM_PRODUCTION_URL'])(
		'any platform address means production, whichever variable carries it: %s',
		(variable) => {
			const config = loadServerConfig({ ...SECRET, [variable]: 'https://platform.example' });
			expect(config.demo).toBe(false);
			expect(modeLine(config)).toBe(
				`Production mode: DEMO is not set to true; platform ${variable}=https://platform.example.`
			);
			// Asking for the demo as well contradicts it: the server does not start.
			expect(() =>
				loadServerConfig({
					DEMO: 'true',
					SIMULATOR_URL: 'http://127.0.0.1:4010',
					[variable]: 'https://platform.example'
				})
			).toThrow(
				`DEMO: demo mode cannot run against a platform (${variable} set): remove DEMO for production, or the platform address for the demo`
			);
		}
	);

	it('a simulator without DEMO does not start: it never turns demo mode on by itself', () => {
		for (const env of [
			{ SIMULATOR_URL: 'http://127.0.0.1:4010' },
			{ SIMULATOR_URL: 'http://a.test', PLATFORM_PRODUCTION_URL: 'https://b.test' }
		]) {
			expect(() => loadServerConfig(env)).toThrow(
				'SIMULATOR_URL: the simulator is for demo mode only: set DEMO=true for the demo, or give the platform as PLATFORM_BASE_URL'
			);
		}
		expect(modeLine(loadServerConfig(SECRET))).toBe(
			'Production mode: DEMO is not set to true; no platform address configured (devices are added with their address).'
		);
	});

	it('ORIGIN: the origin the server answers for', () => {
		expect(loadServerConfig({ ...SECRET, ORIGIN: 'https://kiosk.venue.example/' }).origin).toBe(
			'https://kiosk.venue.example'
		);
		expect(() => loadServerConfig({ ...SECRET, ORIGIN: 'kiosk.venue.example' })).toThrow(/ORIGIN/);
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
			loadServerConfig({
				DEMO: 'true',
				SIMULATOR_URL: 'http://a.test',
				DATABASE_URL: 'postgres://db/kiosk'
			})
		).toThrow(
			'KIOSK_SECRET: KIOSK_SECRET is required when DATABASE_URL is set (the same on every server)'
		);
		expect(() =>
			loadServerConfig({ DATABASE_URL: 'mysql://db/kiosk', KIOSK_SECRET: secret })
		).toThrow('DATABASE_URL: DATABASE_URL must be a postgres:// URL');
		expect(loadServerConfig(SECRET).database).toBeUndefined();
	});
});
