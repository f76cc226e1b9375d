import type { SimState } from '../state.ts';

/**
 * "ACTIVE → EXPIRED: automatic expiry check, run every 5 minutes, when the expiration window
 * has passed without return" (spec 1, States). Runs as of the instant of the check, so an item
 * stays ACTIVE until the first check after its expiresAt.
 */
export function runExpiryCheck(state: SimState, checkAt: number): void {
	for (const transaction of state.depositTransactions) {
		for (const item of transaction.items) {
			if (item.status === 'ACTIVE' && item.expiresAt <= checkAt) item.status = 'EXPIRED';
		}
	}
}
