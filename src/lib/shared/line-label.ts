/**
 * How a line of the credit summary or the receipt is named in the guest's language: on screen
 * (components/kiosk/LineName.svelte) and on the printed receipt (server/printer/receipt-layout.ts),
 * which is laid out on the server and so names its language rather than taking the page's.
 */
import { containerName, nameIn } from './format.ts';
import type { ReceiptLine } from './receipt.ts';
import { m } from '#lib/paraglide/messages.js';
import type { Locale } from '#lib/paraglide/runtime.js';

export function lineLabel(line: ReceiptLine, locale: Locale): string {
	switch (line.kind) {
		case 'product':
			return m.kiosk_product_line(
				{ count: line.quantity, name: nameIn(line.name, locale) },
				{ locale }
			);
		case 'option':
			return m.kiosk_option_line(
				{ count: line.quantity, name: nameIn(line.name, locale) },
				{ locale }
			);
		case 'deposit':
			return m.kiosk_deposit_line(
				{ count: line.quantity, container: containerName(line, locale) },
				{ locale }
			);
		case 'fee':
			return m.kiosk_service_fee({}, { locale });
		case 'other':
			return line.name;
	}
}
