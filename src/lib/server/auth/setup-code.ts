/**
 * The first run's set-up code: what only the operator has before any password exists. A fresh
 * install (not demo, no STAFF_PASSWORD) would otherwise make whoever reaches `/setup/first-run`
 * first the manager, and the server listens on every interface by default. So, as Grafana and
 * Jupyter do, each server start prints a one-time code to its log while no password exists, and
 * the first-run form asks for it (setup/staff-login.ts), rate-limited like the login.
 *
 * The code is made once per store, crypto-random, and kept in the store's settings until the
 * passwords are created: every server sharing one PostgreSQL logs the same code, and whichever
 * server the form reaches knows it. It is kept as it is (not hashed) for that reason; anyone who
 * can read the store can write its passwords anyway. No page shows it.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Settings } from '../settings.ts';
import { log as logger } from '../logging/logger.ts';

const KEY = 'first_run_setup_code';
/** Letters and digits that cannot be mistaken for each other when typed from a log (no 0/O, 1/I/L). */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** 12 characters of 31: about 59 bits, far beyond what the rate-limited form lets anyone try. */
const LENGTH = 12;

/** A new code, in groups of four for reading: `7KQM-ZP3T-H9XW`. */
function newSetupCode(): string {
	const characters = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]);
	return characters.join('').replace(/(.{4})(?!$)/g, '$1-');
}

/** A code as typed: any case, with or without the dashes and spaces. */
const normalized = (code: string) => code.toUpperCase().replace(/[^0-9A-Z]/g, '');

/** Equal-length digests, compared in constant time. */
const sameCode = (a: string, b: string) =>
	timingSafeEqual(
		createHash('sha256').update(normalized(a)).digest(),
		createHash('sha256').update(normalized(b)).digest()
	);

export class SetupCode {
	readonly #settings: Settings;
	readonly #generate: () => string;

	constructor(settings: Settings, generate: () => string = newSetupCode) {
		this.#settings = settings;
		this.#generate = generate;
	}

	/** The store's code, made now if it has none: the same on every server sharing the store. */
	async current(): Promise<string> {
		return this.#settings.setIfAbsent(KEY, this.#generate());
	}

	/** Whether `typed` is the store's code; false when there is none. */
	async matches(typed: string): Promise<boolean> {
		const stored = await this.#settings.get<string>(KEY);
		return stored !== undefined && normalized(typed).length > 0 && sameCode(typed, stored);
	}

	/** The passwords exist: the code is used up. */
	async discard(): Promise<void> {
		await this.#settings.remove(KEY);
	}
}

/**
 * At start: while no staff password exists, the code in the log, where only the operator reads
 * it. Nothing when the passwords exist (or the environment gives the staff one).
 */
export async function announceSetupCode(
	passwordsExist: () => Promise<boolean>,
	code: SetupCode,
	log: (line: string) => void = (line) => logger.info(line)
): Promise<void> {
	if (await passwordsExist()) return;
	log(
		`First run: no password yet. Set-up code for /setup/first-run: ${await code.current()} (shown only in this log)`
	);
}
