/**
 * `npm run bench:calls [-- --sales N]`: platform calls per sale, by kind of sale. Runs the
 * checkout saga (wired as the kiosk server wires it, tests/contract/checkout-rig.ts) against an
 * in-process simulator, N sales of each kind (default 20), each from a fresh demo seed, and counts
 * the calls in the simulator's request log. Prints the calls per sale next to the spec's minimum
 * (tests/contract/sale-kinds.ts) and exits 1 when a kind makes more or other calls.
 */
import { parseArgs } from 'node:util';
import { startSimulator } from '@venue-kiosk/platform-sim/http-server.ts';
import { checkoutRig } from '../tests/contract/checkout-rig.ts';
import { callOf, runSale, SALE_KINDS } from '../tests/contract/sale-kinds.ts';

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

interface Row {
	kind: string;
	sales: number;
	'calls/sale': string;
	'spec minimum': number;
	'ms/sale (median)': number;
	calls: string;
}

const rows: Row[] = [];
let beyondMinimum = false;
for (const kind of SALE_KINDS) {
	const counts: number[] = [];
	const durations: number[] = [];
	const seen = new Set<string>();
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
		if (JSON.stringify(calls) !== JSON.stringify(kind.calls)) beyondMinimum = true;
	}
	const min = Math.min(...counts);
	const max = Math.max(...counts);
	durations.sort((a, b) => a - b);
	rows.push({
		kind: kind.name,
		sales: SALES,
		'calls/sale': min === max ? String(min) : `${min}–${max}`,
		'spec minimum': kind.calls.length,
		'ms/sale (median)': Math.round(durations[Math.floor(durations.length / 2)]! * 10) / 10,
		calls: [...seen].join(' | ')
	});
}
await running.close();

console.table(rows);
console.log(
	beyondMinimum
		? 'Some sales made other calls than the spec minimum.'
		: 'Every sale made exactly the spec minimum of platform calls; none fetched /me or the deposit configuration.'
);
process.exit(beyondMinimum ? 1 : 0);
