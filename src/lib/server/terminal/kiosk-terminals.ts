/**
 * Every kiosk's card terminal behind the one PaymentTerminal the checkout and the refunds use
 * (docs/zvt.md, Which terminal a kiosk pays on): a kiosk with a ZVT terminal set up
 * (terminal-settings.ts) pays on it; any other, in demo mode, on the simulated terminal answered on
 * its screen (simulated-terminal.ts). Outside demo there is no on-screen terminal — its approve button
 * would let a guest approve their own payment — so a kiosk without a ZVT terminal takes no cards
 * (`cardTerminalOf` is null): the checkout refuses a card part, the screen offers what else it
 * takes, setup shows it as "card payments off".
 *
 * A payment's later calls — its lookup after a lost answer or a crash, its refund — go to the
 * terminal that took it, found by the ZVT record of its reference (zvt-attempts.ts): a settings
 * change after the sale never sends its refund to another terminal. Its terminal no longer set
 * up: nothing can be asked, so a person settles it (`unknown`, `failed`, or not known).
 */
import type { CardTerminalKind } from '#lib/shared/screen-snapshot.ts';
import type { Settings } from '../settings.ts';
import type {
	PaymentTerminal,
	RefundOutcome,
	TerminalOutcome,
	TerminalRecord,
	TerminalRequest
} from './payment-terminal.ts';
import type { SimulatedTerminal } from './simulated-terminal.ts';
import type { Store } from '../store/store.ts';
import {
	TERMINAL_CURRENCIES,
	terminalSettings,
	type TerminalSettings
} from './terminal-settings.ts';
import { zvtPaymentDevice } from './zvt-attempts.ts';
import type { PaymentProgressListener } from './zvt-payments.ts';
import { ZvtTerminal, type PaymentProgress } from './zvt-terminal.ts';
import { tcpConnector } from './zvt/zvt-client.ts';

export interface KioskTerminalsDependencies {
	store: Store;
	settings: Settings;
	/** Demo mode's on-screen terminal for kiosks without a ZVT one; null outside demo. */
	simulated: SimulatedTerminal | null;
	/**
	 * A kiosk's ZVT terminal as set up, telling `onStatus` what it shows (tests reach the double
	 * with shorter timeouts).
	 */
	zvtTerminal?: (
		deviceId: string,
		settings: TerminalSettings,
		onStatus: PaymentProgressListener
	) => ZvtTerminal;
}

export class KioskTerminals implements PaymentTerminal {
	readonly #deps: KioskTerminalsDependencies;
	/** One ZvtTerminal per kiosk and setting: its calls queue on one connection. */
	readonly #zvt = new Map<string, { key: string; terminal: ZvtTerminal }>();
	/** What each kiosk's terminal shows now, by payment reference, while the payment runs. */
	readonly #progress = new Map<string, PaymentProgress>();

	constructor(dependencies: KioskTerminalsDependencies) {
		this.#deps = dependencies;
	}

	/**
	 * How the kiosk takes cards now. The checkout refuses a card part before asking when this is
	 * null; `collect` asked anyway (the terminal removed meanwhile) charges nothing.
	 */
	async cardTerminalOf(deviceId: string): Promise<CardTerminalKind> {
		if ((await terminalSettings(this.#deps.settings, deviceId)) !== null) return 'zvt';
		return this.#deps.simulated ? 'on-screen' : null;
	}

	async collect(request: TerminalRequest): Promise<TerminalOutcome> {
		const zvt = await this.#zvtOfDevice(request.deviceId);
		if (!zvt) return this.#deps.simulated?.collect(request) ?? 'cancelled';
		try {
			return await zvt.collect(request);
		} finally {
			this.#progress.delete(request.reference);
		}
	}

	/** Outside demo, a payment no ZVT terminal took was taken by none: `not-found`, nothing charged. */
	async lookup(reference: string): Promise<TerminalRecord> {
		const zvt = await this.#zvtOfPayment(reference);
		if (zvt === 'not-zvt') return this.#deps.simulated?.lookup(reference) ?? 'not-found';
		return zvt ? zvt.lookup(reference) : 'unknown';
	}

	async refund(reference: string, amountMinor: number): Promise<RefundOutcome> {
		const zvt = await this.#zvtOfPayment(reference);
		if (zvt === 'not-zvt') return this.#deps.simulated?.refund(reference, amountMinor) ?? 'failed';
		return zvt ? zvt.refund(reference, amountMinor) : 'failed';
	}

	async refundedMinor(reference: string): Promise<number | null> {
		const zvt = await this.#zvtOfPayment(reference);
		if (zvt === 'not-zvt') return this.#deps.simulated?.refundedMinor(reference) ?? 0;
		return zvt ? zvt.refundedMinor(reference) : null;
	}

	/** Whether the terminal that took the payment gives back part of it (ZVT: only all of it). */
	async partialRefundsOf(reference: string): Promise<boolean> {
		return (await zvtPaymentDevice(this.#deps.store, reference)) === null;
	}

	/** What the kiosk's ZVT terminal shows for the payment now; null: nothing (or on-screen). */
	progressOf(reference: string): PaymentProgress | null {
		return this.#progress.get(reference) ?? null;
	}

	/**
	 * The kiosk's ZVT terminal as set up now (its test, day closing, and the guest's cancel);
	 * null: it has none.
	 */
	async zvtOf(deviceId: string): Promise<ZvtTerminal | null> {
		return this.#zvtOfDevice(deviceId);
	}

	async #zvtOfDevice(deviceId: string): Promise<ZvtTerminal | null> {
		const settings = await terminalSettings(this.#deps.settings, deviceId);
		if (!settings) return null;
		const key = JSON.stringify(settings);
		const known = this.#zvt.get(deviceId);
		if (known?.key === key) return known.terminal;
		known?.terminal.close();
		const terminal = (this.#deps.zvtTerminal ?? this.#production)(
			deviceId,
			settings,
			(reference, progress) => this.#progress.set(reference, progress)
		);
		this.#zvt.set(deviceId, { key, terminal });
		return terminal;
	}

	/**
	 * The payment's ZVT terminal; 'not-zvt' when no ZVT terminal took it (the on-screen one did,
	 * or none); null when its terminal is not set up any more.
	 */
	async #zvtOfPayment(reference: string): Promise<ZvtTerminal | 'not-zvt' | null> {
		const deviceId = await zvtPaymentDevice(this.#deps.store, reference);
		return deviceId === null ? 'not-zvt' : this.#zvtOfDevice(deviceId);
	}

	#production = (deviceId: string, settings: TerminalSettings, onStatus: PaymentProgressListener) =>
		new ZvtTerminal({
			store: this.#deps.store,
			deviceId,
			connect: tcpConnector(settings.host, settings.port),
			password: settings.password,
			currency: {
				code: settings.currencyCode,
				numericCode: TERMINAL_CURRENCIES[settings.currencyCode]!
			},
			onStatus
		});

	close(): void {
		for (const { terminal } of this.#zvt.values()) terminal.close();
		this.#zvt.clear();
	}
}
