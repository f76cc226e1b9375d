/**
 * The idle timer of the guest screen (WCAG 2.2.1 Timing Adjustable): after `idleMs` without a
 * touch the guest is asked "still there?" and gets `warningMs` (at least 20 s) to say so, as
 * often as they like; then the sale is given up. Pure: every call is given the time.
 */

/** How long the "still there?" countdown runs (WCAG 2.2.1 asks for at least 20 seconds). */
export const WARNING_SECONDS = 30;
/** The shortest countdown allowed. */
export const MIN_WARNING_SECONDS = 20;

export type IdlePhase = 'active' | 'warning' | 'expired';

export class IdleCountdown {
	readonly idleMs: number;
	readonly warningMs: number;
	#lastActivity: number;

	constructor(idleSeconds: number, now: number, warningSeconds = WARNING_SECONDS) {
		if (!(idleSeconds > 0)) throw new RangeError('idleSeconds must be positive');
		this.idleMs = idleSeconds * 1000;
		this.warningMs = Math.max(MIN_WARNING_SECONDS, warningSeconds) * 1000;
		this.#lastActivity = now;
	}

	phase(now: number): IdlePhase {
		const quiet = now - this.#lastActivity;
		if (quiet < this.idleMs) return 'active';
		return quiet < this.idleMs + this.warningMs ? 'warning' : 'expired';
	}

	/**
	 * A touch or key press. While the warning shows it does not count: the guest answers the
	 * question (extend), so a stray touch elsewhere cannot hide it unnoticed. Once expired,
	 * nothing brings the sale back.
	 */
	activity(now: number): void {
		if (this.phase(now) === 'active') this.#lastActivity = now;
	}

	/** "I'm still here": a fresh idle period, any number of times, unless already expired. */
	extend(now: number): boolean {
		if (this.phase(now) === 'expired') return false;
		this.#lastActivity = now;
		return true;
	}

	/** Whole seconds left of the countdown (the full countdown while active, 0 once expired). */
	secondsLeft(now: number): number {
		const left = this.#lastActivity + this.idleMs + this.warningMs - now;
		return Math.max(0, Math.min(this.warningMs, Math.ceil(left / 1000) * 1000)) / 1000;
	}
}

/** A second beep when this many seconds are left. */
export const SECOND_BEEP_AT = 10;

/**
 * Whether to beep at this tick of the countdown: as it begins (`previous` null: the warning was
 * not showing at the last tick) and once more as it passes SECOND_BEEP_AT seconds left.
 */
export function beepDue(previous: number | null, secondsLeft: number): boolean {
	if (previous === null) return true;
	return previous > SECOND_BEEP_AT && secondsLeft <= SECOND_BEEP_AT;
}
