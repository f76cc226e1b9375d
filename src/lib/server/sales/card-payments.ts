/**
 * The card part of a sale on the terminal, journaled like a platform call (every money
 * operation and its outcome is in the journal). A card is asked once per payment reference: an
 * answer the terminal could not give, or one lost in a crash, is read from the terminal's own
 * record, never asked for again.
 *
 * The payment's journal entry is begun in the transaction that claims the sale (`begin`), and its
 * outcome is settled in the one that saves what the outcome means for the sale (`settle`): the
 * checkout commits each step once (checkout.ts, What a card sale writes).
 */
import type { Journal } from '../journal/journal.ts';
import { JournalOperation } from '../journal/journal-operation.ts';
import type { StoreDb } from '../store/store.ts';
import type { PaymentTerminal, TerminalRecord } from '../terminal/payment-terminal.ts';
import type { CardPayment, Sale } from './sale.ts';

/** What the terminal recorded for a payment, and its journal entry still open, if any. */
export interface CardOutcome {
	record: TerminalRecord;
	entry: number | undefined;
}

export class CardPayments {
	readonly #journal: Journal;
	readonly #terminal: PaymentTerminal;

	constructor(journal: Journal, terminal: PaymentTerminal) {
		this.#journal = journal;
		this.#terminal = terminal;
	}

	/** Journals the sale's claimed payment in `db`, the claim's transaction: before the terminal. */
	begin(sale: Sale, db: StoreDb): Promise<number> {
		return this.#begin(sale, JournalOperation.cardPayment, db);
	}

	/**
	 * Asks the terminal for the payment journaled as `entry`; an `uncertain` answer is looked up.
	 * The entry stays open for `settle`.
	 */
	async collect(sale: Sale, entry: number): Promise<CardOutcome> {
		const payment = sale.payment!;
		const outcome = await this.#terminal.collect({
			deviceId: sale.deviceId,
			...payment,
			currencyCode: sale.quote.currencyCode
		});
		const record =
			outcome === 'uncertain' ? await this.#terminal.lookup(payment.reference) : outcome;
		return { record, entry };
	}

	/**
	 * The outcome of a payment asked before a crash (the sale was left `card-pending`): the
	 * terminal's record, with the journal entry left open, if it still is.
	 */
	async lookUp(sale: Sale): Promise<CardOutcome> {
		const payment = sale.payment!;
		const record = await this.#terminal.lookup(payment.reference);
		return { record, entry: await this.#entryOf(sale, payment) };
	}

	/**
	 * Settles the open journal entry with the terminal's record. `db`: the transaction that saves
	 * the sale's state after the card.
	 */
	async settle({ record, entry }: CardOutcome, db?: StoreDb): Promise<void> {
		if (entry === undefined) return;
		if (record === 'approved') await this.#journal.settle(entry, 'succeeded', {}, db);
		else if (record === 'unknown') {
			await this.#journal.settle(entry, 'needs-staff', { errorCode: 'card-outcome-unknown' }, db);
		} else await this.#journal.settle(entry, 'failed', { errorCode: `card-${record}` }, db);
	}

	/** Gives the collected card part back: the whole payment. */
	async refund(sale: Sale): Promise<boolean> {
		const entry = await this.#begin(sale, JournalOperation.cardRefund);
		const { reference, amountMinor } = sale.payment!;
		const outcome = await this.#terminal.refund(reference, amountMinor);
		if (outcome === 'refunded') await this.#journal.settle(entry, 'succeeded');
		else await this.#journal.settle(entry, 'needs-staff', { errorCode: 'card-refund-failed' });
		return outcome === 'refunded';
	}

	/** Journals a terminal operation on the sale's payment before the terminal is asked. */
	#begin(sale: Sale, operation: string, db?: StoreDb): Promise<number> {
		return this.#journal.begin(
			{
				deviceId: sale.deviceId,
				operation,
				reference: sale.id,
				request: { ...sale.payment!, currencyCode: sale.quote.currencyCode }
			},
			db
		);
	}

	/** The journal entry of this payment, if its outcome is still open. */
	async #entryOf(sale: Sale, payment: CardPayment): Promise<number | undefined> {
		const entries = await this.#journal.list({
			reference: sale.id,
			operation: JournalOperation.cardPayment
		});
		return entries.find(
			(entry) =>
				(entry.request as { reference?: unknown }).reference === payment.reference &&
				(entry.status === 'pending' || entry.status === 'uncertain')
		)?.id;
	}
}
