/**
 * The store the configuration names: PostgreSQL when DATABASE_URL is set (several kiosk servers
 * on one database), otherwise SQLite in DATA_DIR (the embedded default of `npm start`).
 */
import type { ServerConfig } from '../config.ts';
import { openPostgresStore } from './postgres-store.ts';
import { openSqliteStore } from './sqlite-store.ts';
import type { Store } from './store.ts';

export async function openStore(
	config: Pick<ServerConfig, 'dataDir' | 'database'>
): Promise<Store> {
	if (config.database) return openPostgresStore(config.database);
	return openSqliteStore(config.dataDir);
}
