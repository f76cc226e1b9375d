/**
 * The ZVT terminal's record in the store: each payment and reversal under its payment
 * reference, written `sent` before the command goes out — with the terminal's last booked
 * transaction as known then — so that one whose answer was lost, or whose server died while it
 * waited, is settled from the terminal's own record (lost-payment.ts), never sent again; and,
 * per device, the terminal's last booked transaction as we last learnt it.
 */
import { touchedOne, type Store, type StoreDb } from '../store/store.ts';
import type { Row, ZvtAttemptState } from '../store/tables.ts';
import type { TransactionNumbers } from './lost-payment.ts';

export type ZvtAttemptKind = 'payment' | 'reversal';

export interface ZvtAttempt {
	reference: string;
	kind: ZvtAttemptKind;
	amountMinor: number;
	currencyCode: string;
	state: ZvtAttemptState;
	/** This transaction's numbers on the terminal, once known. */
	numbers: TransactionNumbers | null;
	/** The terminal's last booked transaction when this one was sent; null: none known. */
	knownBefore: TransactionNumbers | null;
	resultCode: number | null;
}

export interface AttemptToSend {
	reference: string;
	kind: ZvtAttemptKind;
	amountMinor: number;
	currencyCode: string;
}

export interface Settlement {
	state: Exclude<ZvtAttemptState, 'sent'>;
	/** Set for a booked transaction (approved, reversed): it is now the terminal's last. */
	numbers?: TransactionNumbers;
	/** Null or absent: the terminal named none. */
	resultCode?: number | null;
}

/** The kiosk whose ZVT terminal took the payment under `reference`; null: none of them did. */
export async function zvtPaymentDevice(store: Store, reference: string): Promise<string | null> {
	const row = await store.db
		.selectFrom('zvt_attempts')
		.select('device_id')
		.where('reference', '=', reference)
		.where('kind', '=', 'payment')
		.executeTakeFirst();
	return row?.device_id ?? null;
}

export class ZvtAttempts {
	readonly #store: Store;
	readonly #deviceId: string;
	readonly #now: () => Date;

	constructor(store: Store, deviceId: string, now: () => Date) {
		this.#store = store;
		this.#deviceId = deviceId;
		this.#now = now;
	}

	async get(reference: string, kind: ZvtAttemptKind): Promise<ZvtAttempt | undefined> {
		const row = await this.#store.db
			.selectFrom('zvt_attempts')
			.selectAll()
			.where('reference', '=', reference)
			.where('kind', '=', kind)
			.executeTakeFirst();
		return row && attemptOf(row);
	}

	/**
	 * Records the attempt as `sent`, with the terminal's last booked transaction, in a
	 * transaction of its own, before the command is sent. Null when the reference was recorded
	 * already: then it is not sent (again) — except a reversal that gave nothing back, which may
	 * be tried again.
	 */
	async recordSent(attempt: AttemptToSend): Promise<ZvtAttempt | null> {
		return this.#store.db.transaction().execute(async (db) => {
			const knownBefore = await this.#lastBooked(db);
			const at = this.#now().toISOString();
			const sent = {
				amount_minor: attempt.amountMinor,
				currency_code: attempt.currencyCode,
				state: 'sent' as const,
				receipt_number: null,
				trace_number: null,
				known_receipt_before: knownBefore?.receiptNumber ?? null,
				known_trace_before: knownBefore?.traceNumber ?? null,
				result_code: null,
				updated_at: at
			};
			const row = await db
				.insertInto('zvt_attempts')
				.values({
					reference: attempt.reference,
					kind: attempt.kind,
					device_id: this.#deviceId,
					created_at: at,
					...sent
				})
				.onConflict((conflict) =>
					attempt.kind === 'reversal'
						? conflict
								.columns(['reference', 'kind'])
								.doUpdateSet(sent)
								.where('zvt_attempts.state', '=', 'not-reversed')
						: conflict.doNothing()
				)
				.returningAll()
				.executeTakeFirst();
			return row ? attemptOf(row) : null;
		});
	}

	/** Settles an attempt still `sent`; false when it was settled already (by another caller). */
	async settle(reference: string, kind: ZvtAttemptKind, settlement: Settlement): Promise<boolean> {
		return this.#store.db.transaction().execute(async (db) => {
			const result = await db
				.updateTable('zvt_attempts')
				.set({
					state: settlement.state,
					receipt_number: settlement.numbers?.receiptNumber ?? null,
					trace_number: settlement.numbers?.traceNumber ?? null,
					result_code: settlement.resultCode ?? null,
					updated_at: this.#now().toISOString()
				})
				.where('reference', '=', reference)
				.where('kind', '=', kind)
				.where('state', '=', 'sent')
				.executeTakeFirst();
			if (!touchedOne(result)) return false;
			if (settlement.numbers) await this.#rememberLast(db, settlement.numbers);
			return true;
		});
	}

	/** Whether the terminal's last booked transaction is known for this kiosk. */
	async knowsLast(): Promise<boolean> {
		return (await this.#lastBooked(this.#store.db)) !== null;
	}

	/** What the terminal itself reported as its last booked transaction (Repeat Receipt). */
	rememberLast(numbers: TransactionNumbers): Promise<void> {
		return this.#rememberLast(this.#store.db, numbers);
	}

	async #rememberLast(db: StoreDb, numbers: TransactionNumbers): Promise<void> {
		const last = {
			last_receipt_number: numbers.receiptNumber,
			last_trace_number: numbers.traceNumber,
			updated_at: this.#now().toISOString()
		};
		await db
			.insertInto('zvt_terminals')
			.values({ device_id: this.#deviceId, ...last })
			.onConflict((conflict) => conflict.column('device_id').doUpdateSet(last))
			.execute();
	}

	async #lastBooked(db: StoreDb): Promise<TransactionNumbers | null> {
		const row = await db
			.selectFrom('zvt_terminals')
			.select(['last_receipt_number', 'last_trace_number'])
			.where('device_id', '=', this.#deviceId)
			.executeTakeFirst();
		return row
			? { traceNumber: row.last_trace_number, receiptNumber: row.last_receipt_number }
			: null;
	}
}

function attemptOf(row: Row<'zvt_attempts'>): ZvtAttempt {
	return {
		reference: row.reference,
		kind: row.kind,
		amountMinor: row.amount_minor,
		currencyCode: row.currency_code,
		state: row.state,
		numbers: numbersOf(row.trace_number, row.receipt_number),
		knownBefore: numbersOf(row.known_trace_before, row.known_receipt_before),
		resultCode: row.result_code
	};
}

function numbersOf(traceNumber: number | null, receiptNumber: number | null) {
	return traceNumber === null ? null : { traceNumber, receiptNumber };
}
