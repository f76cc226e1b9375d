/**
 * The kiosk server behind a balancer, configured as the shipped compose.yaml configures it
 * (ADDRESS_HEADER, XFF_DEPTH, read from that file), with a small Node proxy in front that does
 * what deploy/nginx.conf does with `$proxy_add_x_forwarded_for`: it appends the address it saw to
 * whatever X-Forwarded-For the client sent. Two clients behind it — on 127.0.0.2 and 127.0.0.3 —
 * must be counted apart by the login throttle, and a client's own X-Forwarded-For must not change
 * the address it is counted under. The counts are read from the server's store.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, test } from './test.ts';
import { ownPorts } from '../../playwright.config.ts';
import { startProcess, startSimulator, until } from './processes.ts';
import { DEMO_STAFF_PASSWORD } from './support.ts';

const SERVER_PORT = ownPorts(1);
const BALANCER_PORT = SERVER_PORT + 1;
const SIM = SERVER_PORT + 2;
const DATA_DIR = 'test-results/trusted-proxy';
const balancer = `http://127.0.0.1:${BALANCER_PORT}`;

/** The client address settings of the kiosk servers in compose.yaml. */
function composeAddressSettings(): Record<string, string> {
	const compose = readFileSync(resolve(import.meta.dirname, '../../compose.yaml'), 'utf8');
	const settings: Record<string, string> = {};
	for (const name of ['ADDRESS_HEADER', 'XFF_DEPTH']) {
		const value = new RegExp(`^\\s+${name}:\\s*'?([^'\\s]+)'?\\s*$`, 'm').exec(compose)?.[1];
		if (value) settings[name] = value;
	}
	return settings;
}

/** A reverse proxy to `port` that appends the client's address as nginx's balancer does. */
async function startBalancer(port: number, upstreamPort: number): Promise<Server> {
	const server = createServer((incoming, outgoing) => {
		const seen = incoming.socket.remoteAddress ?? '';
		const sent = incoming.headers['x-forwarded-for'];
		const upstream = httpRequest(
			{
				host: '127.0.0.1',
				port: upstreamPort,
				method: incoming.method,
				path: incoming.url,
				headers: { ...incoming.headers, 'x-forwarded-for': sent ? `${sent}, ${seen}` : seen }
			},
			(answer) => {
				outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
				answer.pipe(outgoing);
			}
		);
		upstream.on('error', () => outgoing.writeHead(502).end());
		incoming.pipe(upstream);
	});
	await new Promise<void>((listening) => server.listen(port, '127.0.0.1', listening));
	return server;
}

/**
 * A staff login through the balancer (or, `via` the server's own address, past it) from
 * `clientAddress`; its status (303 in, 400, 429).
 */
function logIn(
	clientAddress: string,
	form: { name: string; password: string },
	headers: Record<string, string> = {},
	via = balancer
): Promise<number> {
	const body = new URLSearchParams(form).toString();
	return new Promise((done, failed) => {
		const sent = httpRequest(
			`${via}/setup/login`,
			{
				method: 'POST',
				localAddress: clientAddress,
				headers: {
					origin: via,
					accept: 'text/html',
					'content-type': 'application/x-www-form-urlencoded',
					'content-length': String(Buffer.byteLength(body)),
					...headers
				}
			},
			(answer) => {
				answer.resume();
				answer.on('end', () => done(answer.statusCode ?? 0));
			}
		);
		sent.on('error', failed);
		sent.end(body);
	});
}

/** The throttle's counters in the server's store: failures per key. */
function counters(): Record<string, number> {
	const db = new DatabaseSync(join(DATA_DIR, 'kiosk.sqlite'), { readOnly: true });
	try {
		const rows = db.prepare('SELECT key, failures FROM attempt_counts').all() as {
			key: string;
			failures: number;
		}[];
		return Object.fromEntries(rows.map((row) => [row.key, row.failures]));
	} finally {
		db.close();
	}
}

let simulator: ChildProcess | undefined;
let kiosk: ChildProcess | undefined;
let proxy: Server | undefined;

test.beforeAll(async ({ request }) => {
	test.setTimeout(180_000);
	rmSync(DATA_DIR, { recursive: true, force: true });
	simulator = await startSimulator(request, SIM);
	proxy = await startBalancer(BALANCER_PORT, SERVER_PORT);
	kiosk = startProcess('scripts/start.ts', {
		PORT: String(SERVER_PORT),
		HOST: '127.0.0.1',
		SIMULATOR_URL: `http://127.0.0.1:${SIM}`,
		DATA_DIR,
		...composeAddressSettings()
	});
	await until(
		'the kiosk server behind the balancer',
		async () => ((await request.get(`${balancer}/setup/login`)).ok() ? true : undefined),
		150_000
	);
});

test.afterAll(() => {
	kiosk?.kill('SIGKILL');
	simulator?.kill('SIGTERM');
	proxy?.close();
});

test('compose.yaml tells the servers to take the address the balancer appended', () => {
	expect(composeAddressSettings()).toEqual({ ADDRESS_HEADER: 'x-forwarded-for', XFF_DEPTH: '1' });
	const nginx = readFileSync(resolve(import.meta.dirname, '../../deploy/nginx.conf'), 'utf8');
	expect(nginx).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
});

test('two clients behind the balancer are counted apart, and neither can pick its own address', async () => {
	const wrong = (name: string) => ({ name, password: 'not-the-password' });
	// Client A guesses under names of its own; half of its tries claim to come from elsewhere,
	// one of them from client B.
	const spoofs = ['198.51.100.7', '127.0.0.3', '10.1.2.3, 203.0.113.9'];
	for (let i = 0; i < 6; i += 1) {
		const headers = i % 2 ? { 'x-forwarded-for': spoofs[(i - 1) / 2]! } : undefined;
		expect(await logIn('127.0.0.2', wrong(`Eve ${i}`), headers)).toBe(400);
	}
	// Client B types one wrong password of its own.
	expect(await logIn('127.0.0.3', wrong('Sam'))).toBe(400);
	expect(counters()).toMatchObject({ 'address:127.0.0.2': 6, 'address:127.0.0.3': 1 });
	expect(
		Object.keys(counters())
			.filter((key) => key.startsWith('address:'))
			.sort()
	).toEqual(['address:127.0.0.2', 'address:127.0.0.3']);
	// B's next try is its own second one: the right password gets in, and clears B's count.
	expect(await logIn('127.0.0.3', { name: 'Sam', password: DEMO_STAFF_PASSWORD })).toBe(303);
	expect(counters()).not.toHaveProperty(['address:127.0.0.3']);
	expect(counters()).toMatchObject({ 'address:127.0.0.2': 6 });
});

test('a request that reached the server past the balancer is answered, not failed', async () => {
	const server = `http://127.0.0.1:${SERVER_PORT}`;
	expect(await logIn('127.0.0.4', { name: 'Eve', password: 'not-the-password' }, {}, server)).toBe(
		400
	);
	expect(counters()).toHaveProperty(['address:no-address-header'], 1);
});
