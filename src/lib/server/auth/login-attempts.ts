/**
 * Which counters of the attempt throttle (attempt-throttle.ts: growing waits, never a lock) a
 * login or a PIN goes through, so that nobody can lock the venue's staff out and nobody can guess
 * their way in.
 *
 * Staff login. Which role a password unlocks is only known once it is checked, and both roles'
 * passwords are shared, so there is no account to count by before the check; the login counts by
 * what it does know: the source address (`address:`) and the name typed (`name:`, in lower case).
 * - The source: one client guessing, whatever names it types, waits as its own failures grow.
 * - The name: guesses spread over many addresses under one name wait as the name's failures grow.
 * - A source with no failures of its own is never held back by a name: the right password from
 *   another source gets in at once, however often someone elsewhere typed that name, so an
 *   attacker who types a colleague's name cannot lock the colleague out. It costs an attacker
 *   nothing either: a fresh address gets its free failures from its own counter anyway.
 * - A source that has failed waits for the longer of its own and its name's wait.
 * A success clears both counters. A form without a usable name is refused before all this and
 * counts nothing (setup/staff-login.ts).
 *
 * Screen PIN (the guest screen's exit, the return station's staff confirmation): counted per
 * paired screen (`screen:` and the device), apart from the staff login, so that a guest who types
 * PINs on a screen slows down only that screen's keypad. A browser that is not paired as a screen
 * has no PIN to type (setup/screen-session.ts) and no counter.
 *
 * Addresses are the client's as adapter-node reads it: behind a proxy, from the X-Forwarded-For
 * depth set in ADDRESS_HEADER / XFF_DEPTH (README, Configuration), or every client would be the
 * proxy and share one counter.
 */
import type { AttemptThrottle } from './attempt-throttle.ts';

const sourceCounter = (address: string) => `address:${address}`;
const nameCounter = (name: string) => `name:${name.toLowerCase()}`;
const screenCounter = (deviceId: string) => `screen:${deviceId}`;

export class LoginAttempts {
	readonly #throttle: AttemptThrottle;

	constructor(throttle: AttemptThrottle) {
		this.#throttle = throttle;
	}

	/**
	 * Counts a staff login of `name` from `address` before its password is checked: 0 to go on,
	 * or the milliseconds to wait (refused, and counted nowhere unless a race between servers got
	 * there first).
	 */
	async staffLogin(address: string, name: string): Promise<number> {
		const source = sourceCounter(address);
		const named = nameCounter(name);
		const [sourceNow, nameNow] = await Promise.all([
			this.#throttle.peek(source),
			this.#throttle.peek(named)
		]);
		if (sourceNow.failuresBefore > 0 && nameNow.waitMs > 0)
			return Math.max(nameNow.waitMs, sourceNow.waitMs);
		const bySource = await this.#throttle.attempt(source);
		if (bySource.waitMs > 0) return bySource.waitMs;
		if (bySource.failuresBefore === 0) {
			await this.#throttle.count(named);
			return 0;
		}
		return (await this.#throttle.attempt(named)).waitMs;
	}

	/** The password was right: the source and the name start afresh. */
	async staffLoginSucceeded(address: string, name: string): Promise<void> {
		await this.#throttle.succeed(sourceCounter(address), nameCounter(name));
	}

	/** Counts a PIN typed on the screen of `deviceId`: 0 to go on, or the milliseconds to wait. */
	async screenPin(deviceId: string): Promise<number> {
		return (await this.#throttle.attempt(screenCounter(deviceId))).waitMs;
	}

	/** The PIN was right: the screen's keypad starts afresh. */
	async screenPinSucceeded(deviceId: string): Promise<void> {
		await this.#throttle.succeed(screenCounter(deviceId));
	}
}
