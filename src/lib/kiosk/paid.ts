import type { SaleView } from './types.ts';

/**
 * The guest has paid this sale: completed, or paid with something left for staff (the deposit
 * code could not be issued). The server gives an order number only to a paid sale.
 */
export function isPaid(view: Pick<SaleView, 'state' | 'orderNumber'>): boolean {
	return view.state === 'completed' || (view.state === 'needs-staff' && view.orderNumber !== null);
}
