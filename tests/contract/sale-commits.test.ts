/**
 * What a sale commits to disk, and when (src/lib/server/sales/checkout.ts, What a card sale
 * writes): each commit that waits for the disk, in order with the calls outside the store, so a
 * test fails when a money step is no longer on disk before the call it protects, or when a sale
 * commits more often than its steps need. Counted on SQLite, where a commit that waits for the
 * disk is one flush of the write-ahead log: a COMMIT, or a write outside a transaction, that the
 * driver does not run lazily (NodeSqliteDialect `lazily`).
 */
import { StatementSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NodeSqliteDialect } from '../../src/lib/server/store/node-sqlite-dialect.ts';
import { checkoutRig, type CheckoutRig } from './checkout-rig.ts';
import { useSimulator } from './harness.ts';

const sim = useSimulator();
const onSqlite = process.env.CONTRACT_STORE !== 'postgres';

const PILS_AND_PRETZEL = [
	{ productId: 'drink_pils', quantity: 2 },
	{ productId: 'food_pretzel', quantity: 1 }
];
const PRETZEL = [{ productId: 'food_pretzel', quantity: 1 }];

const WRITE = /^\s*(insert|update|delete)\b/i;

describe.runIf(onSqlite)('what a sale commits to disk', () => {
	let rig: CheckoutRig;
	let events: string[];

	beforeEach(async () => {
		rig = await checkoutRig({ url: sim.url, apiKey: sim.device('dev_kiosk_main').apiKey });
		const collect = rig.terminal.collect.bind(rig.terminal);
		vi.spyOn(rig.terminal, 'collect').mockImplementation((request) => {
			events.push('terminal asked');
			return collect(request);
		});
		const create = rig.platform.deposits.createTransaction.bind(rig.platform.deposits);
		vi.spyOn(rig.platform.deposits, 'createTransaction').mockImplementation((items) => {
			events.push('deposit create sent');
			return create(items);
		});
		events = [];
		countDurableCommits((sql) => events.push(`commit: ${sql}`));
	});

	afterEach(() => {
		vi.restoreAllMocks();
	});

	it('commits a card sale with containers four times, each before what it protects', async () => {
		const sale = await rig.checkout.start(rig.deviceId, PILS_AND_PRETZEL);
		const paid = await rig.checkout.pay(sale.id);
		expect(paid.state).toBe('completed');
		expect(events).toEqual([
			'commit: COMMIT', // the claim and the card's journal entry
			'terminal asked',
			'commit: insert into "simulated_terminal_payments"', // the terminal's record of the outcome
			'commit: COMMIT', // the card settled, paid with its number, the create journaled
			'deposit create sent',
			'commit: COMMIT' // the create settled, completed with the code
		]);
	});

	it('commits a card sale without containers three times', async () => {
		const sale = await rig.checkout.start(rig.deviceId, PRETZEL);
		const paid = await rig.checkout.pay(sale.id);
		expect(paid.state).toBe('completed');
		expect(paid.orderNumber).toMatch(/^K-\d{3}$/);
		expect(events).toEqual([
			'commit: COMMIT',
			'terminal asked',
			'commit: insert into "simulated_terminal_payments"',
			'commit: COMMIT'
		]);
	});
});

/**
 * Calls `commit` with the statement of each commit that waits for the disk, from now until the
 * mocks are restored. Statements are prepared once and run often (the dialect keeps them), so
 * their runs are watched, and the transaction they run in is followed from BEGIN to its end.
 */
function countDurableCommits(commit: (sql: string) => void): void {
	let durable = true;
	let inTransaction = false;
	const lazily = NodeSqliteDialect.prototype.lazily;
	vi.spyOn(NodeSqliteDialect.prototype, 'lazily').mockImplementation(async function (
		this: NodeSqliteDialect,
		work
	) {
		durable = false;
		try {
			return await lazily.call(this, work);
		} finally {
			durable = true;
		}
	});
	const ran = (sql: string) => {
		if (/^BEGIN\b/.test(sql)) inTransaction = true;
		else if (sql === 'COMMIT' || sql === 'ROLLBACK') {
			inTransaction = false;
			if (sql === 'COMMIT' && durable) commit(sql);
		} else if (WRITE.test(sql) && !inTransaction && durable) {
			commit(sql.split(/\s+/, 3).join(' '));
		}
	};
	for (const method of ['run', 'all'] as const) {
		const original = StatementSync.prototype[method] as (...args: unknown[]) => unknown;
		vi.spyOn(StatementSync.prototype, method).mockImplementation(function (
			this: StatementSync,
			...args: unknown[]
		) {
			ran(this.sourceSQL);
			return original.apply(this, args);
		} as never);
	}
}
