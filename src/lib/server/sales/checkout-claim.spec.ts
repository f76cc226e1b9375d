/**
 * The claim of a sale for payment lives in the store, not in one server's memory, so two
 * concurrent pay calls cannot both pass: two kiosk servers on one database — here two
 * Checkouts, each with its own repository, over one store — never both ask the card.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Journal } from '../journal/journal.ts';
import type { Store } from '../store/store.ts';
import { ENGINES, openTestStore } from '../store/testing/test-stores.ts';
import { SaleRepository } from './sale-repository.ts';
import type {
	PaymentTerminal,
	TerminalRecord,
	TerminalRequest
} from '../terminal/payment-terminal.ts';
import { checkoutOverStore } from './testing/checkout-over-store.ts';
import { quoteFactory, saleFactory } from './testing/factories.ts';

const CLAIM_MS = 60_000;

/**
 * One card terminal both servers reach; a payment waits for `approve` like a guest's tap, and
 * `asked()` says when the terminal is asked for one (the claim is saved a moment before).
 */
class TappedTerminal implements PaymentTerminal {
	async partialRefundsOf() {
		return true;
	}
	readonly collects: TerminalRequest[] = [];
	readonly lookups: string[] = [];
	readonly #approved = new Set<string>();
	readonly #taps = new Map<string, () => void>();
	#waiting: ((request: TerminalRequest) => void)[] = [];

	async collect(request: TerminalRequest): Promise<'approved'> {
		this.collects.push(request);
		for (const asked of this.#waiting.splice(0)) asked(request);
		await new Promise<void>((tap) => this.#taps.set(request.reference, tap));
		this.#approved.add(request.reference);
		return 'approved';
	}

	async lookup(reference: string): Promise<TerminalRecord> {
		this.lookups.push(reference);
		// A payment still waiting for its tap has not completed: the terminal knows none.
		return this.#approved.has(reference) ? 'approved' : 'not-found';
	}

	async refund(): Promise<'failed'> {
		return 'failed';
	}

	async refundedMinor(): Promise<number> {
		return 0;
	}

	approve(reference: string): void {
		this.#taps.get(reference)?.();
	}

	/** The next payment the terminal is asked for. */
	asked(): Promise<TerminalRequest> {
		return new Promise((resolve) => this.#waiting.push(resolve));
	}
}

describe.each(ENGINES)('the claim of a sale for payment on %s', (engine) => {
	let store: Store;
	let terminal: TappedTerminal;
	let now: Date;
	beforeEach(async () => {
		store = await openTestStore(engine);
		terminal = new TappedTerminal();
		now = new Date('2026-11-22T10:00:00.000Z');
	});
	afterEach(() => store.close());

	/** A kiosk server: its own repository and checkout over the shared store. */
	function server(serverId: string) {
		const sales = new SaleRepository(store, { now: () => now });
		// A card-only sale without containers calls no platform.
		const checkout = checkoutOverStore(store, {
			sales,
			journal: new Journal(store, () => now, { server: serverId, ms: CLAIM_MS }),
			terminal,
			now: () => now,
			serverId,
			claimMs: CLAIM_MS
		});
		return { sales, checkout };
	}

	const cardSale = (id: string) =>
		saleFactory({ id, quote: quoteFactory({ goodsMinor: 450, totalMinor: 450 }) });

	it('two servers pay one sale at once: one asks the card, the other finds it being paid', async () => {
		const a = server('server-a');
		const b = server('server-b');
		// Several sales, so both orders of the race are likely to be met.
		for (const id of ['sale-1', 'sale-2', 'sale-3', 'sale-4']) {
			await a.sales.create(cardSale(id));
			const charged = terminal.asked();
			const payments = [a, b].map((each) => each.checkout.pay(id));
			// The refused one answers at once with the sale being paid (the screen watches it end);
			// the other waits for the guest's tap.
			expect(await Promise.race(payments)).toMatchObject({ state: 'card-pending' });
			const charge = await charged;
			expect(terminal.collects.filter(({ reference }) => reference.startsWith(id))).toEqual([
				charge
			]);
			terminal.approve(charge.reference);
			const answers = await Promise.all(payments);
			expect(answers.map(({ state }) => state).sort()).toEqual(['card-pending', 'completed']);
			expect(await a.sales.get(id)).toMatchObject({ state: 'completed', cardPaidMinor: 450 });
		}
		expect(terminal.collects).toHaveLength(4);
		expect(terminal.lookups).toEqual([]);
	});

	it('a payment under way on another server is neither looked up nor undone there', async () => {
		const a = server('server-a');
		const b = server('server-b');
		const sale = await a.sales.create(cardSale('sale-1'));
		const charged = terminal.asked();
		const paying = a.checkout.pay(sale.id);
		await charged;
		expect(await b.checkout.pay(sale.id)).toMatchObject({ state: 'card-pending' });
		expect(await b.checkout.recover(await b.checkout.get(sale.id), now)).toBe(false);
		expect(terminal.lookups).toEqual([]);
		terminal.approve(terminal.collects[0]!.reference);
		expect(await paying).toMatchObject({ state: 'completed', orderNumber: 'K-001' });
		expect(terminal.collects).toHaveLength(1);
	});

	it('the claim of a server that died is taken up once it has run out, by one server', async () => {
		const a = server('server-a');
		const sale = await a.sales.create(cardSale('sale-1'));
		// Server A claims the sale and dies while the terminal waits: no tap ever comes.
		const charged = terminal.asked();
		void a.checkout.pay(sale.id);
		await charged;
		const b = server('server-b');
		const c = server('server-c');
		const stuck = await b.checkout.get(sale.id);
		expect(await b.checkout.recover(stuck, now)).toBe(false);
		now = new Date(now.getTime() + CLAIM_MS + 1);
		const saved = [b, c].map((each) => vi.spyOn(each.sales, 'save'));
		const recovered = await Promise.all([b, c].map((each) => each.checkout.recover(stuck, now)));
		expect(recovered).toContain(true);
		// Taken over, then given up in one save: a screen watching never sees the sale open again.
		const states = saved.flatMap((spy) => spy.mock.calls.map(([each]) => each.state));
		expect(states.filter((state) => state !== 'card-pending')).toEqual(['abandoned']);
		// The terminal never completed the payment: nothing was charged, the sale is given up.
		expect(await b.checkout.get(sale.id)).toMatchObject({
			state: 'abandoned',
			problem: 'card-not-charged',
			cardPaidMinor: 0
		});
		expect(terminal.lookups).toHaveLength(1);
		expect(terminal.collects).toHaveLength(1);
	});
});
