/**
 * `npm run bench:recovery [-- --sales N]`: how fast the recovery pass takes unfinished sales to
 * their end after an outage. N split sales with containers (default 200) are paid while the
 * platform answers every finalize with 503, so each is left `card-paid` (card collected, credits
 * not yet finalized, not paid); then the platform answers again and one recovery pass runs.
 * Prints through scripts/bench-goals.ts the sales completed (goal: all), the credits taken beyond
 * or short of those owed (goal: none), and the pass's duration, sales per second and platform
 * calls per sale (no stated goal); exits 1 unless every sale completed with its credits taken
 * exactly once. Runs the checkout saga as the kiosk server wires it
 * (tests/contract/checkout-rig.ts) against an in-process simulator.
 */
import { parseArgs } from 'node:util';
import { startSimulator } from '@venue-kiosk/platform-sim/http-server.ts';
import { checkoutRig } from '../tests/contract/checkout-rig.ts';
import { reportFigures } from './bench-goals.ts';
import { log } from '#lib/server/logging/logger.ts';

// The bench prints figures: its own platform calls' log lines (info) would bury them.
log.level = 'warn';

const { values } = parseArgs({ options: { sales: { type: 'string', default: '200' } } });
const SALES = Number(values.sales);
if (!Number.isSafeInteger(SALES) || SALES < 1) {
	console.error('--sales must be a whole number ≥ 1');
	process.exit(2);
}

const running = await startSimulator({ port: 0 });
const control = async (method: string, path: string, body?: unknown) => {
	const response = await fetch(`${running.url}${path}`, {
		method,
		headers: { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body)
	});
	return response.status === 204 ? undefined : response.json();
};
const apiKey = (
	(await control('GET', '/_sim/seed')) as { devices: { id: string; apiKey: string }[] }
).devices.find((device) => device.id === 'dev_kiosk_main')!.apiKey;
const rig = await checkoutRig({ url: running.url, apiKey });
const BASKET = [
	{ productId: 'drink_pils', quantity: 2 },
	{ productId: 'food_pretzel', quantity: 1 }
];

await control('POST', '/_sim/faults', {
	path: '/v3/integrations/credit-transactions/*/finalize',
	mode: 'status',
	status: 503,
	count: 1_000_000
});
const saleIds: string[] = [];
let credits = 0;
for (let i = 0; i < SALES; i += 1) {
	const { transactionKey } = (await control('POST', '/_sim/transaction-keys', {
		walletId: 'wallet_plenty'
	})) as { transactionKey: string };
	const sale = await rig.checkout.start(rig.deviceId, BASKET);
	// Split: the wallet pays what it still can (previews hold credits), the card the rest.
	const previewed = await rig.checkout.scanLoyaltyKey(sale.id, transactionKey);
	credits += previewed.credits!.creditsMinor;
	const left = await rig.checkout.pay(sale.id);
	if (left.state !== 'card-paid') throw new Error(`sale ${i} is ${left.state}, not card-paid`);
	saleIds.push(sale.id);
}
const balanceBefore = ((await control('GET', '/_sim/wallets/wallet_plenty')) as { balance: number })
	.balance;
await control('DELETE', '/_sim/faults');
await control('DELETE', '/_sim/requests');

const started = performance.now();
const summary = await rig.recovery.run();
const elapsedMs = performance.now() - started;

const balanceAfter = ((await control('GET', '/_sim/wallets/wallet_plenty')) as { balance: number })
	.balance;
const calls = (await control('GET', '/_sim/requests')) as unknown[];
const ended = await Promise.all(saleIds.map((id) => rig.checkout.get(id)));
const completed = ended.filter((sale) => sale.state === 'completed').length;
const deductedMinor = Math.round((balanceBefore - balanceAfter) * 100);
await running.close();
reportFigures([
	{ what: 'sales completed by one pass', value: completed, unit: 'sales', goal: { min: SALES } },
	{
		what: 'credits taken beyond or short of those owed',
		value: Math.abs(deductedMinor - credits),
		unit: 'minor units',
		goal: { max: 0 }
	},
	{ what: 'recovered in the pass (its own count)', value: summary.recovered, unit: 'sales' },
	{ what: 'the pass', value: elapsedMs, unit: 'ms' },
	{ what: 'sales per second', value: (SALES / elapsedMs) * 1000, unit: 'sales/s' },
	{ what: 'platform calls per sale', value: calls.length / SALES, unit: 'calls' }
]);
// The rig's timers would keep the process alive; the exit code is reportFigures'.
process.exit();
