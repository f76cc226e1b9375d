/**
 * The card part of a sale on the terminal, journaled like a platform call (every money
 * operation and its outcome is in the journal). A card is asked once per payment reference: an
 * answer the terminal could not give, or one lost in a crash, is read from the terminal's own
 * record, never asked for again.
 */
import type { Journal } from '../journal/journal.ts';
import { JournalOperation } from '../journal/journal-operation.ts';
import type { PaymentTerminal, TerminalRecord } from '../terminal/payment-terminal.ts';
import type { CardPayment, Sale } from './sale.ts';

export class CardPayments {
	readonly #journal: Journal;
	readonly #terminal: PaymentTerminal;

	constructor(journal: Journal, terminal: PaymentTerminal) {
		this.#journal = journal;
		this.#terminal = terminal;
	}

	/** Asks the terminal for the sale's claimed payment; an `uncertain` answer is looked up. */
	async collect(sale: Sale): Promise<TerminalRecord> {
		const payment = sale.payment!;
		const entry = await this.#begin(sale, JournalOperation.cardPayment);
		const outcome = await this.#terminal.collect({
			deviceId: sale.deviceId,
			...payment,
			currencyCode: sale.quote.currencyCode
		});
		const record =
			outcome === 'uncertain' ? await this.#terminal.lookup(payment.reference) : outcome;
		await this.#settle(entry, record);
		return record;
	}

	/**
	 * The outcome of a payment asked before a crash (the sale was left `card-pending`): the
	 * terminal's record, which also settles the journal entry left pending.
	 */
	async lookUp(sale: Sale): Promise<TerminalRecord> {
		const payment = sale.payment!;
		const record = await this.#terminal.lookup(payment.reference);
		const entry = await this.#entryOf(sale, payment);
		if (entry !== undefined) await this.#settle(entry, record);
		return record;
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
	#begin(sale: Sale, operation: string): Promise<number> {
		return this.#journal.begin({
			deviceId: sale.deviceId,
			operation,
			reference: sale.id,
			request: { ...sale.payment!, currencyCode: sale.quote.currencyCode }
		});
	}

	async #settle(entry: number, record: TerminalRecord): Promise<void> {
		if (record === 'approved') await this.#journal.settle(entry, 'succeeded');
		else if (record === 'unknown') {
			await this.#journal.settle(entry, 'needs-staff', { errorCode: 'card-outcome-unknown' });
		} else await this.#journal.settle(entry, 'failed', { errorCode: `card-${record}` });
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
