/**
 * Server configuration from the environment, validated once at start-up. Without
 * PLATFORM_BASE_URL, `npm start` runs the embedded simulator and sets SIMULATOR_URL (demo mode).
 */
import { z } from 'zod';
import { SECRET_REQUIRED } from './store/keyring.ts';

const optionalUrl = z
	.url({ protocol: /^https?$/ })
	.transform((url) => url.replace(/\/+$/, ''))
	.optional();

/** An IANA time zone the runtime knows (`Europe/Berlin`). */
const knownTimeZone = z.string().refine(
	(name) => {
		try {
			new Intl.DateTimeFormat('en', { timeZone: name });
			return true;
		} catch {
			return false;
		}
	},
	{ message: 'VENUE_TIME_ZONE must be an IANA time zone such as Europe/Berlin' }
);

/** The embedded simulator is the upstream and no real platform is named. */
const isDemo = (values: { SIMULATOR_URL?: string; PLATFORM_BASE_URL?: string }) =>
	values.SIMULATOR_URL !== undefined && values.PLATFORM_BASE_URL === undefined;

const environmentSchema = z
	.object({
		DATA_DIR: z.string().min(1).default('./data'),
		DATABASE_URL: z
			.url({ protocol: /^postgres(ql)?$/, error: 'DATABASE_URL must be a postgres:// URL' })
			.optional(),
		DATABASE_CONNECTIONS: z.coerce.number().int().min(2).max(200).default(10),
		PLATFORM_BASE_URL: optionalUrl,
		PLATFORM_SANDBOX_URL: optionalUrl,
		PLATFORM_PRODUCTION_URL: optionalUrl,
		SIMULATOR_URL: optionalUrl,
		CALLBACK_ORIGIN: optionalUrl,
		KIOSK_SECRET: z
			.string()
			.regex(/^[0-9a-fA-F]{64}$/, 'KIOSK_SECRET must be 64 hexadecimal characters')
			.optional(),
		STAFF_PASSWORD: z.string().min(8, 'STAFF_PASSWORD needs at least 8 characters').optional(),
		MANAGER_PASSWORD: z.string().min(8, 'MANAGER_PASSWORD needs at least 8 characters').optional(),
		REFRESH_INTERVAL_MINUTES: z.coerce
			.number()
			.positive()
			.max(24 * 60)
			.default(10),
		PLATFORM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
		RECOVERY_INTERVAL_SECONDS: z.coerce.number().positive().max(3600).default(10),
		PLATFORM_PAUSE_SECONDS: z.coerce.number().positive().max(3600).default(30),
		PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
		ORDER_RECONCILE_SECONDS: z.coerce.number().positive().max(3600).default(15),
		LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
		UNATTENDED_SALE_MINUTES: z.coerce
			.number()
			.positive()
			.max(24 * 60)
			.default(10),
		VENUE_TIME_ZONE: knownTimeZone.optional(),
		ORDER_INBOX_RETENTION_HOURS: z.coerce
			.number()
			.int()
			.min(1)
			.max(24 * 366)
			.default(48),
		JOURNAL_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_600).default(400)
	})
	// The keys at rest open with the secret only; outside demo mode it never lies in the data
	// folder (store/keyring.ts).
	.refine((values) => isDemo(values) || values.KIOSK_SECRET !== undefined, {
		path: ['KIOSK_SECRET'],
		message: SECRET_REQUIRED
	})
	// Every server on one database decrypts the same device keys, and a secret generated per
	// data directory would differ between them (store/keyring.ts).
	.refine((values) => values.DATABASE_URL === undefined || values.KIOSK_SECRET !== undefined, {
		path: ['KIOSK_SECRET'],
		message: 'KIOSK_SECRET is required when DATABASE_URL is set (the same on every server)'
	})
	// The password decides the role: one password cannot be both.
	.refine(
		(values) =>
			values.MANAGER_PASSWORD === undefined || values.MANAGER_PASSWORD !== values.STAFF_PASSWORD,
		{ path: ['MANAGER_PASSWORD'], message: 'MANAGER_PASSWORD must differ from STAFF_PASSWORD' }
	);

export interface ServerConfig {
	dataDir: string;
	/** PostgreSQL shared by several kiosk servers; without it the store is SQLite in `dataDir`. */
	database?: { url: string; connections: number };
	/** Base URLs per environment a device can be set up for; absent ones are not offered. */
	baseUrls: { simulator?: string; sandbox?: string; production?: string; custom?: string };
	/** The embedded simulator is the upstream: devices are set up and paired automatically. */
	demo: boolean;
	/** Where this server listens (demo mode tells the simulator its callback address). */
	port: number;
	/** Demo mode: the origin the simulator sends order callbacks to, when not this server's own
	 *  port on 127.0.0.1 (several servers behind a load balancer, another container). */
	callbackOrigin?: string;
	kioskSecret?: string;
	staffPassword?: string;
	/** The manager password (roles, issue 14); wins over the one set in the back office. */
	managerPassword?: string;
	refreshIntervalMs: number;
	platformTimeoutMs: number;
	/** How long a part of the platform out of reach is paused on the screens (platform-health.ts). */
	platformPauseMs: number;
	/** How often unfinished sales are taken up (sale-recovery.ts). */
	recoveryIntervalMs: number;
	/** While a board is open: how often its app orders and desks are read again. */
	orderReconcileMs: number;
	/** An open sale nobody touched for this long is released (its credits cancelled). */
	unattendedSaleMs: number;
	/**
	 * How long this server's hold on a payment under way or a journal entry outlives it, should it
	 * die: then another server sharing the store takes them over. Longer than a card payment can
	 * wait for the guest (the simulated terminal: 2 minutes).
	 */
	leaseMs: number;
	/**
	 * How long finished records are kept (store/retention.ts): the order inbox's fetched and
	 * failed callbacks, and the journal's settled entries.
	 */
	retention: { orderInboxMs: number; journalMs: number };
	/**
	 * Where the venue is: the back office's times, search ranges and days are the venue's. The
	 * server's own time zone unless told.
	 */
	venueTimeZone: string;
}

export function loadServerConfig(
	env: Record<string, string | undefined> = process.env
): ServerConfig {
	const parsed = environmentSchema.safeParse(env);
	if (!parsed.success) {
		const problems = parsed.error.issues.map(
			(issue) => `${issue.path.join('.')}: ${issue.message}`
		);
		throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
	}
	const values = parsed.data;
	return {
		dataDir: values.DATA_DIR,
		...(values.DATABASE_URL
			? { database: { url: values.DATABASE_URL, connections: values.DATABASE_CONNECTIONS } }
			: {}),
		baseUrls: {
			simulator: values.SIMULATOR_URL,
			sandbox: values.PLATFORM_SANDBOX_URL,
			production: values.PLATFORM_PRODUCTION_URL,
			custom: values.PLATFORM_BASE_URL
		},
		demo: isDemo(values),
		port: values.PORT,
		...(values.CALLBACK_ORIGIN ? { callbackOrigin: values.CALLBACK_ORIGIN } : {}),
		kioskSecret: values.KIOSK_SECRET,
		staffPassword: values.STAFF_PASSWORD,
		managerPassword: values.MANAGER_PASSWORD,
		refreshIntervalMs: values.REFRESH_INTERVAL_MINUTES * 60_000,
		platformTimeoutMs: values.PLATFORM_TIMEOUT_MS,
		platformPauseMs: values.PLATFORM_PAUSE_SECONDS * 1000,
		recoveryIntervalMs: values.RECOVERY_INTERVAL_SECONDS * 1000,
		orderReconcileMs: values.ORDER_RECONCILE_SECONDS * 1000,
		unattendedSaleMs: values.UNATTENDED_SALE_MINUTES * 60_000,
		leaseMs: values.LEASE_SECONDS * 1000,
		retention: {
			orderInboxMs: values.ORDER_INBOX_RETENTION_HOURS * 3_600_000,
			journalMs: values.JOURNAL_RETENTION_DAYS * 24 * 3_600_000
		},
		venueTimeZone: values.VENUE_TIME_ZONE ?? Intl.DateTimeFormat().resolvedOptions().timeZone
	};
}
