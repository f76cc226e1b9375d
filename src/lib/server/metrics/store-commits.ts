/**
 * `kiosk_store_commit_seconds`: how long the store's transaction commits take, from COMMIT until
 * the caller may go on — on SQLite that includes the wait for the write-ahead log's flush
 * (node-sqlite-dialect.ts), on PostgreSQL the server's durable commit. A lazy write (Store
 * `writeLazily`) is one statement that commits alone, outside a transaction, without the disk:
 * it is not timed here. Observed by store/timed-commits.ts.
 */
import { Histogram } from 'prom-client';
import type { Engine } from '../store/store.ts';
import { metricsRegistry } from './registry.ts';

const commits = new Histogram({
	name: 'kiosk_store_commit_seconds',
	help: 'Store transaction commits, from COMMIT until durable, by engine',
	labelNames: ['engine'],
	buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
	registers: [metricsRegistry]
});

export function observeCommit(engine: Engine, seconds: number): void {
	commits.observe({ engine }, seconds);
}
