/**
 * The kiosk's receipt printer at work (docs/printer.md): a completed sale's receipt for the guest,
 * a test page for staff setting a printer up, and the printer's state for diagnostics.
 *
 * - Only a paid sale has a receipt (no goods, order number or deposit code for an unpaid sale):
 *   anything else is refused before a byte is sent.
 * - A guest's receipt prints once per sale on this server: a double tap, or the receipt screen
 *   shown again after a reload, prints nothing more. Staff print copies from the back office.
 * - A device problem (paper out, cover open, offline, unreachable) is an outcome the kiosk tells
 *   the guest about — photograph the code on screen — and diagnostics shows to staff, with when.
 */
import type { Locale } from '#lib/paraglide/runtime.js';
import { isPaid } from '#lib/shared/sale-states.ts';
import type { PlatformViewStore } from '../devices/platform-view.ts';
import type { SaleRepository } from '../sales/sale-repository.ts';
import { venueNames } from '../catalog/menu-names.ts';
import { namedDeposit, saleFigures } from '../sales/sale-view.ts';
import type { Settings } from '../settings.ts';
import type { PrintOutcome } from './network-printer.ts';
import type { PrinterStatus } from './printer-status.ts';
import { printerSettings, type PrinterSettings } from './printer-settings.ts';
import { receiptBytes } from './receipt-layout.ts';
import { testPageBytes } from './test-page.ts';

/** What the kiosk server needs of a printer (network-printer.ts NetworkPrinter). */
export interface ReceiptPrinter {
	print(job: Uint8Array): Promise<PrintOutcome>;
	status(): Promise<PrinterStatus>;
}

/** The outcome of a print, or why nothing was sent. */
export type ReceiptPrint =
	| PrintOutcome
	| { outcome: 'no-printer' }
	| { outcome: 'not-paid' }
	| { outcome: 'already-printed' };

/** The last print of a kiosk's printer, for diagnostics. */
export interface LastPrint {
	at: string;
	print: PrintOutcome;
}

export interface ReceiptPrintingDependencies {
	settings: Settings;
	sales: SaleRepository;
	views: PlatformViewStore;
	/** The printer at an address; one per address, so its calls queue (a printer takes one job). */
	printerAt(settings: PrinterSettings): ReceiptPrinter;
	/** The venue's clock, for the times on paper. */
	timeZone: string;
	now?: () => Date;
}

/** Sales remembered as printed: far more than a kiosk serves between restarts of the server. */
const PRINTED_REMEMBERED = 10_000;

export class ReceiptPrinting {
	readonly #deps: ReceiptPrintingDependencies;
	readonly #now: () => Date;
	readonly #printed = new Set<string>();
	readonly #last = new Map<string, LastPrint>();

	constructor(dependencies: ReceiptPrintingDependencies) {
		this.#deps = dependencies;
		this.#now = dependencies.now ?? (() => new Date());
	}

	/** The guest's receipt of a sale of `deviceId`, in the guest's language. */
	async printForGuest(deviceId: string, saleId: string, locale: Locale): Promise<ReceiptPrint> {
		const printer = await printerSettings(this.#deps.settings, deviceId);
		if (!printer) return { outcome: 'no-printer' };
		const sale = await this.#deps.sales.get(saleId);
		if (!sale || sale.deviceId !== deviceId || !isPaid(sale) || sale.orderNumber === null)
			return { outcome: 'not-paid' };
		if (this.#printed.has(sale.id)) return { outcome: 'already-printed' };
		this.#remember(sale.id);
		const identity = (await this.#deps.views.get(deviceId)).identity;
		const { containers } = await venueNames(this.#deps.settings);
		const job = receiptBytes(
			{
				organization: identity?.organization.name ?? null,
				place: identity?.place.name ?? null,
				orderNumber: sale.orderNumber,
				issuedAt: this.#now().toISOString(),
				timeZone: this.#deps.timeZone,
				currencyCode: sale.quote.currencyCode,
				figures: saleFigures(sale, containers),
				deposit: sale.deposit && namedDeposit(sale.deposit, containers),
				depositCodeMissing: sale.problem === 'deposits-not-issued',
				copy: false
			},
			locale
		);
		const print = await this.#send(deviceId, printer, job);
		// Nothing reached the paper: the guest may try again once staff have seen to the printer.
		if (print.outcome !== 'printed' && 'duringJob' in print && !print.duringJob)
			this.#printed.delete(sale.id);
		return print;
	}

	/** The test page (setup), in the language of the staff member asking. */
	async printTestPage(deviceId: string, locale: Locale): Promise<ReceiptPrint> {
		const printer = await printerSettings(this.#deps.settings, deviceId);
		if (!printer) return { outcome: 'no-printer' };
		const job = testPageBytes(
			{
				printerName: `${printer.host}:${printer.port}`,
				printedAt: this.#now().toISOString(),
				timeZone: this.#deps.timeZone
			},
			locale
		);
		return this.#send(deviceId, printer, job);
	}

	/** The printer's state now (asked of it) and its last print; null without a printer. */
	async diagnose(
		deviceId: string
	): Promise<{ printer: PrinterSettings; status: PrinterStatus; last: LastPrint | null } | null> {
		const printer = await printerSettings(this.#deps.settings, deviceId);
		if (!printer) return null;
		const status = await this.#deps.printerAt(printer).status();
		return { printer, status, last: this.#last.get(deviceId) ?? null };
	}

	async #send(deviceId: string, printer: PrinterSettings, job: Uint8Array) {
		const print = await this.#deps.printerAt(printer).print(job);
		this.#last.set(deviceId, { at: this.#now().toISOString(), print });
		return print;
	}

	#remember(saleId: string) {
		if (this.#printed.size >= PRINTED_REMEMBERED) {
			const [oldest] = this.#printed;
			this.#printed.delete(oldest!);
		}
		this.#printed.add(saleId);
	}
}
