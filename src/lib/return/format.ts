/** Display helpers of the return station. */
import { formatMoney } from '@venue-kiosk/vocabulary/money.ts';
import type { RefundTotal } from '#lib/shared/return-view.ts';

/** A refund in the guest's locale; several currencies (not seen in practice) joined with "+". */
export function formatRefunds(refunds: readonly RefundTotal[], locale: string): string {
	if (refunds.length === 0) return formatMoney(0, 'EUR', locale);
	return refunds
		.map(({ minor, currencyCode }) => formatMoney(minor, currencyCode, locale))
		.join(' + ');
}
