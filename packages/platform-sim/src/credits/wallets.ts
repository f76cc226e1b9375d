/** Look-ups around wallets: the device's organization, products' discounts, credits on hold. */
import { placeOf } from '../identity/routes.ts';
import type { CreditTransaction, Device, SimState, Wallet } from '../state.ts';
import { totalsOf } from './pricing.ts';

export function organizationIdOf(state: SimState, device: Device): string {
	return placeOf(state, device.placeId).organizationId;
}

export function findWallet(state: SimState, walletId: string): Wallet | undefined {
	return state.wallets.find((wallet) => wallet.id === walletId);
}

/** The wallet of a key or transaction; its absence is a defect of the simulator, not of the request. */
export function walletOf(state: SimState, walletId: string): Wallet {
	const wallet = findWallet(state, walletId);
	if (!wallet) throw new Error(`simulator defect: no wallet ${walletId}`);
	return wallet;
}

/**
 * The venue's loyalty discount for a product of this organization, in basis points; none for a
 * line without productId or with a product the platform does not know (spec 3: discounts are
 * "configured by the venue … per product").
 */
export function discountBpFor(state: SimState, organizationId: string) {
	return (productId: string | null): number =>
		productId === null
			? 0
			: (state.products.find(
					(product) => product.productId === productId && product.organizationId === organizationId
				)?.loyaltyDiscountBp ?? 0);
}

/** A preview still open: not finalized, cancelled or refunded, and its preview not expired. */
export function isOpenPreview(transaction: CreditTransaction, now: number): boolean {
	return transaction.status === 'PREVIEWED' && transaction.previewExpiresAt > now;
}

/**
 * Credits a new preview may use: the balance less the credits of the wallet's open previews
 * (a hold, derived and never stored; it lapses with the preview). spec 3 says only "no credits
 * deducted yet" at preview; without a hold two open previews could promise the same credits.
 */
export function availableCredits(state: SimState, wallet: Wallet, now: number): number {
	const held = state.creditTransactions
		.filter((transaction) => transaction.walletId === wallet.id && isOpenPreview(transaction, now))
		.reduce((sum, transaction) => sum + totalsOf(transaction.items).creditsMinor, 0);
	return Math.max(0, wallet.balanceMinor - held);
}
