/**
 * One guest at the ordering kiosk, from the attract screen to the receipt: the screen's shared
 * state (step, language, basket, sale, the message to show) and every action a guest can take.
 * The server decides: prices, credits and payment come from the JSON API; a "paid" screen only
 * for a sale whose state is `completed`. Every failure ends in a message and a next step
 * (failures.ts). Forgetting the guest (done, idle, start over) releases an open sale.
 */
import { ageConfirmed, basketAge, lineAge, NO_AGE } from '#lib/shared/age-limits.ts';
import { browser } from '$app/env';
import { GuestLanguage } from '#lib/i18n/guest-language.svelte.ts';
import type { Locale } from '#lib/paraglide/runtime.js';
import { isInPayment, isOpen, isPaid } from '#lib/shared/sale-states.ts';
import type { SaleView } from '#lib/shared/sale-view.ts';
import { normalizeTransactionKey } from '#lib/shared/transaction-key.ts';
import { add, basketKey, prune, summarize, withQuantity, type LineChoice } from './basket.ts';
import {
	planFor,
	type ApiFailure,
	type FailedStage,
	type FailureMessage,
	type ProblemAction
} from './failures.ts';
import {
	KioskApi,
	type ReceiptPrintOutcome,
	type TerminalAnswer,
	type TerminalProgress
} from './kiosk-api.ts';
import { paymentMethods, type PaymentMethods } from './payment-methods.ts';
import { suggestionFor } from './suggestion.ts';
import type { ServerReachability } from '#lib/pwa/server-reachability.svelte.ts';
import type { BasketLine, KioskView } from './types.ts';

/** What the session reads of ServerReachability. */
type Watcher = Pick<ServerReachability, 'reachable' | 'unreachable' | 'check' | 'platform'>;

export type Step =
	| 'attract'
	| 'language'
	| 'menu'
	| 'payment'
	| 'scan'
	| 'credits'
	| 'card'
	| 'issuing'
	| 'receipt'
	| 'staff';

/** A message for the guest, with what they can do about it. */
export interface Problem {
	message: FailureMessage;
	actions: ProblemAction[];
}

/** Steps where the idle timer runs (not while a payment is under way, not on the attract screen). */
const IDLE_STEPS: ReadonlySet<Step> = new Set([
	'language',
	'menu',
	'payment',
	'scan',
	'credits',
	'receipt',
	'staff'
]);

/** How often a sale being completed in the background is read again. */
const COMPLETION_POLL_MS = 1_000;
/** After this long still being completed, the guest is sent to staff (the screen keeps watching). */
const COMPLETION_PATIENCE_MS = 45_000;

/** What the guest is told of an unpaid sale that needs staff, by the server's reason. */
function noticeOf(problem: string | null): ApiFailure {
	return problem === 'card-refund-failed' ? 'card-refund-pending' : 'card-outcome-unknown';
}

/** The simulated terminal is asked only once the payment waits for it: retry briefly until then. */
const TERMINAL_RETRIES = 20;
const TERMINAL_RETRY_MS = 250;

/** How often the screen reads what a ZVT terminal shows while the card is paid. */
const TERMINAL_PROGRESS_MS = 1_000;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class KioskSession {
	step: Step = $state('attract');
	/** Counts the guests forgotten: what a guest chose for themselves ends with them. */
	guestsEnded = $state(0);
	/** The guest's language; every message of the screen follows it. */
	readonly language = new GuestLanguage(() => this.data.languages);
	basket: BasketLine[] = $state([]);
	sale: SaleView | null = $state(null);
	problem: Problem | null = $state(null);
	/** A call is under way (starting the sale, checking a code, releasing credits). */
	busy = $state(false);
	/** The payment call waits for the card terminal and the completion. */
	paying = $state(false);
	/** The (simulated) terminal's answer is being sent. */
	answering = $state(false);
	/** What the kiosk's ZVT terminal shows while the card is paid; null: nothing (yet). */
	terminalProgress = $state<TerminalProgress['messageId'] | null>(null);
	/** The receipt on the kiosk's printer: not asked yet, under way, or how it went. */
	receiptPrint = $state<'idle' | 'printing' | ReceiptPrintOutcome>('idle');
	/** Staff put this kiosk out of order (the heartbeat's answer): the venue's text; null: not. */
	outOfOrder = $state<{ text: Record<string, string> } | null>(null);
	/**
	 * For the fleet page (fleet/screen-report.ts): the last receipt's outcome and the last card
	 * payment's answer, kept across guests; null: none yet.
	 */
	lastPrint = $state<ReceiptPrintOutcome | null>(null);
	lastCardPayment = $state<'paid' | ApiFailure | null>(null);

	readonly #view: () => KioskView;
	readonly #refresh: () => Promise<void>;
	readonly #api: KioskApi;
	#reachability: Watcher | null = $state(null);
	/** The basket the current sale was started with. */
	#saleBasket: string | null = null;
	/** Changes whenever the guest is forgotten: late answers of an earlier guest are dropped. */
	#generation = 0;

	/** The suggestion before paying was shown to this guest (it is offered once). */
	#suggestionOffered = $state(false);
	/** What to offer on the payment step now, before a sale is started; null: nothing. */
	readonly suggestion = $derived.by(() =>
		this.step === 'payment' && !this.sale && !this.#suggestionOffered
			? suggestionFor(this.basket, this.data.products, this.data.settings.suggestedProductId)
			: null
	);

	readonly summary = $derived.by(() =>
		summarize(this.basket, this.data.products, this.data.settings.serviceFeeMinor)
	);
	/**
	 * The basket's lines of products sold out since the guest chose them (the live feed brought
	 * the menu that says so): shown marked, and nothing is paid until the guest removes them.
	 */
	readonly soldOutLines = $derived(this.summary.lines.filter((line) => line.product.soldOut));
	/** The age the basket needs (#lib/shared/age-limits.ts): its lines' products and choices. */
	readonly basketAge = $derived(
		basketAge(this.summary.lines.map((line) => lineAge(line.product, line.options)))
	);
	/**
	 * The age this guest confirmed ("I am 18 or older"): asked once per sale, at "Go to payment",
	 * and sent with the sale, which the server refuses without it. 0: none confirmed.
	 */
	confirmedAge = $state(NO_AGE);
	/** The age question is open (the basket needs more than the guest confirmed); null: not asked. */
	askingAge: number | null = $state(null);
	/**
	 * The scanned account holds no credits: the platform took none although it would have taken
	 * what there is (not EXTERNAL_PAYMENT, the fallback of a wallet short of the whole order). The
	 * credit summary then says so and offers the card; any discount still applies.
	 */
	readonly noCredits = $derived(
		this.sale?.credits?.creditsMinor === 0 && this.sale.credits.paymentType !== 'EXTERNAL_PAYMENT'
	);
	readonly idleEnabled = $derived(IDLE_STEPS.has(this.step));
	/**
	 * The kiosk server cannot be reached: the menu stays browsable, but no sale is started and
	 * nothing is paid until it can ("please order at the counter").
	 */
	get orderingPaused(): boolean {
		return !(this.#reachability?.reachable ?? true);
	}

	/**
	 * `view`: what the screen shows (its newest snapshot); `refresh`: fetch the newest and show it
	 * at once (the server said the menu changed).
	 */
	constructor(view: () => KioskView, refresh: () => Promise<void>, api: KioskApi = new KioskApi()) {
		this.#view = view;
		this.#refresh = refresh;
		this.#api = api;
	}

	/** Nothing under way: the attract screen with no sale (a new menu or version may come in). */
	get idle(): boolean {
		return this.step === 'attract' && !this.sale;
	}

	/**
	 * Paying with credits is paused: the server is up, the platform's loyalty credits are not
	 * (the card still works).
	 */
	get loyaltyPaused(): boolean {
		return !this.orderingPaused && this.#reachability?.platform.loyalty === false;
	}

	/** How the guest can pay now: by card (a card terminal), with credits (loyalty usable). */
	get methods(): PaymentMethods {
		return paymentMethods(this.data.settings, this.data.features.loyalty && !this.loyaltyPaused);
	}

	/** Products in returnable cups are paused: the platform's deposits are out of reach. */
	get depositsPaused(): boolean {
		return !this.orderingPaused && this.#reachability?.platform.deposits === false;
	}

	/** From now on, ordering pauses (all or a part) as `reachability` says. */
	watch(reachability: Watcher): void {
		this.#reachability = reachability;
	}

	get data(): KioskView {
		return this.#view();
	}

	/** Whether a guest has languages to choose from. */
	get #choosesLanguage(): boolean {
		return this.language.offered.length > 1;
	}

	/** The screen goes away (navigation): give getLocale back. */
	destroy(): void {
		this.language.destroy();
	}

	/** To the language step; where the venue offers one language only, on to the menu. */
	begin(): void {
		// Out of order: the attract screen says so and starts nothing.
		if (this.outOfOrder) return;
		this.problem = null;
		this.step = this.#choosesLanguage ? 'language' : 'menu';
	}

	chooseLanguage(locale: Locale): void {
		this.language.switch(locale);
		this.step = 'menu';
	}

	add(choice: LineChoice, count = 1): void {
		const product = this.data.products.find((candidate) => candidate.id === choice.productId);
		if (product?.soldOut) return;
		this.basket = add(this.basket, choice, count);
	}

	setQuantity(choice: LineChoice, quantity: number): void {
		this.basket = withQuantity(this.basket, choice, quantity);
	}

	toPayment(): void {
		if (this.summary.lines.length === 0) return;
		const paused = this.#pausedFor();
		if (paused) return this.#show(paused, 'start');
		this.problem = null;
		if (!ageConfirmed(this.basketAge, this.confirmedAge)) {
			this.askingAge = this.basketAge;
			return;
		}
		this.step = 'payment';
	}

	/** "I am 18 or older": confirmed for this sale, on to payment. */
	confirmAge(): void {
		if (this.askingAge === null) return;
		this.confirmedAge = this.askingAge;
		this.askingAge = null;
		this.toPayment();
	}

	/** The question closed unanswered (Escape, back): asked again at the next "Go to payment". */
	closeAgeCheck(): void {
		this.askingAge = null;
	}

	/** "Remove these": the lines the question was about leave the basket; the guest stays. */
	removeRestricted(): void {
		const confirmed = this.confirmedAge;
		const restricted = this.summary.lines.filter(
			(line) => !ageConfirmed(lineAge(line.product, line.options), confirmed)
		);
		for (const line of restricted)
			this.basket = withQuantity(
				this.basket,
				{ productId: line.product.id, options: line.optionIds },
				0
			);
		this.askingAge = null;
	}

	backToMenu(): void {
		if (this.busy) return;
		this.problem = null;
		this.step = 'menu';
	}

	/** "Back" on the keypad: one step back where the flow has one (never out of a payment). */
	back(): void {
		if (this.busy) return;
		if (this.askingAge !== null) this.closeAgeCheck();
		else if (this.step === 'language') this.startOver();
		else if (this.step === 'menu' && this.#choosesLanguage) this.step = 'language';
		else if (this.step === 'menu') this.startOver();
		else if (this.step === 'payment') this.backToMenu();
		else if (this.step === 'scan') this.backToPayment();
		else if (this.step === 'credits') void this.cancelCredits();
	}

	backToPayment(): void {
		if (this.busy) return;
		this.problem = null;
		this.step = 'payment';
	}

	/** The guest takes the suggestion: one of it joins the basket (no sale is open yet). */
	acceptSuggestion(): void {
		const product = this.suggestion;
		this.#suggestionOffered = true;
		if (product) this.add({ productId: product.id });
	}

	declineSuggestion(): void {
		this.#suggestionOffered = true;
	}

	async payWithCredits(): Promise<void> {
		this.#suggestionOffered = true;
		if (!this.data.features.loyalty) return;
		if (this.loyaltyPaused) return this.#show('loyalty-offline', 'start');
		if (await this.#openSale()) this.step = 'scan';
	}

	async payByCard(): Promise<void> {
		this.#suggestionOffered = true;
		if (!this.methods.card) return;
		this.problem = null;
		if (await this.#openSale()) await this.#collect();
	}

	/** A scanned or typed loyalty key (raw: the server pads and validates it again). */
	async scan(raw: string): Promise<void> {
		const sale = this.sale;
		if (this.step !== 'scan' || this.busy || !sale) return;
		if (normalizeTransactionKey(raw).key === null) {
			this.#show('key-format', 'scan');
			return;
		}
		this.busy = true;
		this.problem = null;
		const generation = this.#generation;
		try {
			const result = await this.#api.loyalty(sale.id, raw.trim());
			if (generation !== this.#generation) return;
			if (result.ok && result.value.credits) {
				this.sale = result.value;
				this.step = 'credits';
			} else {
				await this.#fail(result.ok ? 'server' : result.failure, 'scan');
			}
		} finally {
			this.busy = false;
		}
	}

	/** The guest agrees to the credit summary: collect the rest by card (if any) and complete. */
	async confirmCredits(): Promise<void> {
		if (this.step !== 'credits' || this.busy) return;
		await this.#collect();
	}

	/** The guest does not want the credit summary: release the credits, choose again. */
	async cancelCredits(): Promise<void> {
		const sale = this.sale;
		if (!sale || this.busy) return;
		this.busy = true;
		try {
			await this.#release(sale);
			this.problem = null;
			this.step = 'payment';
		} finally {
			this.busy = false;
		}
	}

	/** The simulated terminal's "approve" or "decline", given on the screen. */
	async answerTerminal(outcome: TerminalAnswer): Promise<void> {
		const sale = this.sale;
		if (!sale || this.step !== 'card' || this.answering) return;
		this.answering = true;
		try {
			for (let attempt = 0; attempt < TERMINAL_RETRIES; attempt += 1) {
				const result = await this.#api.terminal(sale.id, outcome);
				if (result.ok) {
					if (outcome === 'approved' && this.step === 'card' && this.paying) {
						this.step = 'issuing';
					}
					return;
				}
				// 409: the payment is not waiting for the terminal yet (or any more).
				if (result.failure !== 'sale-closed' || !this.paying) return;
				await delay(TERMINAL_RETRY_MS);
			}
		} finally {
			this.answering = false;
		}
	}

	/** The receipt of the paid sale on the kiosk's printer (once; again only if nothing printed). */
	async printReceipt(): Promise<void> {
		const sale = this.sale;
		if (!sale || this.step !== 'receipt' || this.receiptPrint === 'printing') return;
		const generation = this.#generation;
		this.receiptPrint = 'printing';
		const result = await this.#api.print(sale.id, this.language.current);
		if (generation !== this.#generation) return;
		this.receiptPrint = result.ok ? result.value.outcome : 'failed';
		if (result.ok) this.lastPrint = result.value.outcome;
	}

	/** While the card is paid on a ZVT terminal, what it shows, read every second. */
	async #followTerminal(saleId: string): Promise<void> {
		const generation = this.#generation;
		this.terminalProgress = null;
		while (generation === this.#generation && this.step === 'card' && this.paying) {
			const result = await this.#api.terminalProgress(saleId);
			if (generation !== this.#generation) return;
			if (result.ok && result.value.progress)
				this.terminalProgress = result.value.progress.messageId;
			await delay(TERMINAL_PROGRESS_MS);
		}
	}

	/** A problem's button. */
	act(action: ProblemAction): void {
		if (action === 'start-over') this.startOver();
	}

	/** Done (receipt), start over (staff): forget the guest. */
	startOver(): void {
		const sale = this.sale;
		this.#forget();
		if (sale && isOpen(sale)) void this.#api.abandon(sale.id);
	}

	/** "I'm still here": the server keeps the open sale (it releases sales nobody attends). */
	keepAlive(): void {
		const sale = this.sale;
		if (sale && isOpen(sale)) void this.#api.keepAlive(sale.id);
	}

	/** Nobody answered "still there?": release the sale and forget everything the guest entered. */
	async timeout(): Promise<void> {
		const sale = this.sale;
		this.#forget();
		if (sale && isOpen(sale)) await this.#api.abandon(sale.id);
	}

	#forget(): void {
		this.guestsEnded += 1;
		this.#generation += 1;
		this.basket = [];
		this.sale = null;
		this.#saleBasket = null;
		this.problem = null;
		this.busy = false;
		this.paying = false;
		this.answering = false;
		this.receiptPrint = 'idle';
		this.terminalProgress = null;
		this.#suggestionOffered = false;
		this.confirmedAge = NO_AGE;
		this.askingAge = null;
		this.step = 'attract';
		this.language.reset();
	}

	/**
	 * The open sale of this basket: the one started before when the basket is unchanged and
	 * nothing was scanned since, else a new one (an earlier open sale is released first).
	 */
	/** Why this basket cannot be sold now, known without asking (nothing is sent); else null. */
	#pausedFor(): 'offline' | 'deposits-offline' | 'sold-out' | null {
		if (this.orderingPaused) return 'offline';
		if (this.soldOutLines.length > 0) return 'sold-out';
		if (this.depositsPaused && this.summary.depositLines.length > 0) return 'deposits-offline';
		return null;
	}

	async #openSale(): Promise<boolean> {
		if (this.busy || this.paying) return false;
		const paused = this.#pausedFor();
		if (paused) {
			this.#show(paused, 'start');
			return false;
		}
		const key = basketKey(this.basket);
		const current = this.sale;
		if (current && current.state === 'quoted' && this.#saleBasket === key) return true;
		this.busy = true;
		const generation = this.#generation;
		try {
			if (current) await this.#release(current);
			const result = await this.#api.start(this.basket, this.confirmedAge);
			if (generation !== this.#generation) return false;
			if (!result.ok) {
				await this.#fail(result.failure, 'start');
				return false;
			}
			this.sale = result.value;
			this.#saleBasket = key;
			return true;
		} finally {
			this.busy = false;
		}
	}

	/** Gives up an open sale (a previewed credit transaction is cancelled) and forgets it. */
	async #release(sale: SaleView): Promise<void> {
		this.sale = null;
		this.#saleBasket = null;
		if (isOpen(sale)) await this.#api.abandon(sale.id);
	}

	/** Pays the open sale: the card terminal for what is left (if anything), then completion. */
	async #collect(): Promise<void> {
		const sale = this.sale;
		if (!sale || this.paying) return;
		const withCredits = sale.credits !== null;
		const amount = sale.credits ? sale.credits.outstandingMinor : sale.totalMinor;
		this.problem = null;
		this.step = amount > 0 ? 'card' : 'issuing';
		this.paying = true;
		const generation = this.#generation;
		if (amount > 0 && this.data.settings.cardTerminal === 'zvt') void this.#followTerminal(sale.id);
		const result = await this.#api.pay(sale.id);
		if (generation !== this.#generation) return;
		this.paying = false;
		if (amount > 0) this.lastCardPayment = result.ok ? 'paid' : result.failure;
		if (result.ok) {
			this.#completed(result.value);
			return;
		}
		if (result.failure === 'network') this.#reachability?.unreachable();
		if (result.failure === 'network' || result.failure === 'server') {
			// The answer was lost (the server may be restarting): the sale itself says where it
			// stands. Until it does, the guest is not offered a second payment.
			await this.#watchCompletion(sale.id, withCredits);
			return;
		}
		await this.#fail(result.failure, 'pay', withCredits);
	}

	/**
	 * The answer of a payment: a receipt only for a paid sale (its notice says what staff will
	 * settle, e.g. the deposit code); a sale the server is still completing is watched until it
	 * ends.
	 */
	#completed(view: SaleView): void {
		this.sale = view;
		if (isPaid(view)) {
			this.problem = null;
			this.step = 'receipt';
		} else if (isInPayment(view)) {
			void this.#watchCompletion(view.id);
		} else if (view.state === 'needs-staff') {
			this.#show(noticeOf(view.problem), 'pay');
		} else {
			this.#show('sale-closed', 'pay');
		}
	}

	/**
	 * The server finishes the sale in the background (sale recovery), or its answer was lost:
	 * "finishing your order" until the sale says where it stands; past COMPLETION_PATIENCE_MS the
	 * guest is sent to staff, and the receipt still appears if it completes while they are there.
	 */
	async #watchCompletion(saleId: string, withCredits = false): Promise<void> {
		const generation = this.#generation;
		const since = Date.now();
		let toldStaff = false;
		this.problem = null;
		this.step = 'issuing';
		while (generation === this.#generation) {
			await delay(COMPLETION_POLL_MS);
			if (generation !== this.#generation) return;
			const check = await this.#api.get(saleId);
			if (generation !== this.#generation) return;
			if (check.ok && isOpen(check.value)) {
				// The payment never began (or was declined): the guest may pay again.
				this.sale = check.value;
				await this.#fail('network', 'pay', withCredits);
				return;
			}
			if (check.ok && !isInPayment(check.value)) {
				this.#completed(check.value);
				return;
			}
			if (!toldStaff && Date.now() - since > COMPLETION_PATIENCE_MS) {
				toldStaff = true;
				this.#show('payment-pending', 'pay');
			}
		}
	}

	async #fail(failure: ApiFailure, stage: FailedStage, withCredits = false): Promise<void> {
		if (failure === 'network') this.#reachability?.unreachable();
		// A part of the platform let the server down: ask at once what is paused now.
		if (failure === 'platform-unavailable' || failure === 'deposits-unavailable')
			this.#reachability?.check();
		const generation = this.#generation;
		const sale = this.sale;
		if (failure === 'not-paired') {
			// The screen was unpaired: the page sends it where it belongs now.
			if (browser) window.location.reload();
			return;
		}
		if (sale && (failure === 'sale-closed' || failure === 'sale-not-found' || stage === 'pay')) {
			// Where does the sale stand? (Paid after all; credits released by a declined card.)
			const check = await this.#api.get(sale.id);
			if (generation !== this.#generation) return;
			if (check.ok && !isOpen(check.value) && check.value.state !== 'abandoned') {
				this.#completed(check.value);
				return;
			}
			if (check.ok) this.sale = check.value;
		}
		const plan = planFor(failure, { stage, withCredits, cards: this.methods.card });
		if (plan.clearSale) {
			this.sale = null;
			this.#saleBasket = null;
		}
		if (plan.refreshMenu) {
			await this.#refresh();
			if (generation !== this.#generation) return;
			this.basket = prune(this.basket, this.data.products);
		}
		this.#show(failure, stage, withCredits);
	}

	#show(failure: ApiFailure, stage: FailedStage, withCredits = false): void {
		const plan = planFor(failure, { stage, withCredits, cards: this.methods.card });
		this.problem = { message: plan.message, actions: plan.actions };
		if (plan.next === 'reload') return;
		this.step = plan.next;
	}
}
