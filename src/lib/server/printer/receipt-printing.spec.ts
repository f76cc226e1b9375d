import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
	EscPosDecoder,
	type PrintedItem
} from '@venue-kiosk/device-doubles/printer/escpos-decoder.ts';
import { PlatformViewStore } from '../devices/platform-view.ts';
import { SaleRepository } from '../sales/sale-repository.ts';
import { quoteFactory, saleFactory } from '../sales/testing/factories.ts';
import { Settings } from '../settings.ts';
import type { Store } from '../store/store.ts';
import { ENGINES, openTestStore } from '../store/testing/test-stores.ts';
import type { PrintOutcome } from './network-printer.ts';
import { savePrinterSettings } from './printer-settings.ts';
import { ReceiptPrinting, type ReceiptPrinter } from './receipt-printing.ts';

/** A printer that answers as told and keeps what it was sent. */
class FakePrinter implements ReceiptPrinter {
	jobs: Uint8Array[] = [];
	answer: PrintOutcome = { outcome: 'printed', paperNearEnd: false };
	async print(job: Uint8Array): Promise<PrintOutcome> {
		this.jobs.push(job);
		return this.answer;
	}
	async status() {
		return { condition: 'ready' as const, paperNearEnd: false };
	}
}

/** What a job puts on paper, as the printer double reads it. */
const printed = (job: Uint8Array): PrintedItem[] =>
	new EscPosDecoder().push(job).flatMap((event) => (event.kind === 'print' ? [event.item] : []));
const printedText = (job: Uint8Array) =>
	printed(job)
		.flatMap((item) => (item.kind === 'text' ? [item.text] : []))
		.join('\n');

const DEPOSIT = {
	code: 'K7QX2M9RTW4HZP8NCV3BFJ6LYD5SG1AE0UXK2M7Q',
	sequenceNumber: '0042',
	categories: [{ categoryId: 'cup', name: 'Cup', count: 2, expiresAt: '2026-11-25T12:00:00.000Z' }]
};

describe.each(ENGINES)('ReceiptPrinting on %s', (engine) => {
	let store: Store;
	let settings: Settings;
	let sales: SaleRepository;
	let printer: FakePrinter;
	let printing: ReceiptPrinting;

	beforeEach(async () => {
		store = await openTestStore(engine);
		settings = new Settings(store);
		sales = new SaleRepository(store);
		printer = new FakePrinter();
		printing = new ReceiptPrinting({
			settings,
			sales,
			views: new PlatformViewStore(store),
			printerAt: () => printer,
			timeZone: 'Europe/Berlin',
			now: () => new Date('2026-11-23T18:00:00.000Z')
		});
		await savePrinterSettings(settings, 'kiosk-1', { host: '10.0.0.9', port: 9100, mode: 'auto' });
		await sales.create(
			saleFactory({
				id: 'paid',
				deviceId: 'kiosk-1',
				state: 'completed',
				orderNumber: 'K-042',
				paidAt: '2026-11-23T17:59:00.000Z',
				quote: quoteFactory({ goodsMinor: 1000, totalMinor: 1000 }),
				cardPaidMinor: 1000,
				deposit: DEPOSIT
			})
		);
		await sales.create(saleFactory({ id: 'open', deviceId: 'kiosk-1' }));
	});
	afterEach(() => store.close());

	it('prints a paid sale’s receipt once, with its order number and deposit code', async () => {
		expect(await printing.printForGuest('kiosk-1', 'paid', 'de')).toEqual({
			outcome: 'printed',
			paperNearEnd: false
		});
		expect(await printing.printForGuest('kiosk-1', 'paid', 'de')).toEqual({
			outcome: 'already-printed'
		});
		expect(printer.jobs).toHaveLength(1);
		const job = printer.jobs[0]!;
		expect(printed(job).filter((item) => item.kind === 'qr')).toMatchObject([
			{ payload: DEPOSIT.code }
		]);
		expect(printedText(job)).toContain('K-042');
		expect(printedText(job)).toContain('Ihre Bestellnummer');
		expect((await printing.diagnose('kiosk-1'))?.last).toEqual({
			at: '2026-11-23T18:00:00.000Z',
			print: { outcome: 'printed', paperNearEnd: false }
		});
	});

	it('prints nothing for a sale not paid, of another kiosk, or unknown', async () => {
		expect(await printing.printForGuest('kiosk-1', 'open', 'en')).toEqual({
			outcome: 'not-paid'
		});
		expect(await printing.printForGuest('kiosk-2', 'paid', 'en')).toEqual({
			outcome: 'no-printer'
		});
		await savePrinterSettings(settings, 'kiosk-2', { host: '10.0.0.8', port: 9100, mode: 'auto' });
		expect(await printing.printForGuest('kiosk-2', 'paid', 'en')).toEqual({
			outcome: 'not-paid'
		});
		expect(await printing.printForGuest('kiosk-1', 'nope', 'en')).toEqual({
			outcome: 'not-paid'
		});
		expect(printer.jobs).toHaveLength(0);
	});

	it('a receipt the printer refused before printing may be tried again; one stopped midway not', async () => {
		printer.answer = { outcome: 'paper-out', duringJob: false, detail: 'roll empty' };
		expect((await printing.printForGuest('kiosk-1', 'paid', 'en')).outcome).toBe('paper-out');
		printer.answer = { outcome: 'paper-out', duringJob: true, detail: 'roll ran out' };
		expect((await printing.printForGuest('kiosk-1', 'paid', 'en')).outcome).toBe('paper-out');
		expect((await printing.printForGuest('kiosk-1', 'paid', 'en')).outcome).toBe('already-printed');
		expect(printer.jobs).toHaveLength(2);
	});

	it('a test page on the kiosk’s printer; nothing without one', async () => {
		expect((await printing.printTestPage('kiosk-1', 'en')).outcome).toBe('printed');
		expect(printedText(printer.jobs[0]!)).toContain('10.0.0.9:9100');
		expect(await printing.printTestPage('kiosk-2', 'en')).toEqual({ outcome: 'no-printer' });
		expect(await printing.diagnose('kiosk-2')).toBeNull();
	});
});
