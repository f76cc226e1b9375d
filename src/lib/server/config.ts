/**
 * Server configuration from the environment, validated once at start-up.
 *
 * The mode is asked for, never guessed: demo mode (the simulator stands in for the platform,
 * devices are paired from the home page, the demo passwords are shown on it, cards are paid on
 * the screen) only with `DEMO=true`, which `npm start` sets on a clone with no platform address
 * configured (scripts/start.ts); the production start command never sets it. Every other start
 * is production. A configuration that asks for both — DEMO with a platform address, or a
 * simulator without DEMO — stops the server at start: a venue must never find itself in demo
 * mode because one variable of several was set.
 */
import { z } from 'zod';
import { LOG_LEVELS, type LogLevel } from './logging/log-levels.ts';
import { addressRanges, type AddressRange } from './metrics/address-ranges.ts';
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

/** The variables that name a real platform: any one of them means production. */
const PLATFORM_ADDRESS_VARIABLES = [
	'PLATFORM_BASE_URL',
	'PLATFORM_SANDBOX_URL',
	'PLATFORM_PRODUCTION_URL'
] as const;

type PlatformAddressVariable = (typeof PLATFORM_ADDRESS_VARIABLES)[number];

/** The platform address variables that are set (non-empty) in `env`. */
export function platformAddressesIn(
	env: Readonly<Partial<Record<PlatformAddressVariable, unknown>>>
): PlatformAddressVariable[] {
	return PLATFORM_ADDRESS_VARIABLES.filter((name) => Boolean(env[name]));
}

const demoSchema = z
	.stringbool({ error: 'DEMO must be true or false' })
	.optional()
	.transform((demo) => demo ?? false);

/** Whether `env` asks for demo mode (a DEMO that cannot be read is named by loadServerConfig). */
export function demoAskedFor(env: Record<string, string | undefined>): boolean {
	return demoSchema.safeParse(env.DEMO).data ?? false;
}

const environmentSchema = z
	.object({
		DEMO: demoSchema,
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
		/** adapter-node's: the one origin this server answers for (http/allowed-host.ts). */
		ORIGIN: optionalUrl,
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
		JOURNAL_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_600).default(400),
		METRICS_TOKEN: z
			.string()
			.regex(
				/^[\x21-\x7e]{32,}$/,
				'METRICS_TOKEN needs at least 32 printable characters without spaces (`openssl rand -hex 32`)'
			)
			.optional(),
		METRICS_ALLOW: z
			.string()
			.transform((list, context) => {
				const ranges = addressRanges(list);
				if (ranges === null) {
					context.addIssue({
						code: 'custom',
						message:
							'METRICS_ALLOW must list addresses or CIDR ranges, separated by commas (10.0.0.0/8, 127.0.0.1, ::1)'
					});
					return z.NEVER;
				}
				return ranges;
			})
			.optional(),
		LOG_LEVEL: z
			.enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` })
			.default('info')
	})
	// The keys at rest open with the secret only; outside demo mode it never lies in the data
	// folder (store/keyring.ts).
	.refine((values) => values.DEMO || values.KIOSK_SECRET !== undefined, {
		path: ['KIOSK_SECRET'],
		message: SECRET_REQUIRED
	})
	// Every server on one database decrypts the same device keys, and a secret generated per
	// data directory would differ between them (store/keyring.ts).
	.refine((values) => values.DATABASE_URL === undefined || values.KIOSK_SECRET !== undefined, {
		path: ['KIOSK_SECRET'],
		message: 'KIOSK_SECRET is required when DATABASE_URL is set (the same on every server)'
	})
	.superRefine((values, context) => {
		const platforms = platformAddressesIn(values);
		if (values.DEMO && platforms.length > 0) {
			context.addIssue({
				code: 'custom',
				path: ['DEMO'],
				message: `demo mode cannot run against a platform (${platforms.join(', ')} set): remove DEMO for production, or the platform address for the demo`
			});
		}
		if (values.DEMO && values.SIMULATOR_URL === undefined) {
			context.addIssue({
				code: 'custom',
				path: ['SIMULATOR_URL'],
				message: 'demo mode needs the simulator it runs against (npm start runs one)'
			});
		}
		if (!values.DEMO && values.SIMULATOR_URL !== undefined) {
			context.addIssue({
				code: 'custom',
				path: ['SIMULATOR_URL'],
				message:
					'the simulator is for demo mode only: set DEMO=true for the demo, or give the platform as PLATFORM_BASE_URL'
			});
		}
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
	/**
	 * Demo mode, asked for with DEMO=true: the simulator is the upstream, devices are set up and
	 * paired automatically, cards are paid on the screen. False: production.
	 */
	demo: boolean;
	/**
	 * adapter-node's ORIGIN: the origin this server is reached at; requests naming another host
	 * are refused (http/allowed-host.ts). Unset: any host.
	 */
	origin?: string;
	/** Where this server listens (demo mode tells the simulator its callback address). */
	port: number;
	/** Demo mode: the origin the simulator sends order callbacks to, when not this server's own
	 *  port on 127.0.0.1 (several servers behind a load balancer, another container). */
	callbackOrigin?: string;
	kioskSecret?: string;
	staffPassword?: string;
	/** The manager password (roles); wins over the one set in the back office. */
	managerPassword?: string;
	refreshIntervalMs: number;
	platformTimeoutMs: number;
	/** How long a part of the platform out of reach is paused on the screens (platform-health.ts). */
	platformPauseMs: number;
	/** How often unfinished sales are taken up (sale-recovery.ts). */
	recoveryIntervalMs: number;
	/** While a board is open: how often its counter orders and desks are read again. */
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
	/**
	 * Who may read /metrics (metrics/metrics-access.ts): the bearer token, the source addresses.
	 * Neither set: nobody (404).
	 */
	metrics: { token?: string; allow: AddressRange[] };
	/** The least severe log line written (logging/logger.ts). */
	logLevel: LogLevel;
}

/**
 * A configuration the server cannot start with: its message names each bad variable, and the
 * start commands print it alone, without a stack trace (scripts/serve.ts knows it by its name).
 */
export class ConfigurationError extends Error {
	override name = 'ConfigurationError';
}

export function loadServerConfig(
	env: Record<string, string | undefined> = process.env
): ServerConfig {
	const parsed = environmentSchema.safeParse(env);
	if (!parsed.success) {
		const problems = parsed.error.issues.map(
			(issue) => `${issue.path.join('.')}: ${issue.message}`
		);
		throw new ConfigurationError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
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
		demo: values.DEMO,
		...(values.ORIGIN ? { origin: values.ORIGIN } : {}),
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
		venueTimeZone: values.VENUE_TIME_ZONE ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
		metrics: {
			...(values.METRICS_TOKEN ? { token: values.METRICS_TOKEN } : {}),
			allow: values.METRICS_ALLOW ?? []
		},
		logLevel: values.LOG_LEVEL
	};
}

/** The start-up log's line: which mode the server is in, and why. */
export function modeLine(config: ServerConfig): string {
	if (config.demo) {
		return `Demo mode: DEMO=true asks for it; the simulator at ${config.baseUrls.simulator} stands in for the platform.`;
	}
	const named = Object.entries({
		PLATFORM_BASE_URL: config.baseUrls.custom,
		PLATFORM_SANDBOX_URL: config.baseUrls.sandbox,
		PLATFORM_PRODUCTION_URL: config.baseUrls.production
	}).filter(([, url]) => url !== undefined);
	const platforms = named.length
		? `platform ${named.map(([name, url]) => `${name}=${url}`).join(', ')}`
		: 'no platform address configured (devices are added with their address)';
	return `Production mode: DEMO is not set to true; ${platforms}.`;
}
