/**
 * The simulated terminal's own state, shared by every connection (docs/zvt.md "The test
 * double"): its turnover of booked payments and reversals, trace and receipt counters, the
 * last transaction (what Repeat Receipt repeats — it belongs to the terminal, so it outlives
 * connections), which connection holds the terminal, and what tests scripted for the next
 * payments.
 */
import type { IndividualTotals } from '@venue-kiosk/zvt/individual-totals.ts';
import type { StatusInformation } from '@venue-kiosk/zvt/status-information.ts';
import type { DropPoint, PaymentScript } from './script.ts';

export interface SimTransaction {
	kind: 'payment' | 'reversal';
	amountMinor: number;
	currencyCode: number;
	traceNumber: number;
	receiptNumber: number;
	/** Payments: whether a later reversal took it back. */
	reversed: boolean;
	/** Reversals: the receipt number of the payment reversed. */
	reversesReceiptNumber?: number;
	/** Closed by an end of day: no longer reversible, no longer in the totals. */
	settled: boolean;
}

export const TERMINAL_ID = '52523535';
export const SIMULATED_PAN = '672559EEEEEE1234';

export class SimulatedTerminal {
	readonly password: string;
	readonly transactions: SimTransaction[] = [];
	/** How often an ECR registered (06 00) with the right password. */
	registrations = 0;
	lastStatusInformation: StatusInformation | null = null;
	#trace = 0;
	#receipt = 0;
	#holder: object | null = null;
	readonly #scripts: PaymentScript[] = [];
	readonly #drops: DropPoint[] = [];

	constructor(password: string) {
		this.password = password;
	}

	/** One connection at a time runs a command; false while another one does. */
	claim(holder: object): boolean {
		if (this.#holder && this.#holder !== holder) return false;
		this.#holder = holder;
		return true;
	}

	release(holder: object): void {
		if (this.#holder === holder) this.#holder = null;
	}

	get busy(): boolean {
		return this.#holder !== null;
	}

	scriptNext(script: PaymentScript): void {
		this.#scripts.push(script);
	}

	dropNext(point: DropPoint): void {
		this.#drops.push(point);
	}

	/** The next payment's script (approve when none) and drop point, used up. */
	takeNextPayment(): { script: PaymentScript; drop: DropPoint | undefined } {
		return { script: this.#scripts.shift() ?? { result: 'approve' }, drop: this.#drops.shift() };
	}

	nextTraceNumber(): number {
		this.#trace = (this.#trace % 999_999) + 1;
		return this.#trace;
	}

	/** Receipt numbers are four digits and wrap, as on a real terminal. */
	nextReceiptNumber(): number {
		this.#receipt = (this.#receipt % 9_999) + 1;
		return this.#receipt;
	}

	book(transaction: SimTransaction, statusInformation: StatusInformation): void {
		this.transactions.push(transaction);
		this.lastStatusInformation = statusInformation;
	}

	/** The open batch's unreversed payments: what an end of day books. */
	openBatchTotals(): { totalMinor: number; individualTotals: IndividualTotals } {
		const open = this.transactions.filter((transaction) => !transaction.settled);
		const paid = open.filter(
			(transaction) => transaction.kind === 'payment' && !transaction.reversed
		);
		const totalMinor = paid.reduce((sum, transaction) => sum + transaction.amountMinor, 0);
		const none = { count: 0, totalMinor: 0 };
		const receipts = open.map((transaction) => transaction.receiptNumber);
		return {
			totalMinor,
			individualTotals: {
				receiptNumberFrom: receipts.length > 0 ? Math.min(...receipts) : 0,
				receiptNumberTo: receipts.length > 0 ? Math.max(...receipts) : 0,
				// Every simulated card is a girocard.
				schemes: {
					girocard: { count: paid.length, totalMinor },
					jcb: none,
					eurocard: none,
					amex: none,
					visa: none,
					diners: none,
					others: none
				}
			}
		};
	}

	settleOpenBatch(): void {
		for (const transaction of this.transactions) transaction.settled = true;
	}
}
