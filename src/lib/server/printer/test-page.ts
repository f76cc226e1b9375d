/**
 * The printer's test page, for setting a printer up: a ruler that shows the paper holds 48
 * columns, the special characters a receipt needs (umlauts, ß, €: code page 858 works), bold,
 * double size and right alignment, and a native QR code of the same size as a deposit code's,
 * whose payload is printed under it so staff can check it with a return station's scanner.
 */
import { formatDateTime } from '#lib/shared/format.ts';
import { m } from '#lib/paraglide/messages.js';
import type { Locale } from '#lib/paraglide/runtime.js';
import { encodeBlocks, type PrintBlock } from './escpos-encoder.ts';
import { DEPOSIT_QR_MODULE_DOTS } from './receipt-layout.ts';
import { PAPER_COLUMNS, textBlocks as text } from './text-columns.ts';

/** As long as a deposit code (40 characters), so the QR code prints at the same size. */
export const TEST_PAGE_QR_PAYLOAD = 'VENUE-KIOSK-PRINTER-TEST-0123456789-ABCD';

export interface TestPageRequest {
	/** The printer's name or address as staff know it. */
	printerName: string;
	/** ISO 8601. */
	printedAt: string;
	timeZone: string;
}

/** "123456789012…" to the last column: the last digit must sit at the right edge. */
const ruler = () =>
	Array.from({ length: PAPER_COLUMNS }, (_, index) => String((index + 1) % 10)).join('');

export function testPageBlocks(request: TestPageRequest, locale: Locale): PrintBlock[] {
	return [
		...text(m.printer_test_title({}, { locale }), { align: 'center', bold: true, size: 2 }),
		...text(request.printerName, { align: 'center' }),
		...text(formatDateTime(request.printedAt, locale, request.timeZone), { align: 'center' }),
		{ kind: 'feed', lines: 1 },
		...text(m.printer_test_columns({}, { locale })),
		...text(ruler()),
		...text(`${m.printer_test_characters({}, { locale })}: ÄÖÜ äöü ß € £ é`),
		...text(m.printer_test_styles({}, { locale })),
		...text('Venue Kiosk', { bold: true }),
		...text('Venue Kiosk', { size: 2 }),
		...text('Venue Kiosk', { align: 'right' }),
		{ kind: 'feed', lines: 1 },
		{
			kind: 'qr',
			payload: TEST_PAGE_QR_PAYLOAD,
			align: 'center',
			moduleDots: DEPOSIT_QR_MODULE_DOTS
		},
		...text(m.printer_test_qr({ payload: TEST_PAGE_QR_PAYLOAD }, { locale }), { align: 'center' }),
		{ kind: 'feed', lines: 2 },
		{ kind: 'cut' }
	];
}

export function testPageBytes(request: TestPageRequest, locale: Locale): Uint8Array {
	return encodeBlocks(testPageBlocks(request, locale));
}
