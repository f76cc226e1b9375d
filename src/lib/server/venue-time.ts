/**
 * The venue's wall clock (config `venueTimeZone`): staff type and read times as the venue's
 * clocks show them, the store keeps instants (ISO 8601, UTC). A wall time that a change of clocks
 * skips or repeats is taken as @date-fns/tz takes it (the later reading).
 */
import { TZDate } from '@date-fns/tz';

const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const LOCAL_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/**
 * A `datetime-local` value (`2026-11-22T18:30`) at the venue → the instant; undefined for
 * anything else, or a date no calendar has (`2026-02-30T10:00`).
 */
export function venueTimeToInstant(local: string, timeZone: string): string | undefined {
	const match = LOCAL_TIME.exec(local);
	if (!match) return undefined;
	const [year, month, day, hours, minutes] = match.slice(1).map(Number) as [
		number,
		number,
		number,
		number,
		number
	];
	const date = new TZDate(year, month - 1, day, hours, minutes, timeZone);
	// Date rolls 30 February over into March: not a time anybody typed on purpose.
	if (date.getDate() !== day || date.getMonth() !== month - 1 || hours > 23 || minutes > 59)
		return undefined;
	return new Date(date.getTime()).toISOString();
}

/** An instant → the venue's `datetime-local` value (for a form field showing it). */
export function instantToVenueTime(instant: string, timeZone: string): string {
	const date = new TZDate(new Date(instant), timeZone);
	return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
		date.getHours()
	)}:${pad(date.getMinutes())}`;
}

/** The venue's calendar day (`2026-11-22`) of an instant. */
export function venueDayOf(instant: Date, timeZone: string): string {
	return instantToVenueTime(instant.toISOString(), timeZone).slice(0, 10);
}

/**
 * The venue's calendar day as the instants it runs from and until (exclusive): 23 or 25 hours
 * on the days the clocks change. Undefined for what is not a day.
 */
export function venueDay(day: string, timeZone: string): { from: string; to: string } | undefined {
	if (!LOCAL_DAY.test(day)) return undefined;
	const from = venueTimeToInstant(`${day}T00:00`, timeZone);
	if (!from) return undefined;
	const next = new TZDate(new Date(from), timeZone);
	next.setDate(next.getDate() + 1);
	return { from, to: new Date(next.getTime()).toISOString() };
}
