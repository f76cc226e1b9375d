/**
 * The sales page's search, read from its query string: each field checked, and one that cannot be
 * read named back to staff rather than dropped (a search that quietly ignored the amount typed
 * would show sales that do not match it). Times are the venue's (venue-time.ts), amounts in the
 * menu's currency as typed (money.ts typedAmountToMinor).
 */
import { typedAmountToMinor } from '@venue-kiosk/vocabulary/money.ts';
import { PAYMENT_KINDS } from '../sales/sale-amounts.ts';
import {
	cursorFrom,
	orderNumberMatch,
	SALE_STATUSES,
	type SaleCursor,
	type SaleSearch
} from '../sales/sale-search.ts';
import { venueTimeToInstant } from '../venue-time.ts';

const SEARCH_FIELDS = [
	'order',
	'from',
	'to',
	'device',
	'status',
	'payment',
	'min',
	'max',
	'deposit',
	'key'
] as const;
type SearchField = (typeof SEARCH_FIELDS)[number];

export interface SaleSearchQuery {
	/** The fields as typed, to fill the form in again. */
	values: Record<SearchField, string>;
	search: SaleSearch;
	/** The page to show: after this sale (none: the newest). */
	after: SaleCursor | undefined;
	/** The fields that could not be read; nothing is searched while there are any. */
	invalid: SearchField[];
}

export interface SaleSearchContext {
	timeZone: string;
	currencyCode: string;
	deviceIds: readonly string[];
}

const oneOf = <T extends string>(known: readonly T[], value: string): T | undefined =>
	known.find((candidate) => candidate === value);

export function saleSearchFrom(
	query: URLSearchParams,
	context: SaleSearchContext
): SaleSearchQuery {
	const values = Object.fromEntries(
		SEARCH_FIELDS.map((field) => [field, (query.get(field) ?? '').trim().slice(0, 100)])
	) as Record<SearchField, string>;
	const invalid: SearchField[] = [];
	/** The field read by `read`, or undefined when empty; a value `read` refuses is invalid. */
	const field = <T>(name: SearchField, read: (value: string) => T | undefined): T | undefined => {
		const value = values[name];
		if (value === '') return undefined;
		const parsed = read(value);
		if (parsed === undefined) invalid.push(name);
		return parsed;
	};
	const search: SaleSearch = {
		orderNumber: field('order', orderNumberMatch),
		from: field('from', (value) => venueTimeToInstant(value, context.timeZone)),
		to: field('to', (value) => venueTimeToInstant(value, context.timeZone)),
		deviceId: field('device', (value) => oneOf(context.deviceIds, value)),
		status: field('status', (value) => oneOf(SALE_STATUSES, value)),
		paymentKind: field('payment', (value) => oneOf(PAYMENT_KINDS, value)),
		minMinor: field('min', (value) => typedAmountToMinor(value, context.currencyCode)),
		maxMinor: field('max', (value) => typedAmountToMinor(value, context.currencyCode)),
		depositSequence: field('deposit', (value) => (/^[\w-]{1,40}$/.test(value) ? value : undefined)),
		keyTail: field('key', (value) =>
			/^[0-9A-Za-z]{4}$/.test(value) ? value.toUpperCase() : undefined
		)
	};
	const after = query.get('after');
	return {
		values,
		search: Object.fromEntries(
			Object.entries(search).filter(([, value]) => value !== undefined)
		) as SaleSearch,
		after: after === null ? undefined : cursorFrom(after),
		invalid
	};
}
