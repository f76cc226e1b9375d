/**
 * Vitest's global set-up: one throwaway PostgreSQL cluster for the whole run (cluster.ts),
 * handed to the tests as `inject('databaseUrl')`; each test file works in a schema of its own
 * (schema.ts).
 */
import type { TestProject } from 'vitest/node';
import { startCluster } from './cluster.ts';

declare module 'vitest' {
	export interface ProvidedContext {
		databaseUrl: string;
	}
}

export default async function setup(project: TestProject): Promise<() => void> {
	const cluster = await startCluster();
	project.provide('databaseUrl', cluster.url);
	return () => cluster.stop();
}
