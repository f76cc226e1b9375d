/**
 * `npm run bench:calls [-- --sales N]`: platform calls per sale, by kind of sale. Runs the
 * checkout saga (wired as the kiosk server wires it, tests/contract/checkout-rig.ts) against an
 * in-process simulator, N sales of each kind (default 20), each from a fresh demo seed, and counts
 * the calls in the simulator's request log. Prints each kind's calls per sale beside the spec's
 * minimum (tests/contract/sale-kinds.ts) as its goal, the sales that made other calls than the
 * spec's (goal: none) and the median time of a sale (no goal), through scripts/bench-goals.ts;
 * exits 1 when a kind makes more or other calls.
 */
import { parseArgs } from 'node:util';
import { startSimulator } from '@venue-kiosk/platform-sim/http-server.ts';
import { checkoutRig } from '../tests/contract/checkout-rig.ts';
import { callOf, runSale, SALE_KINDS } from '../tests/contract/sale-kinds.ts';
import { percentile, reportFigures, type Figure } from './bench-goals.ts';
import { log } from '#lib/server/logging/logger.ts';

// The bench prints figures: its own platform calls' log lines (info) would bury them.
log.level = 'warn';

const { values } = parseArgs({ options: { sales: { type: 'string', default: '20' } } });
const SALES = Number(values.sales);
if (!Number.isSafeInteger(SALES) || SALES < 1) {
	console.error('--sales must be a whole number ≥ 1');
	process.exit(2);
}

const running = await startSimulator({ port: 0 });
const apiKey = (await (await fetch(`${running.url}/_sim/seed`)).json()).devices.find(
	(device: { id: string }) => device.id === 'dev_kiosk_main'
).apiKey as string;
const rig = await checkoutRig({ url: running.url, apiKey });
const newKey = async (walletId: string): Promise<string> => {
	const response = await fetch(`${running.url}/_sim/transaction-keys`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ walletId })
	});
	return (await response.json()).transactionKey;
};

/** `POST /v3/…/{id}/finalize 200` → `finalize 200`; the deposit create → `deposit create 201`. */
const shortName = (call: string) =>
	call
		.replace(/^\S+ \S*\/hybrid-revo-token-transactions /, 'deposit create ')
		.replace(/^\S+ \S*\//, '');

const figures: Figure[] = [];
for (const kind of SALE_KINDS) {
	const counts: number[] = [];
	const durations: number[] = [];
	const seen = new Set<string>();
	let otherCalls = 0;
	for (let i = 0; i < SALES; i += 1) {
		// A fresh seed per sale (wallets full again); the kiosk's cached view stays, as in service.
		running.sim.reset();
		const started = performance.now();
		const sale = await runSale(rig, kind, newKey);
		durations.push(performance.now() - started);
		if (sale.state !== 'completed') throw new Error(`${kind.name}: sale ${sale.state}`);
		const calls = running.sim.requests.list().map(callOf);
		counts.push(calls.length);
		seen.add(calls.map(shortName).join(' → ') || '(none)');
		if (JSON.stringify(calls) !== JSON.stringify(kind.calls)) otherCalls += 1;
	}
	console.log(`${kind.name} (${SALES} sales): ${[...seen].join(' | ')}`);
	figures.push(
		{
			what: `${kind.name}: platform calls per sale, most`,
			value: Math.max(...counts),
			unit: 'calls',
			goal: { max: kind.calls.length }
		},
		{
			what: `${kind.name}: sales with other calls than the spec's`,
			value: otherCalls,
			unit: 'sales',
			goal: { max: 0 }
		},
		{
			what: `${kind.name}: sale, median`,
			value: percentile(durations, 50),
			unit: 'ms'
		}
	);
}
await running.close();

reportFigures(figures);
// The rig's timers would keep the process alive; the exit code is reportFigures'.
process.exit();
