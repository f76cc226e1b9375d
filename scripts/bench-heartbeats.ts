/**
 * What the benches share of fleet health (docs/server.md, Fleet health): screens of their own
 * paired with a running server, and heartbeats sent to it as a kiosk's browser sends them.
 *
 * Demo mode pairs every browser of a mode as the same demo device, and a beat's cost is per
 * screen (one row each, the fleet's view over all of them): `pairScreens` adds kiosk devices
 * and their screen sessions straight to the server's store (SQLite in its data folder, or the
 * PostgreSQL it runs on), as pairing from the setup pages would, and gives each its cookie.
 *
 * `beat` sends one heartbeat over a connection of its own — a screen beats every 15 s, longer
 * than a server keeps an idle connection open — with the headers Chromium sends with the
 * screen's `fetch` (heartbeat.ts: JSON, `cache: 'no-store'`), and counts what went over the
 * socket each way: request line, headers and body; status line, headers and answer.
 */
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import type { ScreenReport } from '../src/lib/shared/fleet.ts';
import { HEARTBEAT_PATH } from '../src/lib/fleet/heartbeat.ts';
import { SessionStore } from '../src/lib/server/auth/sessions.ts';
import { DeviceRepository } from '../src/lib/server/devices/device-repository.ts';
import { SCREEN_COOKIE } from '../src/lib/server/http/cookies.ts';
import { loadKeyring } from '../src/lib/server/store/keyring.ts';
import { openStore } from '../src/lib/server/store/open-store.ts';

/** The largest report a screen sends: a kiosk with everything filled in. */
export const FULL_REPORT: ScreenReport = {
	version: '1764331200000',
	paused: ['loyalty', 'deposits'],
	printer: 'paper-out',
	terminal: 'unreachable',
	busy: true,
	visible: true,
	battery: 100,
	charging: false
};

/** Where the running server keeps its store, and the secret its device keys are sealed with. */
export interface ServerStore {
	dataDir: string;
	/** PostgreSQL's URL when the server runs on it (then `kioskSecret` too). */
	databaseUrl?: string;
	kioskSecret?: string;
}

/** Adds `count` kiosks to the server's store, each with a screen session: their cookies. */
export async function pairScreens(where: ServerStore, count: number): Promise<string[]> {
	const store = await openStore({
		dataDir: where.dataDir,
		database: where.databaseUrl ? { url: where.databaseUrl, connections: 2 } : undefined
	});
	try {
		const keyring = loadKeyring({
			dataDir: where.dataDir,
			kioskSecret: where.kioskSecret,
			demo: true
		});
		const devices = new DeviceRepository(store, keyring);
		const sessions = new SessionStore(store);
		const cookies: string[] = [];
		for (let index = 0; index < count; index += 1) {
			const device = await devices.add({
				name: `Bench screen ${index + 1}`,
				mode: 'kiosk',
				environment: 'simulator',
				baseUrl: 'http://127.0.0.1:9',
				apiKey: randomBytes(16).toString('hex')
			});
			const { token } = await sessions.createScreen(device.id);
			cookies.push(`${SCREEN_COOKIE}=${token}`);
		}
		return cookies;
	} finally {
		await store.close();
	}
}

/** What one beat cost on the wire, and how the server answered. */
export interface BeatBytes {
	status: number;
	/** Request line, headers and body. */
	sent: number;
	/** Status line, headers and answer. */
	received: number;
	/** The answer's body alone. */
	answer: number;
}

/**
 * One heartbeat of the screen with `cookie` to the server at `serverUrl`, on a connection of its
 * own; rejects on a network error (an answer other than 200 resolves, its status says so).
 */
export function beat(serverUrl: string, cookie: string, body: string): Promise<BeatBytes> {
	return new Promise((resolve, reject) => {
		const sending = request(
			`${serverUrl}${HEARTBEAT_PATH}`,
			{ method: 'POST', agent: false, headers: chromiumHeaders(serverUrl, cookie, body) },
			(response) => {
				let answer = 0;
				response.on('data', (chunk: Buffer) => (answer += chunk.length));
				response.on('end', () => {
					const socket = response.socket;
					resolve({
						status: response.statusCode ?? 0,
						sent: socket.bytesWritten,
						received: socket.bytesRead,
						answer
					});
				});
			}
		);
		sending.on('error', reject);
		sending.end(body);
	});
}

/** The headers Chromium sends with a kiosk's heartbeat (HTTP/1.1, same origin). */
function chromiumHeaders(serverUrl: string, cookie: string, body: string) {
	return {
		'content-length': String(Buffer.byteLength(body)),
		'sec-ch-ua-platform': '"Linux"',
		'user-agent':
			'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
		'sec-ch-ua': '"Chromium";v="140", "Not=A?Brand";v="24", "Google Chrome";v="140"',
		'content-type': 'application/json',
		'sec-ch-ua-mobile': '?0',
		accept: '*/*',
		origin: serverUrl,
		'sec-fetch-site': 'same-origin',
		'sec-fetch-mode': 'cors',
		'sec-fetch-dest': 'empty',
		referer: `${serverUrl}/kiosk`,
		'accept-encoding': 'gzip, deflate, br, zstd',
		'accept-language': 'de-DE,de;q=0.9,en;q=0.8',
		'cache-control': 'no-cache',
		pragma: 'no-cache',
		cookie
	};
}

/**
 * The screens with `cookies` beating as they do at a venue while `during` runs: each every
 * `intervalMs`, their beats spread evenly over the interval. Resolves with `during`'s result and
 * how many beats were answered; a beat that fails is counted in `failed`.
 */
export async function beatingWhile<T>(
	serverUrl: string,
	cookies: readonly string[],
	intervalMs: number,
	during: () => Promise<T>
): Promise<{ result: T; beats: number; failed: number }> {
	const body = JSON.stringify(FULL_REPORT);
	const tally = { beats: 0, failed: 0 };
	const pending = new Set<Promise<void>>();
	let next = 0;
	const send = () => {
		const cookie = cookies[next++ % cookies.length]!;
		const sent = beat(serverUrl, cookie, body).then(
			({ status }) => void (status === 200 ? (tally.beats += 1) : (tally.failed += 1)),
			() => void (tally.failed += 1)
		);
		pending.add(sent);
		void sent.finally(() => pending.delete(sent));
	};
	const timer = setInterval(send, intervalMs / cookies.length);
	try {
		const result = await during();
		clearInterval(timer);
		await Promise.all(pending);
		return { result, ...tally };
	} finally {
		clearInterval(timer);
	}
}
