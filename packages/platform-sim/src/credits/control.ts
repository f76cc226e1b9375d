/**
 * Control API for credits (`/_sim/…`, no key): what the user's app would do (show a fresh QR
 * transaction key), what the platform console would do (invalidate a key) and a look at a wallet.
 */
import { fromMinor } from '@venue-kiosk/vocabulary/money.ts';
import { PlatformError, SimErrorCode } from '../errors.ts';
import type { ControlRoute } from '../routing.ts';
import { isoTime } from '../state.ts';
import { parseWith } from '../validation.ts';
import { issueKeySchema } from './schemas.ts';
import { issueTransactionKey } from './transaction-keys.ts';
import { findWallet } from './wallets.ts';

function notFound(message: string): PlatformError {
	return new PlatformError(404, SimErrorCode.notFound, message);
}

export const creditControlRoutes: ControlRoute[] = [
	{
		// → 201 { transactionKey, expiresAt }: 32 lower-case hex, ACTIVE, first `leadingZeros` characters '0'.
		method: 'POST',
		path: '/_sim/transaction-keys',
		handle({ sim, request }) {
			const { walletId, leadingZeros } = parseWith(issueKeySchema, request.body);
			if (!findWallet(sim.state, walletId)) throw notFound(`No wallet ${walletId}.`);
			const issued = issueTransactionKey(sim.state, walletId, leadingZeros, sim.state.clock.now());
			if (!issued) {
				throw new PlatformError(
					409,
					'TRANSACTION_KEYS_EXHAUSTED',
					`Every key with ${leadingZeros} leading zeros is taken; reset or use fewer zeros.`
				);
			}
			return {
				status: 201,
				body: { transactionKey: issued.key, expiresAt: isoTime(issued.expiresAt) }
			};
		}
	},
	{
		// "manually invalidated" (spec 3 States): the key then gives X_TRANSACTION_IS_NOT_IN_ACTIVE_STATUS.
		method: 'POST',
		path: '/_sim/transaction-keys/:key/invalidate',
		handle({ sim, request }) {
			const key = (request.params.key ?? '').toLowerCase();
			const found = sim.state.transactionKeys.find((candidate) => candidate.key === key);
			if (!found) throw notFound(`No transaction key ${key}.`);
			found.state = 'INVALIDATED';
			return { status: 200, body: { transactionKey: found.key, state: found.state } };
		}
	},
	{
		// → 200 { id, balance, currencyCode }, balance in major units.
		method: 'GET',
		path: '/_sim/wallets/:id',
		handle({ sim, request }) {
			const wallet = findWallet(sim.state, request.params.id ?? '');
			if (!wallet) throw notFound(`No wallet ${request.params.id}.`);
			return {
				status: 200,
				body: {
					id: wallet.id,
					balance: fromMinor(wallet.balanceMinor, wallet.currencyCode),
					currencyCode: wallet.currencyCode
				}
			};
		}
	}
];
