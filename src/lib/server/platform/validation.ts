/**
 * Local checks of request constraints stated by the spec. A request that breaks one fails fast
 * with `PlatformRequestError` (kind 'invalid-request', outcome 'known') and never reaches the
 * platform. Each check adds a "path: problem" line; `assertValid` throws when there is any.
 */
import { fromMinor } from '@venue-kiosk/vocabulary/money.ts';
import { PlatformRequestError } from './errors.ts';
import { CURRENCY_CODE_PATTERN } from './schemas/common.ts';

export class RequestProblems {
	readonly list: string[] = [];

	add(path: string, problem: string): void {
		this.list.push(`${path}: ${problem}`);
	}

	check(ok: boolean, path: string, problem: string): boolean {
		if (!ok) this.add(path, problem);
		return ok;
	}

	/** A string of `min`..`max` characters (UTF-16 units: at most as many as code points). */
	text(value: unknown, path: string, min: number, max: number): value is string {
		if (typeof value !== 'string') {
			this.add(path, 'must be a string');
			return false;
		}
		return this.check(
			value.length >= min && value.length <= max,
			path,
			`must have ${min} to ${max} characters`
		);
	}

	/** An integer in [min, max]. */
	integer(value: unknown, path: string, min: number, max = Number.MAX_SAFE_INTEGER): boolean {
		return this.check(
			typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max,
			path,
			`must be an integer from ${min} to ${max}`
		);
	}

	currency(value: unknown, path: string): value is string {
		return this.check(
			typeof value === 'string' && CURRENCY_CODE_PATTERN.test(value),
			path,
			'must be an ISO 4217 currency code (^[A-Z]{3}$)'
		);
	}

	/** A non-empty identifier for a path segment (encoded when sent). */
	id(value: unknown, path: string): value is string {
		return this.check(
			typeof value === 'string' && value.length > 0,
			path,
			'must be a non-empty string'
		);
	}

	/**
	 * Integer minor units ≥ 0 that `currency` can express as a JSON number; only checked when the
	 * currency is valid (its problem is reported already otherwise).
	 */
	minorAmount(value: unknown, currency: unknown, path: string): boolean {
		if (!this.integer(value, path, 0)) return false;
		if (typeof currency !== 'string' || !CURRENCY_CODE_PATTERN.test(currency)) return true;
		try {
			fromMinor(value as number, currency);
			return true;
		} catch {
			this.add(path, `cannot be expressed in ${currency}`);
			return false;
		}
	}
}

export function assertValid(operation: string, problems: RequestProblems): void {
	if (problems.list.length > 0) throw new PlatformRequestError(operation, problems.list);
}

/** Path segments are encoded, so any id reaches the platform as one segment. */
export function segment(value: string): string {
	return encodeURIComponent(value);
}

/**
 * Header values must be visible ASCII without surrounding spaces: fetch refuses other characters
 * and trims spaces, which would silently change an idempotency key.
 */
export const HEADER_VALUE_PATTERN = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;
