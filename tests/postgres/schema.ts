/**
 * A schema of a test file's own in the run's PostgreSQL cluster (global-setup.ts): a pool whose
 * connections work in it, and its removal. Files run side by side without seeing each other.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

export interface TestSchema {
	pool: pg.Pool;
	drop(): Promise<void>;
}

export async function testSchema(): Promise<TestSchema> {
	const url = inject('databaseUrl');
	const name = `test_${randomUUID().replaceAll('-', '')}`;
	const admin = new pg.Client(url);
	await admin.connect();
	await admin.query(`CREATE SCHEMA ${name}`);
	await admin.end();
	const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${name}`, max: 10 });
	return {
		pool,
		async drop() {
			await pool.end();
			const client = new pg.Client(url);
			await client.connect();
			await client.query(`DROP SCHEMA ${name} CASCADE`);
			await client.end();
		}
	};
}
