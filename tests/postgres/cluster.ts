/**
 * A throwaway PostgreSQL cluster from Debian's `postgresql` package, for the tests that run on both
 * engines (CONTRIBUTING.md, The test layers): initdb into a temporary folder, started on a free
 * port with fsync off — or, for figures a bench reports, with PostgreSQL's durable defaults
 * (`durable`) — stopped and removed at the end (about a second each way). PostgreSQL refuses
 * to run as root: as root the cluster runs as the package's `postgres` user.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../scripts/bench-kiosk.ts';

export interface Cluster {
	/** `postgres://…` of the cluster's `postgres` database. */
	url: string;
	stop(): void;
}

/** The server programs: `pg_config --bindir`, else the newest under /usr/lib/postgresql. */
function binDir(): string {
	const fromConfig = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
	if (fromConfig.status === 0 && existsSync(join(fromConfig.stdout.trim(), 'initdb')))
		return fromConfig.stdout.trim();
	const root = '/usr/lib/postgresql';
	const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
	for (const version of versions) {
		const dir = join(root, version, 'bin');
		if (existsSync(join(dir, 'initdb'))) return dir;
	}
	throw new Error('PostgreSQL is not installed: apt-get install postgresql (.ci/run does)');
}

export interface ClusterOptions {
	/** PostgreSQL's own durable settings (fsync, synchronous commit): what a bench measures. */
	durable?: boolean;
	/** The port (a free one unless given). */
	port?: number;
}

/** What tests give up for speed: a commit that need not reach the disk. */
const UNDURABLE = '-c fsync=off -c synchronous_commit=off -c full_page_writes=off';

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
	const bin = binDir();
	const dir = mkdtempSync(join(tmpdir(), 'kiosk-pg-'));
	const asRoot = userInfo().uid === 0;
	if (asRoot) {
		const ids = execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim();
		const group = execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim();
		chownSync(dir, Number(ids), Number(group));
	}
	/** Runs a server program, as `postgres` when this process is root. */
	const run = (program: string, args: string[]) => {
		const [command, commandArgs] = asRoot
			? ['runuser', ['-u', 'postgres', '--', join(bin, program), ...args]]
			: [join(bin, program), args];
		execFileSync(command, commandArgs, { stdio: ['ignore', 'ignore', 'pipe'] });
	};
	const data = join(dir, 'data');
	const port = options.port ?? (await freePort());
	run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
	run('pg_ctl', [
		'-D',
		data,
		'-l',
		join(dir, 'log'),
		'-w',
		'-o',
		`-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 ${options.durable ? '' : UNDURABLE} -c max_connections=400`,
		'start'
	]);
	return {
		url: `postgres://postgres@127.0.0.1:${port}/postgres`,
		stop() {
			try {
				run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
			} finally {
				rmSync(dir, { recursive: true, force: true });
			}
		}
	};
}
