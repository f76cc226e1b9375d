/**
 * `kiosk_sales_total`: guest sales that reached their end, by kind and outcome. A sale ends once:
 * `completed` (paid, containers issued), `abandoned` (nothing collected, or given back) or
 * `needs-staff` (shared/sale-states.ts). It is counted from the save that takes it there
 * (SaleRepository's `onSaved`): the only later saves of an ended sale are staff refunds, which
 * keep its state and add a refund, so a save of an ended sale with refunds is not counted again.
 *
 * The kind is how the guest pays and whether cups go with the sale — `card`, `credits` (a
 * loyalty key scanned: credits alone or split with the card), each with `-cups` — known from the
 * quote on, so an abandoned sale has the kind it was started as.
 */
import { Counter } from 'prom-client';
import type { Sale } from '../sales/sale.ts';
import { metricsRegistry } from './registry.ts';

const SALE_ENDS = ['completed', 'abandoned', 'needs-staff'] as const;
const SALE_KINDS = ['card', 'card-cups', 'credits', 'credits-cups'] as const;

const sales = new Counter({
	name: 'kiosk_sales_total',
	help: 'Guest sales that reached their end, by kind (payment, cups) and outcome',
	labelNames: ['kind', 'outcome'],
	registers: [metricsRegistry]
});
// Every series from zero, so a rate is defined before the first failure.
for (const kind of SALE_KINDS) for (const outcome of SALE_ENDS) sales.inc({ kind, outcome }, 0);

export function countEndedSale(sale: Sale): void {
	if (!(SALE_ENDS as readonly string[]).includes(sale.state) || sale.refunds.length > 0) return;
	const payment = sale.keyFingerprint === null ? 'card' : 'credits';
	const kind = sale.quote.depositItems.length > 0 ? `${payment}-cups` : payment;
	sales.inc({ kind, outcome: sale.state });
}
