/**
 * A schema of a test's own in the run's PostgreSQL cluster (global-setup.ts), and its removal:
 * files run side by side without seeing each other.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

export interface TestSchema {
	url: string;
	name: string;
	/** A pool whose connections work in the schema. */
	pool: pg.Pool;
	drop(): Promise<void>;
}

async function run(url: string, statement: string): Promise<void> {
	const client = new pg.Client(url);
	await client.connect();
	try {
		await client.query(statement);
	} finally {
		await client.end();
	}
}

export async function testSchema(): Promise<TestSchema> {
	const url = inject('databaseUrl');
	if (!url) {
		throw new Error(
			'No PostgreSQL cluster in this vitest project: specs that open a PostgreSQL store import ' +
				'src/lib/server/store/testing/test-stores.ts themselves and run in unit-postgres (vite.config.ts)'
		);
	}
	const name = `test_${randomUUID().replaceAll('-', '')}`;
	await run(url, `CREATE SCHEMA ${name}`);
	const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${name}`, max: 10 });
	return {
		url,
		name,
		pool,
		async drop() {
			await pool.end();
			await run(url, `DROP SCHEMA ${name} CASCADE`);
		}
	};
}
