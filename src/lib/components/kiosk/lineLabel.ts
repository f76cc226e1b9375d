/** How a line of the credit summary or the receipt is named in the guest's language. */
import { nameIn } from '#lib/kiosk/format.ts';
import type { ReceiptLine } from '#lib/kiosk/receipt.ts';
import { m } from '#lib/paraglide/messages.js';

export function lineLabel(line: ReceiptLine, locale: string): string {
	switch (line.kind) {
		case 'product':
			return m.kiosk_product_line({ count: line.quantity, name: nameIn(line.name, locale) });
		case 'option':
			return m.kiosk_option_line({ count: line.quantity, name: nameIn(line.name, locale) });
		case 'deposit':
			return m.kiosk_deposit_line({ count: line.quantity, container: line.name });
		case 'fee':
			return m.kiosk_service_fee();
		case 'other':
			return line.name;
	}
}
