/**
 * `npm run device:check [-- --session cage|xvfb|display|headless] [--install-policy] [--strict]`
 * (after `npm run build`): starts Debian's Chromium the way docs/kiosk-device.md says — its
 * launcher `docs/kiosk-device/venue-kiosk.sh` with every flag, and its enterprise policy
 * `docs/kiosk-device/venue-kiosk.json` — against the built kiosk server in demo mode, and checks
 * that the kiosk screen comes up as a venue needs it.
 *
 * 1. Starts the server (scripts/start.ts with its simulator) on free ports with a fresh data
 *    folder, and a screen session: by default `cage` on wlroots' headless backend (the guide's
 *    session; needs `cage` and `xwayland`), else `Xvfb`, else the display this runs on, else
 *    Chromium's `--headless=new` (then the full-screen and printing checks are skipped).
 * 2. First start: the launcher with a fresh profile (`--user-data-dir`), plus only what a test
 *    needs — `--remote-debugging-port=0` (the port is read from the profile),
 *    `--use-fake-device-for-media-stream` (a camera on a machine without one; no
 *    `--use-fake-ui-for-media-stream`: the policy alone must allow it) and
 *    `--host-resolver-rules` (the server is reached as http://venue-kiosk.test:<port>, a
 *    plain-http LAN address as at a venue, which only the policy makes a secure context). The
 *    start page `/screen`
 *    says "not paired"; the script pairs that profile as the demo's ordering kiosk (the demo home
 *    page's button, over the DevTools protocol) and closes Chromium as a shutdown would.
 * 3. Everyday start: the launcher again on the same profile, timed from the launch to the
 *    kiosk's `kiosk:ready` mark; then the checks (sound without a tap, full screen, a secure
 *    context, camera allowed without a prompt, printing without a dialog, no pinch zoom, a
 *    guest's order to the loyalty camera, every policy read by Chromium).
 *
 * Chromium reads enterprise policies on Linux only from /etc/chromium/policies/managed/. As root
 * the script shows it the guide's file (with the kiosk origin set to the test server's) in a
 * private mount namespace (`unshare --mount`): nothing on the machine changes and no other
 * browser sees it. Where that is not possible, `--install-policy` writes the file there for the
 * run and removes it afterwards (never over an existing one). Without either, the checks that
 * need the policy are reported as skipped, never as passed. As root, Chromium runs as `nobody`
 * (the guide's kiosk user is not root either; Chromium refuses root without `--no-sandbox`).
 *
 * Prints each check (pass, fail or skip) and the launch-to-ready time; exits 1 on a failure
 * (`--strict`: on a skip too). Chromium, the session, the server and the temporary folders are
 * removed on every path, Ctrl+C included.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
	chmodSync,
	chownSync,
	cpSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	openSync,
	readFileSync,
	rmdirSync,
	rmSync,
	writeFileSync,
	closeSync
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';
import { KIOSK_READY_MARK } from '../src/lib/pwa/marks.ts';
import { startKiosk, type RunningKiosk } from './bench-kiosk.ts';

const ROOT = resolve(import.meta.dirname, '..');
/** The guide's files: the one source of the flags and the policy. */
export const LAUNCHER = join(ROOT, 'docs/kiosk-device/venue-kiosk.sh');
export const POLICY_FILE = join(ROOT, 'docs/kiosk-device/venue-kiosk.json');
/** The kiosk origin in the guide's policy file, which a venue replaces with its own. */
export const POLICY_ORIGIN_PLACEHOLDER = 'https://kiosk.venue.example';
const POLICY_DIR = '/etc/chromium/policies/managed';
const POLICY_NAME = 'venue-kiosk.json';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * The name Chromium reaches the test server by (mapped to 127.0.0.1): a plain-http LAN address
 * as at a venue, not a secure origin by itself as http://127.0.0.1 is.
 */
const LAN_HOST = 'venue-kiosk.test';
/** `nobody`: Chromium's user when this runs as root. */
const NOBODY = 65_534;

const SESSIONS = ['cage', 'xvfb', 'display', 'headless'] as const;
type SessionKind = (typeof SESSIONS)[number];

const { values: options } = parseArgs({
	options: {
		session: { type: 'string' },
		'install-policy': { type: 'boolean', default: false },
		strict: { type: 'boolean', default: false }
	}
});
if (options.session !== undefined && !SESSIONS.includes(options.session as SessionKind)) {
	console.error(`--session must be one of ${SESSIONS.join(', ')}`);
	process.exit(2);
}

// ---------------------------------------------------------------------------------------------
// Clean-up on every path: a stack of steps, run once (error, Ctrl+C, SIGTERM, normal end).

const cleanups: (() => void | Promise<void>)[] = [];
let cleaning: Promise<void> | undefined;
/** Registers a clean-up step; once the clean-up has begun, nothing new may start. */
function onCleanUp(step: () => void | Promise<void>): void {
	if (cleaning) {
		void (async () => step())(); // started just now: stop it at once
		throw new Error('stopping');
	}
	cleanups.push(step);
}
function cleanUp(): Promise<void> {
	cleaning ??= (async () => {
		for (const step of cleanups.reverse()) {
			try {
				await step();
			} catch (error) {
				console.error('clean-up:', error instanceof Error ? error.message : error);
			}
		}
	})();
	return cleaning;
}
for (const [signal, code] of [
	['SIGINT', 130],
	['SIGTERM', 143]
] as const) {
	process.once(signal, () => {
		console.error(`\n${signal}: cleaning up`);
		void cleanUp().finally(() => process.exit(code));
	});
}

// ---------------------------------------------------------------------------------------------
// Checks.

type Outcome = 'pass' | 'fail' | 'skip';
interface Check {
	name: string;
	outcome: Outcome;
	detail: string;
}
const checks: Check[] = [];
const LABEL: Record<Outcome, string> = { pass: 'PASS', fail: 'FAIL', skip: 'SKIP' };

function record(name: string, outcome: Outcome, detail: string): void {
	checks.push({ name, outcome, detail });
	console.log(`${LABEL[outcome]}  ${name}: ${detail}`);
}

/** Runs one check; an exception (a time-out included) is its failure. */
async function check(name: string, run: () => Promise<[Outcome, string]>): Promise<void> {
	try {
		record(name, ...(await run()));
	} catch (error) {
		record(name, 'fail', error instanceof Error ? error.message.split('\n')[0]! : String(error));
	}
}

/** `promise`, or an error naming `what` after `ms`. */
async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
	let timer: ReturnType<typeof setTimeout> | undefined;
	const timeout = new Promise<never>((_, reject) => {
		timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms / 1000} s`)), ms);
	});
	try {
		return await Promise.race([promise, timeout]);
	} finally {
		clearTimeout(timer);
	}
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const now = () => performance.timeOrigin + performance.now();

function onPath(command: string): boolean {
	return (process.env.PATH ?? '')
		.split(delimiter)
		.some((dir) => dir !== '' && existsSync(join(dir, command)));
}

// ---------------------------------------------------------------------------------------------
// The screen session Chromium runs in.

interface Session {
	kind: SessionKind;
	/** What the report says about it. */
	description: string;
	/** Environment for Chromium (or for cage, which starts it). */
	env: Record<string, string>;
	/** Put in front of the launcher (cage). */
	wrap: string[];
	/** Extra Chromium flags (headless only). */
	flags: string[];
}

function chooseSession(): SessionKind {
	if (options.session) return options.session as SessionKind;
	if (onPath('cage') && onPath('Xwayland')) return 'cage';
	if (onPath('Xvfb')) return 'xvfb';
	if (process.env.WAYLAND_DISPLAY || process.env.DISPLAY) return 'display';
	return 'headless';
}

/** An X server of its own (Xvfb, 1920×1080), on the first free display number. */
async function startXvfb(): Promise<string> {
	if (cleaning) throw new Error('stopping');
	const xvfb = spawn(
		'Xvfb',
		['-displayfd', '3', '-screen', '0', '1920x1080x24', '-nolisten', 'tcp'],
		{
			stdio: ['ignore', 'ignore', 'ignore', 'pipe']
		}
	);
	onCleanUp(() => stopProcess(xvfb, 'SIGTERM'));
	const display = await within(
		10_000,
		'Xvfb',
		new Promise<string>((resolve, reject) => {
			let text = '';
			xvfb.stdio[3]!.on('data', (chunk: Buffer) => {
				text += chunk.toString();
				if (text.includes('\n')) resolve(text.trim());
			});
			xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code})`)));
		})
	);
	return `:${display}`;
}

async function startSession(kind: SessionKind, work: string, uid: number | null) {
	const session: Session = { kind, description: '', env: {}, wrap: [], flags: [] };
	if (kind === 'cage') {
		// The guide's session: cage (Wayland kiosk compositor) on wlroots' headless backend,
		// software rendering; Chromium in it runs on Wayland (the launcher adds the flag).
		const runtime = join(work, 'runtime');
		mkdirSync(runtime, { mode: 0o700 });
		if (uid !== null) chownSync(runtime, uid, uid);
		session.env = {
			XDG_RUNTIME_DIR: runtime,
			WLR_BACKENDS: 'headless',
			WLR_RENDERER: 'pixman',
			WLR_LIBINPUT_NO_DEVICES: '1'
		};
		session.wrap = ['cage', '-d', '--'];
		session.description = 'cage (headless wlroots output), Chromium on Wayland';
	} else if (kind === 'xvfb') {
		session.env = { DISPLAY: await startXvfb() };
		session.description = `Xvfb ${session.env.DISPLAY} (1920×1080, no window manager)`;
	} else if (kind === 'display') {
		for (const name of ['DISPLAY', 'WAYLAND_DISPLAY', 'XDG_RUNTIME_DIR'] as const) {
			const value = process.env[name];
			if (value) session.env[name] = value;
		}
		session.description = `this machine's display (${session.env.WAYLAND_DISPLAY ?? session.env.DISPLAY})`;
	} else {
		session.flags = ['--headless=new'];
		session.description =
			'no display: Chromium --headless=new (install xvfb or cage + xwayland for a real screen)';
	}
	return session;
}

// ---------------------------------------------------------------------------------------------
// The guide's policy, as Chromium will see it.

type PolicyMode =
	| { kind: 'namespace'; etc: string; content: Record<string, unknown> }
	| { kind: 'installed'; content: Record<string, unknown> }
	| { kind: 'none'; reason: string };

/** The guide's policy file with the kiosk origin of this run. */
function policyFor(origin: string): string {
	const text = readFileSync(POLICY_FILE, 'utf8');
	if (!text.includes(POLICY_ORIGIN_PLACEHOLDER))
		throw new Error(`${POLICY_FILE} no longer names ${POLICY_ORIGIN_PLACEHOLDER}`);
	return text.replaceAll(POLICY_ORIGIN_PLACEHOLDER, origin);
}

function preparePolicy(origin: string, work: string, root: boolean): PolicyMode {
	const text = policyFor(origin);
	const content = JSON.parse(text) as Record<string, unknown>;
	if (options['install-policy']) {
		const file = join(POLICY_DIR, POLICY_NAME);
		if (existsSync(file)) return { kind: 'none', reason: `${file} exists already (not replaced)` };
		// The folders this run creates, removed again (only if empty) afterwards.
		const created = ['/etc/chromium/policies', POLICY_DIR].filter((dir) => !existsSync(dir));
		const remove = () => {
			rmSync(file, { force: true });
			for (const dir of created.toReversed()) {
				try {
					rmdirSync(dir);
				} catch {
					// not empty, or not there
				}
			}
		};
		try {
			mkdirSync(POLICY_DIR, { recursive: true });
			writeFileSync(file, text, { mode: 0o644 });
		} catch (error) {
			remove();
			return { kind: 'none', reason: `cannot write ${file}: ${(error as Error).message}` };
		}
		onCleanUp(remove);
		process.once('exit', remove); // even if the clean-up never runs
		return { kind: 'installed', content };
	}
	if (!root)
		return {
			kind: 'none',
			reason: 'not root: run as root (private mount namespace) or with --install-policy'
		};
	if (!existsSync('/etc/chromium'))
		return { kind: 'none', reason: '/etc/chromium missing (not Debian’s chromium package?)' };
	if (spawnSync('unshare', ['--mount', 'true']).status !== 0)
		return {
			kind: 'none',
			reason: 'no private mount namespace here (unshare --mount failed): try --install-policy'
		};
	// A copy of /etc/chromium whose managed policies are the guide's file alone, mounted over
	// /etc/chromium for Chromium only.
	const etc = join(work, 'etc-chromium');
	cpSync('/etc/chromium', etc, { recursive: true });
	rmSync(join(etc, 'policies/managed'), { recursive: true, force: true });
	mkdirSync(join(etc, 'policies/managed'), { recursive: true });
	writeFileSync(join(etc, 'policies/managed', POLICY_NAME), text, { mode: 0o644 });
	return { kind: 'namespace', etc, content };
}

// ---------------------------------------------------------------------------------------------
// Chromium, started the guide's way.

interface Launch {
	child: ChildProcess;
	/** When the launcher was started (epoch ms). */
	startedAt: number;
	browser: Browser;
	page: Page;
	close(): Promise<void>;
}

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/** Resolves once `child` has exited (at once if it has). */
function exited(child: ChildProcess): Promise<void> {
	return running(child)
		? new Promise<void>((done) => child.once('exit', () => done()))
		: Promise.resolve();
}

function stopProcess(child: ChildProcess, signal: NodeJS.Signals, group = false): Promise<void> {
	if (!running(child)) return Promise.resolve();
	const done = exited(child);
	try {
		if (group) process.kill(-child.pid!, signal);
		else child.kill(signal);
	} catch {
		return Promise.resolve(); // gone already
	}
	return done;
}

async function launch(
	name: string,
	{
		kiosk,
		session,
		policy,
		uid,
		work,
		profile,
		home
	}: {
		kiosk: Pick<RunningKiosk, 'url'>;
		session: Session;
		policy: PolicyMode;
		uid: number | null;
		work: string;
		profile: string;
		home: string;
	}
): Promise<Launch> {
	rmSync(join(profile, 'DevToolsActivePort'), { force: true });
	const testFlags = [
		`--user-data-dir=${profile}`,
		'--remote-debugging-port=0',
		'--use-fake-device-for-media-stream',
		`--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.1`,
		...session.flags
	];
	let command = [...session.wrap, LAUNCHER, ...testFlags];
	if (uid !== null) {
		if (onPath('setpriv'))
			command = ['setpriv', `--reuid=${uid}`, `--regid=${uid}`, '--clear-groups', '--', ...command];
		else command.push('--no-sandbox'); // root without setpriv: Chromium needs this as root
	}
	if (policy.kind === 'namespace')
		command = [
			'unshare',
			'--mount',
			'--',
			'sh',
			'-c',
			'mount --bind "$0" /etc/chromium && exec "$@"',
			policy.etc,
			...command
		];
	const log = join(work, `${name}.log`);
	const logFd = openSync(log, 'w');
	if (cleaning) throw new Error('stopping');
	const startedAt = now();
	const child = spawn(command[0]!, command.slice(1), {
		env: {
			PATH: process.env.PATH ?? '/usr/bin:/bin',
			HOME: home,
			LANG: 'C.UTF-8',
			KIOSK_URL: kiosk.url,
			CHROMIUM,
			...session.env
		},
		detached: true, // its own process group: Chromium's helpers are stopped with it
		stdio: ['ignore', logFd, logFd]
	});
	closeSync(logFd);
	// The whole process group (cage, Chromium and its helpers), whatever is left of it.
	const stop = async () => {
		await within(10_000, `stopping Chromium (${name})`, stopProcess(child, 'SIGKILL', true)).catch(
			() => undefined
		);
	};
	onCleanUp(stop);
	const showLog = (error: unknown) => {
		const tail = readFileSync(log, 'utf8')
			.split('\n')
			.filter((line) => line && !/dbus|object_proxy|bus\.cc/.test(line))
			.slice(-12);
		return new Error(
			`${error instanceof Error ? error.message : error}\nChromium's last lines (${log}):\n  ${tail.join('\n  ')}`
		);
	};

	try {
		// Chromium writes the port it chose into the profile.
		const portFile = join(profile, 'DevToolsActivePort');
		const deadline = Date.now() + 30_000;
		let port: string | undefined;
		while (!port) {
			if (!running(child))
				throw new Error(`Chromium exited (${child.exitCode ?? child.signalCode})`);
			if (Date.now() > deadline) throw new Error('Chromium opened no DevTools port in 30 s');
			if (existsSync(portFile)) port = readFileSync(portFile, 'utf8').split('\n')[0] || undefined;
			if (!port) await sleep(50);
		}
		const browser = await within(
			15_000,
			'connecting over CDP',
			chromium.connectOverCDP(`http://127.0.0.1:${port}`)
		);
		const context = browser.contexts()[0]!;
		const page =
			context.pages()[0] ?? (await within(15_000, 'the kiosk page', context.waitForEvent('page')));
		return {
			child,
			startedAt,
			browser,
			page,
			close: async () => {
				// As a shutdown closes it (cookies written), then whatever is left.
				const cdp = await browser.newBrowserCDPSession().catch(() => null);
				await cdp?.send('Browser.close').catch(() => undefined);
				await within(10_000, 'Chromium closing', exited(child)).catch(() => undefined);
				await stop();
			}
		};
	} catch (error) {
		await stop();
		throw showLog(error);
	}
}

/** Evaluates in the page without a user gesture (Playwright's evaluate counts as one). */
async function evaluate<T>(cdp: CDPSession, expression: string): Promise<T> {
	const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', {
		expression,
		awaitPromise: true,
		returnByValue: true,
		userGesture: false
	});
	if (exceptionDetails)
		throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
	return result.value as T;
}

// ---------------------------------------------------------------------------------------------
// The run.

async function main(): Promise<void> {
	if (!existsSync(CHROMIUM)) {
		console.error(`${CHROMIUM} not found: apt-get install chromium (or set CHROMIUM_PATH)`);
		process.exitCode = 2;
		return;
	}
	const root = process.getuid?.() === 0;
	const uid = root ? NOBODY : null;
	const work = mkdtempSync(join(tmpdir(), 'kiosk-device-check-'));
	onCleanUp(() => rmSync(work, { recursive: true, force: true }));
	chmodSync(work, 0o755); // Chromium may run as another user
	const profile = join(work, 'profile');
	const home = join(work, 'home');
	for (const dir of [profile, home]) {
		mkdirSync(dir);
		if (uid !== null) chownSync(dir, uid, uid);
	}

	const server = await startKiosk('kiosk-device-check');
	onCleanUp(() => server.stop());
	const kiosk = { ...server, url: server.url.replace('127.0.0.1', LAN_HOST) };
	const session = await startSession(chooseSession(), work, uid);
	const policy = preparePolicy(kiosk.url, work, root);
	const version = spawnSync(CHROMIUM, ['--version'], { encoding: 'utf8' }).stdout.trim();
	console.log(`Chromium:  ${version} (${CHROMIUM}, via ${LAUNCHER.replace(`${ROOT}/`, '')})`);
	console.log(`Session:   ${session.description}${uid !== null ? ', Chromium as nobody' : ''}`);
	console.log(
		`Policy:    ${
			policy.kind === 'namespace'
				? `${POLICY_DIR}/${POLICY_NAME} in a private mount namespace`
				: policy.kind === 'installed'
					? `${POLICY_DIR}/${POLICY_NAME} installed for this run`
					: `not installed — ${policy.reason}`
		}`
	);
	console.log(`Server:    ${kiosk.url} = ${server.url} (demo)\n`);
	const context = { kiosk, session, policy, uid, work, profile, home };
	const headless = session.kind === 'headless';
	const withPolicy = policy.kind !== 'none';
	const noPolicy = policy.kind === 'none' ? policy.reason : '';

	// First start: a new profile shows /screen unpaired; pair it as the demo's ordering kiosk.
	const first = await launch('first-start', context);
	await check('first start shows /screen (not paired)', async () => {
		await first.page
			.getByText('This browser is not paired')
			.waitFor({ state: 'visible', timeout: 30_000 });
		return ['pass', `${new URL(first.page.url()).pathname} up ${ms(now() - first.startedAt)}`];
	});
	await check('pairing in this profile (demo: ordering kiosk)', async () => {
		await first.page.goto(`${kiosk.url}/`);
		await first.page.getByRole('button', { name: 'Ordering kiosk' }).click();
		await first.page.waitForURL(/\/kiosk$/, { timeout: 15_000 });
		return ['pass', 'the demo home page’s button; then Chromium is closed as at a shutdown'];
	});
	await first.close();

	// Everyday start: the same profile, straight to the kiosk screen.
	const run = await launch('everyday-start', context);
	const { page } = run;
	const cdp = await page.context().newCDPSession(page);
	let readyMs = Number.NaN;
	await check('kiosk screen comes up after a restart', async () => {
		// Read over the DevTools protocol without a user gesture (Playwright's locators count as
		// one), so that the sound check after this one still sees a page nobody has touched.
		const deadline = Date.now() + 30_000;
		interface KioskScreen {
			path: string;
			place: string;
			readyAt: number | null;
		}
		let screen: KioskScreen | null = null;
		while (screen === null) {
			if (Date.now() > deadline) throw new Error('no ready kiosk screen within 30 s');
			screen = await evaluate<KioskScreen | null>(
				cdp,
				`(() => {
					const ready = document.querySelector('.guest-screen[data-ready]');
					const start = [...document.querySelectorAll('button')].find((b) => /Tap to order/.test(b.textContent));
					const mark = performance.getEntriesByName(${JSON.stringify(KIOSK_READY_MARK)})[0];
					if (!ready || !start || start.getClientRects().length === 0) return null;
					return {
						path: location.pathname,
						place: document.querySelector('.place')?.textContent.trim() ?? '',
						readyAt: mark ? performance.timeOrigin + mark.startTime : null
					};
				})()`
			).catch(() => null); // a navigation under way
			if (!screen) await sleep(50);
		}
		if (screen.readyAt === null) throw new Error(`no ${KIOSK_READY_MARK} mark`);
		readyMs = screen.readyAt - run.startedAt;
		if (screen.path !== '/kiosk') return ['fail', `on ${screen.path}, not /kiosk`];
		return ['pass', `/screen → /kiosk, venue “${screen.place}”, launch → ready ${ms(readyMs)}`];
	});

	await check('sound without a tap (--autoplay-policy, AutoplayAllowed)', async () => {
		const sound = await evaluate<{ activated: boolean; state: string }>(
			cdp,
			`(async () => {
				const activated = navigator.userActivation.hasBeenActive;
				const audio = new AudioContext();
				for (let i = 0; i < 20 && audio.state !== 'running'; i += 1) await new Promise((r) => setTimeout(r, 50));
				const state = audio.state;
				await audio.close();
				return { activated, state };
			})()`
		);
		if (sound.activated) return ['skip', 'the page had a user gesture already: not conclusive'];
		return sound.state === 'running'
			? ['pass', 'an AudioContext runs before any tap']
			: ['fail', `AudioContext ${sound.state} without a tap`];
	});

	await check('full screen (--kiosk)', async () => {
		const size = await evaluate<{
			width: number;
			height: number;
			screenW: number;
			screenH: number;
		}>(
			cdp,
			'({ width: innerWidth, height: innerHeight, screenW: screen.width, screenH: screen.height })'
		);
		const { bounds } = await cdp.send('Browser.getWindowForTarget');
		const figures = `page ${size.width}×${size.height} on a ${size.screenW}×${size.screenH} screen, window ${bounds.windowState}`;
		if (headless) return ['skip', `headless, no screen (${figures})`];
		const full =
			size.width === size.screenW &&
			size.height === size.screenH &&
			bounds.windowState === 'fullscreen';
		if (!full && session.kind === 'xvfb')
			return ['skip', `${figures}: a bare X server has no window manager to size it`];
		return [full ? 'pass' : 'fail', figures];
	});

	await check('secure context on a plain-http address (policy)', async () => {
		const secure = await evaluate<{ secure: boolean; worker: boolean }>(
			cdp,
			`(async () => ({
				secure: isSecureContext,
				worker: 'serviceWorker' in navigator && await Promise.race([
					navigator.serviceWorker.ready.then((registration) => Boolean(registration.active)),
					new Promise((resolve) => setTimeout(() => resolve(false), 10000))
				])
			}))()`
		);
		const figures = `${new URL(kiosk.url).origin}: isSecureContext ${secure.secure}, service worker ${secure.worker ? 'active' : 'not active'}`;
		if (!withPolicy) return ['skip', `${figures}; policy not installed: ${noPolicy}`];
		return [secure.secure && secure.worker ? 'pass' : 'fail', figures];
	});

	await check('camera allowed without a prompt (policy)', async () => {
		const states = await evaluate<{ camera: string; microphone: string }>(
			cdp,
			`(async () => ({
				camera: (await navigator.permissions.query({ name: 'camera' })).state,
				microphone: (await navigator.permissions.query({ name: 'microphone' })).state
			}))()`
		);
		const figures = `camera ${states.camera}, microphone ${states.microphone}`;
		if (!withPolicy) return ['skip', `${figures}; policy not installed: ${noPolicy}`];
		if (states.camera !== 'granted' || states.microphone !== 'denied') return ['fail', figures];
		const track = await within(
			10_000,
			'getUserMedia (a prompt?)',
			evaluate<string>(
				cdp,
				`navigator.mediaDevices.getUserMedia({ video: true }).then((stream) => {
					const [track] = stream.getVideoTracks();
					stream.getTracks().forEach((t) => t.stop());
					return track.label;
				})`
			)
		);
		return ['pass', `${figures}; getUserMedia gave “${track}” at once`];
	});

	await check('printing without a dialog (--kiosk-printing)', async () => {
		if (headless) return ['skip', 'headless Chromium never shows a print dialog'];
		const took = await within(
			20_000,
			'window.print() (a print dialog?)',
			evaluate<number>(
				cdp,
				'(() => { const start = performance.now(); window.print(); return performance.now() - start })()'
			)
		);
		const browserCdp = await run.browser.newBrowserCDPSession();
		const { targetInfos } = await browserCdp.send('Target.getTargets');
		await browserCdp.detach();
		const dialogs = targetInfos.filter((target) => target.url.startsWith('chrome://print'));
		if (dialogs.length > 0) return ['fail', `a print preview is open (${dialogs.length})`];
		const printer = spawnSync('lpstat', ['-d'], { encoding: 'utf8' });
		const where =
			printer.status === 0 && /destination:/.test(printer.stdout)
				? printer.stdout.trim()
				: 'no printer here: nothing came out';
		return ['pass', `window.print() returned after ${ms(took)}, no preview (${where})`];
	});

	await check('no pinch zoom (--disable-pinch)', async () => {
		if (headless) return ['skip', 'headless'];
		const box = await evaluate<{ x: number; y: number }>(
			cdp,
			'({ x: Math.round(innerWidth / 2), y: Math.round(innerHeight / 2) })'
		);
		await cdp.send('Input.synthesizePinchGesture', {
			x: box.x,
			y: box.y,
			scaleFactor: 2.5,
			gestureSourceType: 'default'
		});
		await sleep(300);
		const scale = await evaluate<number>(cdp, 'visualViewport.scale');
		return [
			scale === 1 ? 'pass' : 'fail',
			`a pinch gesture (x2.5) left the page scale at ${scale}`
		];
	});

	await check('a guest orders and the loyalty camera starts', async () => {
		await page.getByRole('button', { name: /Tap to order/ }).click();
		await page.getByRole('button', { name: 'English', exact: true }).click();
		await page.getByRole('heading', { level: 1, name: 'Menu' }).waitFor({ timeout: 10_000 });
		await page
			.getByRole('navigation', { name: 'Categories' })
			.getByRole('button', { name: 'Beer', exact: true })
			.click();
		await page.getByRole('button', { name: 'Add Pilsner 0.4 l', exact: true }).click();
		await page.getByRole('button', { name: 'Go to payment' }).click();
		await page.getByRole('button', { name: /Pay with credits/ }).click();
		const camera = page.locator('[data-camera]');
		await camera.waitFor({ state: 'attached', timeout: 10_000 });
		const deadline = Date.now() + 10_000;
		let phase = await camera.getAttribute('data-camera');
		while (phase === 'starting' && Date.now() < deadline) {
			await sleep(100);
			phase = await camera.getAttribute('data-camera');
		}
		const figures = `menu, basket and payment choice shown; camera ${phase}`;
		if (!withPolicy) return ['skip', `${figures}; policy not installed: ${noPolicy}`];
		return [phase === 'running' ? 'pass' : 'fail', figures];
	});

	await check('Chromium reads every policy of the file', async () => {
		if (!withPolicy) return ['skip', `policy not installed: ${noPolicy}`];
		const names = Object.keys(policy.content);
		const policyPage = await page.context().newPage();
		try {
			await policyPage.goto('chrome://policy');
			const rows = await within(10_000, 'chrome://policy', readPolicyRows(policyPage, names));
			const problems: string[] = [];
			const notes: string[] = [];
			for (const name of names) {
				const row = rows[name];
				if (!row) problems.push(`${name}: not listed`);
				else if (row.source !== 'Platform' || row.level !== 'Mandatory')
					problems.push(`${name}: ${row.source} ${row.level}`);
				else if (row.status === 'Deprecated') notes.push(name);
				else if (row.status !== 'OK') problems.push(`${name}: ${row.status}`);
			}
			if (problems.length > 0) return ['fail', problems.join('; ')];
			return [
				'pass',
				`${names.length} policies, mandatory, platform${notes.length ? `; deprecated but applied: ${notes.join(', ')}` : ''}`
			];
		} finally {
			await policyPage.close();
		}
	});

	await run.close();

	// The report.
	console.log('');
	console.table(checks.map(({ name, outcome }) => ({ check: name, result: LABEL[outcome] })));
	const failed = checks.filter((c) => c.outcome === 'fail').length;
	const skipped = checks.filter((c) => c.outcome === 'skip').length;
	console.log(
		`Launch → kiosk screen ready: ${Number.isNaN(readyMs) ? 'not reached' : ms(readyMs)}. ` +
			`${checks.length - failed - skipped} passed, ${failed} failed, ${skipped} skipped.`
	);
	if (failed > 0 || (options.strict && skipped > 0)) process.exitCode = 1;
}

const ms = (value: number) => `${Math.round(value)} ms`;

interface PolicyRow {
	source: string;
	level: string;
	status: string;
}

/** chrome://policy's rows of `names` (its table lives in shadow roots), once they are shown. */
async function readPolicyRows(page: Page, names: string[]): Promise<Record<string, PolicyRow>> {
	for (;;) {
		const rows = await page.evaluate((wanted) => {
			const found: Record<string, { source: string; level: string; status: string }> = {};
			const text = (row: Element, selector: string) =>
				row.querySelector(`:scope > ${selector}`)?.textContent?.trim() ?? '';
			const walk = (root: ParentNode) => {
				for (const element of root.querySelectorAll('*')) {
					if (element.shadowRoot) walk(element.shadowRoot);
					if (!element.matches('.policy.row')) continue;
					const name = element.querySelector('#name')?.textContent?.trim() ?? '';
					const source = text(element, '.source');
					// The first table lists the policies that are set; later ones have no source.
					if (wanted.includes(name) && source && !found[name])
						found[name] = {
							source,
							level: text(element, '.level'),
							status: text(element, '.messages')
						};
				}
			};
			walk(document);
			return found;
		}, names);
		if (Object.keys(rows).length > 0) return rows;
		await sleep(200);
	}
}

try {
	await main();
} catch (error) {
	console.error(error instanceof Error ? error.message : error);
	process.exitCode = 1;
} finally {
	await cleanUp();
}
