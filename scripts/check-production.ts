/**
 * `npm run check:production`: the production install works as the README says. In a folder of
 * its own that holds only the build, the package files and two scripts (SHIPPED), it runs
 * `npm ci --omit=dev` (on this project's Node, as a production machine has it), checks that no
 * development dependency came along, then starts `node scripts/serve.ts` against a platform URL
 * (the simulator, run from this checkout, standing in for the real platform) and asks
 * `/api/health` and for its home page. Builds first when `build/` is not current. Exits 1 on any failure.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { freePort } from './bench-kiosk.ts';
import { build, BUILD_DIR, buildIsCurrent } from './build.ts';

const ROOT = resolve(import.meta.dirname, '..');
/** What the production image holds besides its build and node_modules (Dockerfile, stage `server`): the
 *  package files, `prepare` (npm runs it on install: there it does nothing) and the server. */
const SHIPPED = ['package.json', 'package-lock.json', 'scripts/prepare.ts', 'scripts/serve.ts'];

async function untilHealthy(url: string, child: ChildProcess): Promise<unknown> {
	const deadline = Date.now() + 30_000;
	for (;;) {
		if (child.exitCode !== null) throw new Error(`${url}: the process stopped`);
		const answer = await fetch(url).catch(() => null);
		if (answer?.ok) return answer.json();
		if (Date.now() > deadline) throw new Error(`${url}: no answer within 30 s`);
		await new Promise((done) => setTimeout(done, 50));
	}
}

if (!buildIsCurrent()) build();

const folder = mkdtempSync(join(tmpdir(), 'kiosk-production-'));
const children: ChildProcess[] = [];
try {
	for (const file of SHIPPED) cpSync(join(ROOT, file), join(folder, file));
	cpSync(BUILD_DIR, join(folder, 'build'), { recursive: true });

	const env = {
		...process.env,
		PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH}`
	};
	const install = spawnSync('npm', ['ci', '--omit=dev'], { cwd: folder, env, stdio: 'inherit' });
	if (install.status !== 0) throw new Error('npm ci --omit=dev failed');
	const { devDependencies } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
		devDependencies: Record<string, string>;
	};
	const devInstalled = Object.keys(devDependencies).filter((name) =>
		existsSync(join(folder, 'node_modules', name))
	);
	if (devInstalled.length > 0)
		throw new Error(`development dependencies installed: ${devInstalled}`);

	const simPort = await freePort();
	const simulator = spawn(process.execPath, ['packages/platform-sim/src/main.ts'], {
		cwd: ROOT,
		env: { ...process.env, SIM_PORT: String(simPort), SIM_QUIET: '1' },
		stdio: ['ignore', 'ignore', 'inherit']
	});
	children.push(simulator);
	const platform = `http://127.0.0.1:${simPort}`;
	await untilHealthy(`${platform}/_sim/seed`, simulator);

	const port = await freePort();
	const started = performance.now();
	const server = spawn(process.execPath, ['scripts/serve.ts'], {
		cwd: folder,
		env: {
			PATH: env.PATH,
			PORT: String(port),
			HOST: '127.0.0.1',
			DATA_DIR: join(folder, 'data'),
			// Required outside demo mode: the secret sealing the API keys, apart from the data.
			KIOSK_SECRET: randomBytes(32).toString('hex'),
			PLATFORM_BASE_URL: platform
		},
		stdio: ['ignore', 'inherit', 'inherit']
	});
	children.push(server);
	const health = await untilHealthy(`http://127.0.0.1:${port}/api/health`, server);
	const seconds = ((performance.now() - started) / 1000).toFixed(2);
	if ((health as { up?: unknown }).up !== true)
		throw new Error(`unexpected health: ${JSON.stringify(health)}`);
	// A page rendered on the server loads most of the server's code: none of it may be missing.
	const home = await fetch(`http://127.0.0.1:${port}/`);
	if (!home.ok) throw new Error(`GET / answered ${home.status}`);
	console.log(`Production install: node scripts/serve.ts answered /api/health in ${seconds} s.`);
} catch (error) {
	console.error(`Production install check failed: ${(error as Error).message}`);
	process.exitCode = 1;
} finally {
	for (const child of children) child.kill('SIGKILL');
	rmSync(folder, { recursive: true, force: true });
}
