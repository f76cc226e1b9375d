/**
 * One guest at the return station, from the scan to the result: the screen's shared state
 * (step, language, the code's containers, the guest's choice, the result, the message to show)
 * and every action a guest or staff member can take. The server decides what was returned; a
 * confirm whose answer is lost is asked again with the same return (the server answers what
 * happened, it never returns twice). Forgetting the guest (done, idle, start over) drops the
 * code and everything chosen.
 */
import { browser } from '$app/env';
import { parseDepositCode } from '#lib/shared/deposit-code.ts';
import { NOT_TAKEN } from '#lib/scanner/scanner.ts';
import { GuestLanguage } from '#lib/i18n/guest-language.svelte.ts';
import type {
	ReturnCategory,
	ReturnPreviewView,
	ReturnResultView
} from '#lib/shared/return-view.ts';
import {
	planFor,
	type ReturnApiFailure,
	type ReturnMessage,
	type ReturnProblemAction,
	type ReturnStage
} from './failures.ts';
import { adjustedTo, allActive, chosenCount, chosenRefunds, clamp } from './quantities.ts';
import { ReturnApi, type ConfirmRequest, type ReturnApiResult } from './return-api.ts';
import type { ServerReachability } from '#lib/pwa/server-reachability.svelte.ts';
import type { Quantities, ReturnView } from './types.ts';

export type ReturnStep = 'scan' | 'choose' | 'staff' | 'result';

/** A message for the guest (or staff), with what they can do about it. */
export interface ReturnProblem {
	message: ReturnMessage;
	actions: ReturnProblemAction[];
}

/** Local checks of a scan, before anything is sent (deposit-code.ts). */
const CODE_FAILURES: Record<string, ReturnApiFailure> = {
	empty: 'code-empty',
	'wrong-length': 'code-wrong-length',
	'invalid-characters': 'code-invalid',
	'looks-like-loyalty-key': 'code-is-loyalty-key'
};

/** The staff PIN has 4 to 8 digits (setup/screen-pin.ts). */
export const PIN_MIN_LENGTH = 4;
export const PIN_MAX_LENGTH = 8;

/** A confirm whose answer did not arrive is asked again once, after this pause. */
const ASK_AGAIN_MS = 500;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class ReturnSession {
	step: ReturnStep = $state('scan');
	/** Counts the guests forgotten: what a guest chose for themselves ends with them. */
	guestsEnded = $state(0);
	/** The guest's language; every message of the screen follows it. */
	readonly language = new GuestLanguage(() => this.#view().languages);
	/** The code's returnable containers (the stepper screen). */
	preview: ReturnPreviewView | null = $state(null);
	quantities: Quantities = $state({});
	/** The staff PIN being typed (staff-attended stations). */
	pin = $state('');
	result: ReturnResultView | null = $state(null);
	problem: ReturnProblem | null = $state(null);
	/** A scanned code is being checked. */
	checking = $state(false);
	/** The return is being confirmed. */
	returning = $state(false);

	readonly #view: () => ReturnView;
	readonly #api: ReturnApi;
	#reachability: Pick<ServerReachability, 'reachable' | 'unreachable' | 'platform'> | null =
		$state(null);
	/** The code being returned (kept in memory only, until the guest is forgotten). */
	#code: string | null = null;
	/** The confirm last sent: asked again as is after a lost answer. */
	#request: ConfirmRequest | null = null;
	/** Changes whenever the guest is forgotten: late answers of an earlier guest are dropped. */
	#generation = 0;

	readonly categories: ReturnCategory[] = $derived(this.preview?.categories ?? []);
	readonly chosen = $derived(chosenCount(this.categories, this.quantities));
	readonly refunds = $derived(chosenRefunds(this.categories, this.quantities));
	/** "Still there?" on a half-done return; the result screen has its own countdown. */
	readonly idleEnabled = $derived(this.step === 'choose' || this.step === 'staff');

	/** `view`: what the station shows (its newest snapshot). */
	constructor(view: () => ReturnView, api: ReturnApi = new ReturnApi()) {
		this.#view = view;
		this.#api = api;
	}

	/** Nothing under way: waiting for a code (new settings or a new version may come in). */
	get idle(): boolean {
		return this.step === 'scan' && !this.checking && !this.preview;
	}

	/** From now on, returns pause while `reachability` says the server is out of reach. */
	watch(reachability: Pick<ServerReachability, 'reachable' | 'unreachable' | 'platform'>): void {
		this.#reachability = reachability;
	}

	/**
	 * The kiosk server cannot be reached, or the platform's deposits cannot: no new code is
	 * checked and no new return confirmed until they can. A confirm whose answer was lost may still be asked again ("check again"):
	 * that settles what already happened.
	 */
	get paused(): boolean {
		return this.#pauseReason() !== null;
	}

	#pauseReason(): 'offline' | 'deposits-offline' | null {
		const reachability = this.#reachability;
		if (reachability && !reachability.reachable) return 'offline';
		if (reachability && !reachability.platform.deposits) return 'deposits-offline';
		return null;
	}

	get staffAttended(): boolean {
		return this.#view().settings.staffAttended;
	}

	/** The screen goes away (navigation): give getLocale back. */
	destroy(): void {
		this.language.destroy();
	}

	/**
	 * A code from the camera, the handheld scanner or the on-screen keyboard. While returns are
	 * paused it is not looked at (`NOT_TAKEN`): a code held up then is read again once they resume.
	 */
	async scan(raw: string): Promise<typeof NOT_TAKEN | undefined> {
		if (this.step !== 'scan' || this.checking) return;
		const parsed = parseDepositCode(raw);
		if (parsed.code === null) {
			this.#show(CODE_FAILURES[parsed.reason] ?? 'code-invalid', 'scan');
			return;
		}
		const paused = this.#pauseReason();
		if (paused) {
			this.#show(paused, 'scan');
			return NOT_TAKEN;
		}
		this.checking = true;
		this.problem = null;
		const generation = this.#generation;
		try {
			const result = await this.#api.preview(parsed.code);
			if (generation !== this.#generation) return;
			if (result.ok) this.#choose(parsed.code, result.value, null);
			else this.#fail(result, 'scan');
		} finally {
			if (generation === this.#generation) this.checking = false;
		}
	}

	setQuantity(categoryId: string, quantity: number): void {
		const category = this.categories.find((c) => c.categoryId === categoryId);
		if (!category || this.returning) return;
		this.quantities = { ...this.quantities, [categoryId]: clamp(category, quantity) };
	}

	/** The guest's confirm: straight to the platform, or first the staff PIN. */
	async confirm(): Promise<void> {
		if (this.step !== 'choose' || this.returning || this.chosen === 0) return;
		const paused = this.#pauseReason();
		if (paused) return this.#show(paused, 'confirm');
		if (this.staffAttended) {
			this.problem = null;
			this.pin = '';
			this.step = 'staff';
			return;
		}
		await this.#send(this.#newRequest());
	}

	pressPin(digit: string): void {
		if (this.pin.length < PIN_MAX_LENGTH) this.pin += digit;
	}

	clearPin(): void {
		this.pin = '';
	}

	async confirmWithPin(): Promise<void> {
		if (this.step !== 'staff' || this.returning || this.pin.length < PIN_MIN_LENGTH) return;
		const paused = this.#pauseReason();
		if (paused) return this.#show(paused, 'confirm');
		await this.#send(this.#newRequest());
	}

	/** "Back" on the keypad: from the staff step to the choice; from the choice, cancel. */
	back(): void {
		if (this.returning || this.checking) return;
		if (this.step === 'staff') this.backToChoice();
		else if (this.step === 'choose') this.startOver();
	}

	/** Staff step → back to the choice. */
	backToChoice(): void {
		if (this.returning) return;
		this.problem = null;
		this.pin = '';
		this.step = 'choose';
	}

	/** A problem's button. */
	async act(action: ReturnProblemAction): Promise<void> {
		if (action === 'start-over') this.startOver();
		else if (this.#request) await this.#send(this.#request);
	}

	/** Cancel, the result's "next", or the result's countdown: forget the guest. */
	startOver(): void {
		this.guestsEnded += 1;
		this.#generation += 1;
		this.#code = null;
		this.#request = null;
		this.preview = null;
		this.quantities = {};
		this.pin = '';
		this.result = null;
		this.problem = null;
		this.checking = false;
		this.returning = false;
		this.step = 'scan';
		this.language.reset();
	}

	clearProblem(): void {
		this.problem = null;
	}

	#newRequest(): ConfirmRequest {
		return {
			returnId: this.preview!.returnId,
			code: this.#code!,
			quantities: { ...this.quantities },
			...(this.staffAttended && { pin: this.pin })
		};
	}

	/** Sends a confirm; an answer that did not arrive is asked for once more, as is. */
	async #send(request: ConfirmRequest): Promise<void> {
		this.#request = request;
		this.returning = true;
		this.problem = null;
		const generation = this.#generation;
		try {
			let result = await this.#api.confirm(request);
			if (!result.ok && (result.failure === 'network' || result.failure === 'server')) {
				await delay(ASK_AGAIN_MS);
				if (generation !== this.#generation) return;
				result = await this.#api.confirm(request);
			}
			if (generation !== this.#generation) return;
			if (result.ok) {
				this.result = result.value;
				this.pin = '';
				this.#request = null;
				this.step = 'result';
			} else {
				this.#fail(result, 'confirm');
			}
		} finally {
			if (generation === this.#generation) this.returning = false;
		}
	}

	/** The code's containers to choose from: all of them, or (counts changed) the choice capped. */
	#choose(code: string, preview: ReturnPreviewView, chosen: Quantities | null): void {
		this.#code = code;
		this.#request = null;
		this.preview = preview;
		this.quantities = chosen
			? adjustedTo(preview.categories, chosen)
			: allActive(preview.categories);
		this.pin = '';
		this.step = 'choose';
	}

	#fail(result: Extract<ReturnApiResult<unknown>, { ok: false }>, stage: ReturnStage): void {
		if (result.failure === 'network') this.#reachability?.unreachable();
		const plan = planFor(result.failure, stage, result.place, result.waitMs);
		if (plan.next === 'reload') {
			// The screen was unpaired: the page sends it where it belongs now.
			if (browser) window.location.reload();
			return;
		}
		if (plan.next === 'choose' && result.preview && this.#code) {
			this.#choose(this.#code, result.preview, this.quantities);
		} else if (plan.next === 'scan') {
			this.#code = null;
			this.#request = null;
			this.preview = null;
			this.step = 'scan';
		} else if (plan.next !== 'stay') {
			if (plan.next === 'staff') this.pin = '';
			this.step = plan.next;
		}
		this.problem = { message: plan.message, actions: plan.actions };
	}

	#show(failure: ReturnApiFailure, stage: ReturnStage): void {
		const plan = planFor(failure, stage);
		this.problem = { message: plan.message, actions: plan.actions };
	}
}
