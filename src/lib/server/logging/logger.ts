/**
 * The server's one logger (docs/server.md, Monitoring): pino, one JSON line per event on
 * standard output with `level`, `time` (ISO 8601) and `msg`, and — inside a request — the
 * request's id and the paired screen's device id, so every line a request causes (its platform
 * calls among them) is found by one search. Lines for people who read the console (demo mode)
 * are written readable instead (human-lines.ts); the level is LOG_LEVEL's.
 *
 * Secrets never reach a line: the platform's key stays in the transport (platform/transport.ts)
 * and no code logs a request's headers or body; should a field of that name still be logged, its
 * value is replaced (REDACTED_FIELDS), at the top and one level down — by `withoutSecrets`, a look
 * at each field's name, as pino's formatter of a line's fields: pino's own `redact` walks a path
 * per name on every line, some twenty microseconds a line, and every request and platform call
 * writes one.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type DestinationStream, type Logger } from 'pino';
import { humanLine } from './human-lines.ts';
import { LOG_LEVELS, type LogLevel } from './log-levels.ts';

/** Field names whose values are secrets: an API key, a password, a token, a loyalty key. */
export const REDACTED_FIELDS = [
	'apiKey',
	'x-api-key',
	'authorization',
	'cookie',
	'password',
	'pin',
	'secret',
	'token',
	'key',
	'transactionKey'
] as const;

const SECRET_NAMES: ReadonlySet<string> = new Set(REDACTED_FIELDS);
const CENSORED = '[redacted]';

type Fields = Record<string, unknown>;

/** `fields` with the values of secret names replaced, a copy only where one is. */
function censored(fields: Fields, inner: (value: unknown) => unknown): Fields {
	let copy: Fields | null = null;
	for (const name in fields) {
		const value = fields[name];
		const shown = SECRET_NAMES.has(name) ? CENSORED : inner(value);
		if (shown !== value) (copy ??= { ...fields })[name] = shown;
	}
	return copy ?? fields;
}

const isPlainFields = (value: unknown): value is Fields =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/** A line's fields with every secret's value replaced, at the top and one level down. */
const withoutSecrets = (fields: Fields): Fields =>
	censored(fields, (value) =>
		isPlainFields(value) ? censored(value, (innerValue) => innerValue) : value
	);

/** What a request adds to each of its lines. */
export interface RequestScope {
	requestId: string;
	/** The paired screen's device, once the session is read (null: none). */
	deviceId(): string | null;
}

const requests = new AsyncLocalStorage<RequestScope>();

/** Runs `work` as part of the request `scope`: its lines carry the request's ids. */
export function inRequest<T>(scope: RequestScope, work: () => T): T {
	return requests.run(scope, work);
}

function requestFields(): Record<string, string> {
	const scope = requests.getStore();
	if (!scope) return {};
	const deviceId = scope.deviceId();
	return deviceId ? { requestId: scope.requestId, deviceId } : { requestId: scope.requestId };
}

export function createLogger(level: LogLevel, destination: DestinationStream): Logger {
	return pino(
		{
			level,
			base: undefined,
			timestamp: pino.stdTimeFunctions.isoTime,
			formatters: { level: (label) => ({ level: label }), log: withoutSecrets },
			mixin: requestFields
		},
		destination
	);
}

/** Standard output, as JSON lines or (demo mode) as lines for people. */
const output = {
	json: pino.destination({ dest: 1, sync: true }),
	forPeople: false,
	write(line: string): void {
		if (this.forPeople) process.stdout.write(humanLine(line));
		else this.json.write(line);
	}
};

const startLevel = process.env.LOG_LEVEL;

export const log: Logger = createLogger(
	LOG_LEVELS.find((level) => level === startLevel) ?? 'info',
	output
);

/** At start, from the configuration: LOG_LEVEL, and readable lines in demo mode. */
export function configureLogging({ logLevel, demo }: { logLevel: LogLevel; demo: boolean }): void {
	log.level = logLevel;
	output.forPeople = demo;
}

/** An error as a log line shows it: its message (a platform error carries no key). */
export function messageOf(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}

/** An error no code expected, answered 500 with no detail: its line for the operator. */
export function logUnexpected(error: unknown): void {
	log.error(`Unexpected error: ${messageOf(error)}`);
}
