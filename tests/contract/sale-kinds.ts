/**
 * The kinds of guest sale, each with the platform calls the spec makes its minimum, for the
 * calls-per-sale contract test and `npm run bench:calls`. Spec 3 "Decision": with split support,
 * preview SPLIT_PAYMENT, collect the rest, finalize; without, preview CREDIT and on 400
 * INSUFFICIENT_CREDIT preview again with EXTERNAL_PAYMENT, collect, finalize. "Collecting external
 * payment is not an API call." Service fees go through update (spec 3 "Only discount-eligible
 * items are sent on preview"). Containers: one create after payment (spec 1 "Use together with
 * the credit-payment API"). Identity and deposit configuration are cached, never fetched per sale
 * (spec 1: "not before every sale", "not fetched before every sale").
 */
import type { CheckoutSettings } from '#lib/server/sales/checkout.ts';
import type { Sale } from '#lib/server/sales/sale.ts';
import { DEFAULT_CHECKOUT_SETTINGS, type CheckoutRig } from './checkout-rig.ts';

export interface SaleKind {
	name: string;
	basket: { productId: string; quantity: number }[];
	/** The wallet whose loyalty key the guest shows; null: card only. */
	walletId: string | null;
	settings?: Partial<CheckoutSettings>;
	/** The platform calls of one sale, in order: `METHOD path status`, ids as `{id}`. */
	calls: string[];
}

const WITH_CONTAINERS = [
	{ productId: 'drink_pils', quantity: 2 },
	{ productId: 'food_pretzel', quantity: 1 }
];
const PREVIEW = 'POST /v3/integrations/credit-transactions/preview';
const UPDATE = 'POST /v1/integrations/credit-transactions/{id}/update 200';
const FINALIZE = 'POST /v3/integrations/credit-transactions/{id}/finalize 200';
const ISSUE = 'POST /v1/integrations/hybrid-revo-token-transactions 201';

export const SALE_KINDS: SaleKind[] = [
	{
		name: 'card only, no containers',
		basket: [{ productId: 'food_bratwurst', quantity: 2 }],
		walletId: null,
		calls: []
	},
	{ name: 'card only, with containers', basket: WITH_CONTAINERS, walletId: null, calls: [ISSUE] },
	{
		name: 'credits covering all',
		basket: WITH_CONTAINERS,
		walletId: 'wallet_plenty',
		calls: [`${PREVIEW} 201`, FINALIZE, ISSUE]
	},
	{
		name: 'split: credits and card',
		basket: WITH_CONTAINERS,
		walletId: 'wallet_few',
		calls: [`${PREVIEW} 201`, FINALIZE, ISSUE]
	},
	{
		name: 'credits with a service fee',
		basket: WITH_CONTAINERS,
		walletId: 'wallet_plenty',
		settings: { serviceFeeMinor: 50 },
		calls: [`${PREVIEW} 201`, UPDATE, FINALIZE, ISSUE]
	},
	{
		name: 'CREDIT mode, credits enough',
		basket: WITH_CONTAINERS,
		walletId: 'wallet_plenty',
		settings: { creditPaymentType: 'CREDIT' },
		calls: [`${PREVIEW} 201`, FINALIZE, ISSUE]
	},
	{
		name: 'CREDIT mode, credits short: EXTERNAL_PAYMENT',
		basket: WITH_CONTAINERS,
		walletId: 'wallet_few',
		settings: { creditPaymentType: 'CREDIT' },
		calls: [`${PREVIEW} 400`, `${PREVIEW} 201`, FINALIZE, ISSUE]
	}
];

/** One sale of this kind from start to completion (the rig's terminal approves). */
export async function runSale(
	rig: CheckoutRig,
	kind: SaleKind,
	newKey: (walletId: string) => Promise<string>
): Promise<Sale> {
	Object.assign(rig.settings, DEFAULT_CHECKOUT_SETTINGS, kind.settings);
	const sale = await rig.checkout.start(rig.deviceId, kind.basket);
	if (kind.walletId) await rig.checkout.scanLoyaltyKey(sale.id, await newKey(kind.walletId));
	return rig.checkout.pay(sale.id);
}

/** A logged call as `METHOD path status`, a credit transaction id replaced by `{id}`. */
export function callOf(entry: { method: string; path: string; status: number }): string {
	const path = entry.path.replace(/(\/credit-transactions\/)(?!preview$)[^/]+(?=\/)/, '$1{id}');
	return `${entry.method} ${path} ${entry.status}`;
}
