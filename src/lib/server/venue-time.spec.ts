import { describe, expect, it } from 'vitest';
import { instantToVenueTime, venueDay, venueDayOf, venueTimeToInstant } from './venue-time.ts';

const BERLIN = 'Europe/Berlin';

describe('the venue’s wall clock', () => {
	it('reads a typed time as the venue’s, in winter and in summer', () => {
		expect(venueTimeToInstant('2026-11-22T18:30', BERLIN)).toBe('2026-11-22T17:30:00.000Z');
		expect(venueTimeToInstant('2026-07-01T18:30', BERLIN)).toBe('2026-07-01T16:30:00.000Z');
		expect(venueTimeToInstant('2026-07-01T18:30', 'UTC')).toBe('2026-07-01T18:30:00.000Z');
	});

	it('refuses what is not a time', () => {
		for (const text of [
			'',
			'2026-11-22',
			'2026-02-30T10:00',
			'2026-11-22T24:00',
			'22.11.2026 18:30'
		])
			expect(venueTimeToInstant(text, BERLIN)).toBeUndefined();
	});

	it('shows an instant as the venue’s clock, across midnight', () => {
		expect(instantToVenueTime('2026-11-22T23:30:00.000Z', BERLIN)).toBe('2026-11-23T00:30');
		expect(venueDayOf(new Date('2026-11-22T23:30:00.000Z'), BERLIN)).toBe('2026-11-23');
	});

	it('a day runs from the venue’s midnight to the next, 23 or 25 hours when the clocks change', () => {
		expect(venueDay('2026-11-22', BERLIN)).toEqual({
			from: '2026-11-21T23:00:00.000Z',
			to: '2026-11-22T23:00:00.000Z'
		});
		expect(venueDay('2026-03-29', BERLIN)).toEqual({
			from: '2026-03-28T23:00:00.000Z',
			to: '2026-03-29T22:00:00.000Z'
		});
		expect(venueDay('2026-10-25', BERLIN)).toEqual({
			from: '2026-10-24T22:00:00.000Z',
			to: '2026-10-25T23:00:00.000Z'
		});
		expect(venueDay('2026-13-01', BERLIN)).toBeUndefined();
	});
});
