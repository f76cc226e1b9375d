/**
 * The deposit ledger of a period (docs/back-office.md, The deposit ledger: deposits issued,
 * refunded at return stations and forfeited (expired), and the deposit liability still
 * outstanding): per ordering kiosk, the containers its sales issued and where they stand — out at
 * the start, issued, returned, forfeited, out at the end — and the deposits they stand for. Pure.
 *
 * The facts it rests on (spec 1):
 * - an issued item is ACTIVE until a validate returns it (RETURNED, "refund = validatedCount x
 *   depositGross") or "the expiration window has passed without return" (EXPIRED, "deposit
 *   forfeited"); a category's items expire at its `expiresAt` of the create response;
 * - the platform sends no notice of either, and its preview cannot tell returned from expired
 *   once the window has passed (sales/container-counts.ts).
 * So the ledger is kept from what this venue saw: the codes its kiosks issued (the sales) and the
 * returns its stations made of them, matched by the code's fingerprint (returns/return-entries.ts).
 * A container of ours returned at a station this server does not know of stays out here until
 * its deadline and is then counted forfeited: the returned figures are at least, the out and
 * forfeited ones at most, what the platform holds. Every kiosk server of a venue on one database
 * sees all of the venue's returns.
 *
 * A container is out at an instant t when it was issued before t (its sale paid) and its deadline
 * is after t, less what was returned before t; it is forfeited in the period when its deadline
 * falls in (from, until]. So, per kiosk and in total: out at start + issued − returned −
 * forfeited = out at end. `until` is the end of the period, or now while the period runs: a
 * deadline still to come is not a forfeit yet.
 */
import type { DepositAmount, DepositLedger } from '#lib/shared/day-report.ts';
import { isPaid } from '#lib/shared/sale-states.ts';
import type { ReturnRecord } from '../returns/return-records.ts';
import { codeFingerprint } from '../returns/return-entries.ts';
import type { Sale } from '../sales/sale.ts';

export interface DepositLedgerInput {
	from: string;
	/** The end of the period, or now if that is earlier. */
	until: string;
	/** The stations' returns before `until`, from the first payment of the counted sales on. */
	returns: readonly ReturnRecord[];
}

/**
 * What a paid sale issued, as the ledger counts it: kept with the sale in the store
 * (sale-repository.ts), so the report reads these and never the sales themselves.
 */
export interface IssuedContainers {
	deviceId: string;
	/** When the sale was paid. */
	issuedAt: string;
	/** The deposit code's fingerprint, as the stations' returns name it. */
	codeFingerprint: string;
	categories: { categoryId: string; count: number; unitMinor: number; expiresAt: string }[];
}

/** The containers `sale` issued; null for a sale unpaid or without deposits. */
export function issuedContainersOf(sale: Sale): IssuedContainers | null {
	if (!sale.deposit || sale.paidAt === null || !isPaid(sale)) return null;
	return {
		deviceId: sale.deviceId,
		issuedAt: sale.paidAt,
		codeFingerprint: codeFingerprint(sale.deposit.code),
		categories: sale.deposit.categories.map((category) => ({
			categoryId: category.categoryId,
			count: category.count,
			unitMinor:
				sale.quote.depositLines.find((line) => line.categoryId === category.categoryId)
					?.unitMinor ?? 0,
			expiresAt: category.expiresAt
		}))
	};
}

/** The ledgers of a period, counted sale by sale (the report reads the sales page by page). */
export interface DepositLedgerBook {
	/** Counts the containers of one sale whose deposits were out at some time in the period. */
	count(issued: IssuedContainers): void;
	/** The ledgers so far, by the device id of the kiosk that issued the containers. */
	readonly ledgers: Map<string, DepositLedger>;
}

const LEDGER_KEYS = ['outAtStart', 'issued', 'returned', 'forfeited', 'outAtEnd'] as const;

export const emptyLedger = (): DepositLedger => ({
	outAtStart: { containers: 0, minor: 0 },
	issued: { containers: 0, minor: 0 },
	returned: { containers: 0, minor: 0 },
	forfeited: { containers: 0, minor: 0 },
	outAtEnd: { containers: 0, minor: 0 }
});

export function addLedger(into: DepositLedger, more: DepositLedger): void {
	for (const key of LEDGER_KEYS) {
		into[key].containers += more[key].containers;
		into[key].minor += more[key].minor;
	}
}

/** Takes `less` off `from` (the ledger of some containers counted twice). */
export function subtractLedger(from: DepositLedger, less: DepositLedger): void {
	for (const key of LEDGER_KEYS) {
		from[key].containers -= less[key].containers;
		from[key].minor -= less[key].minor;
	}
}

const instant = (iso: string) => Date.parse(iso);

/** A return of some containers of one category of a code, and when. */
interface ReturnOfCategory {
	at: number;
	returned: number;
}

/** The stations' returns by code fingerprint and category. */
function returnsByCode(returns: readonly ReturnRecord[]): Map<string, ReturnOfCategory[]> {
	const byCode = new Map<string, ReturnOfCategory[]>();
	for (const record of returns) {
		if (record.codeFingerprint === null) continue;
		for (const line of record.lines) {
			const key = `${record.codeFingerprint} ${line.categoryId}`;
			const returns = byCode.get(key) ?? [];
			returns.push({ at: instant(record.at), returned: line.returned });
			byCode.set(key, returns);
		}
	}
	return byCode;
}

/**
 * How many of a category's `count` containers the returns had taken before `t`. A return the
 * platform took in the minutes after the deadline, before its expiry check ran (every 5 minutes),
 * was of a container still active: it counts at the deadline.
 */
function returnedUpTo(
	returned: readonly ReturnOfCategory[] | undefined,
	deadline: number,
	count: number,
	t: number
): number {
	if (!returned) return 0;
	let sum = 0;
	for (const r of returned) if (Math.min(r.at, deadline - 1) < t) sum += r.returned;
	return Math.min(count, sum);
}

function add(into: DepositAmount, containers: number, unitMinor: number): void {
	into.containers += containers;
	into.minor += containers * unitMinor;
}

/** Ledgers by the device id of the kiosk that issued the containers, counted sale by sale. */
export function depositLedgers(input: DepositLedgerInput): DepositLedgerBook {
	const from = instant(input.from);
	const until = instant(input.until);
	const returns = returnsByCode(input.returns);
	const ledgers = new Map<string, DepositLedger>();
	const count = (issued: IssuedContainers) => {
		const issuedAt = instant(issued.issuedAt);
		let ledger = ledgers.get(issued.deviceId);
		if (!ledger) ledgers.set(issued.deviceId, (ledger = emptyLedger()));
		for (const category of issued.categories) {
			const { count, unitMinor } = category;
			const deadline = instant(category.expiresAt);
			const returned = returns.get(`${issued.codeFingerprint} ${category.categoryId}`);
			const returnedBefore = (t: number) => returnedUpTo(returned, deadline, count, t);
			const outAt = (t: number) => (issuedAt < t && t < deadline ? count - returnedBefore(t) : 0);
			add(ledger.outAtStart, outAt(from), unitMinor);
			add(ledger.outAtEnd, outAt(until), unitMinor);
			if (from <= issuedAt && issuedAt < until) add(ledger.issued, count, unitMinor);
			add(ledger.returned, returnedBefore(until) - returnedBefore(from), unitMinor);
			if (from < deadline && deadline <= until)
				add(ledger.forfeited, count - returnedBefore(deadline), unitMinor);
		}
	};
	return { count, ledgers };
}
