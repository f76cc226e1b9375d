/**
 * A checkout over a test store, as the server wires it (context.ts) but with nothing outside the
 * store: no platform (a call fails the test), no card terminal, no menu, no deposits, split
 * payment without a service fee. A spec overrides what it is about.
 */
import { DEFAULT_ADDITIVES } from '../../catalog/additives.ts';
import { transact } from '../../store/after-commit.ts';
import type { Store } from '../../store/store.ts';
import { Journal } from '../../journal/journal.ts';
import { Checkout, type CheckoutDependencies } from '../checkout.ts';
import { SaleRepository } from '../sale-repository.ts';

export function checkoutOverStore(
	store: Store,
	overrides: Partial<CheckoutDependencies> = {}
): Checkout {
	return new Checkout({
		sales: new SaleRepository(store),
		journal: new Journal(store),
		platformFor: async () => {
			throw new Error('no platform call expected');
		},
		terminal: {} as never,
		takesCards: async () => true,
		unattended: async () => false,
		outOfOrder: async () => false,
		depositConfiguration: async () => null,
		depositsUsable: () => true,
		products: async () => [],
		additives: async () => DEFAULT_ADDITIVES,
		settings: async () => ({
			creditPaymentType: 'SPLIT_PAYMENT',
			serviceFeeMinor: 0,
			serviceFeeVatBp: 0,
			depositVatBp: 0
		}),
		inTransaction: (work) => transact(store.db, work),
		...overrides
	});
}
