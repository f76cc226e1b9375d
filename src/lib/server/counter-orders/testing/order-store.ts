/**
 * Unit-test rig of the counter-order parts: a store on either engine (SQLite on a file to reopen
 * as a restarted server would, or a PostgreSQL schema), a board device in it, a clock the test
 * moves, and a fake platform that keeps one order's state and answers over the real platform
 * client (schemas, retry table, typed errors) with what each test scripts.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeviceRepository } from '../../devices/device-repository.ts';
import { DEFAULT_JOURNAL_LEASE_MS, Journal } from '../../journal/journal.ts';
import { OrderFeed } from '../../orders/order-feed.ts';
import { createPlatformClient, type PlatformClient } from '../../platform/client.ts';
import {
	envelope,
	json,
	networkFailure,
	type RecordedCall
} from '../../platform/testing/fake-fetch.ts';
import { counterOrder } from '../../platform/testing/fixtures.ts';
import { loadKeyring, type Keyring } from '../../store/keyring.ts';
import { openSqliteStore } from '../../store/sqlite-store.ts';
import type { Engine, Store } from '../../store/store.ts';
import { openTestStore } from '../../store/testing/test-stores.ts';

export const START = new Date(Date.UTC(2026, 10, 22, 10, 0, 0));

export interface Clock {
	now: () => Date;
	advance(ms: number): void;
}

export function testClock(start = START): Clock {
	let at = start.getTime();
	return {
		now: () => new Date(at),
		advance: (ms) => void (at += ms)
	};
}

export interface OrderStore {
	dataDir: string;
	store: Store;
	/** The secret of this data folder (the same after `reopen`). */
	keyring: Keyring;
	devices: DeviceRepository;
	/** The board device every row belongs to. */
	deviceId: string;
	/** Adds another board device (its own name and key); its id. */
	addBoard(name: string, apiKey: string): Promise<string>;
	/** Removes a device (and, through the store's references, its rows). */
	removeDevice(deviceId: string): Promise<boolean>;
	/** The journal of this server (the same server after `reopen`: a restart, not another one). */
	journal: Journal;
	feed: OrderFeed;
	/** The same store with fresh objects, as a restarted server opens it (SQLite: the file again). */
	reopen(): Promise<OrderStore>;
}

/** The stores the rig opened, each closed once by `closeOrderStores`. */
const opened = new Set<Store>();

/** Closes every store the rig opened (a spec's afterEach). */
export async function closeOrderStores(): Promise<void> {
	const stores = [...opened];
	opened.clear();
	await Promise.all(stores.map((store) => store.close()));
}

/** A store on `engine` with one board device. */
export async function orderStore(
	engine: Engine,
	clock: Clock,
	dataDir = mkdtempSync(join(tmpdir(), 'orders-'))
): Promise<OrderStore> {
	const server = `rig-${randomUUID()}`;
	if (engine === 'sqlite') {
		const open = async (): Promise<OrderStore> => {
			const store = openSqliteStore(dataDir);
			opened.add(store);
			return rigOver(store, clock, dataDir, server, open);
		};
		return open();
	}
	const store = await openTestStore('postgres');
	opened.add(store);
	const same = async () => rigOver(store, clock, dataDir, server, same);
	return same();
}

async function rigOver(
	store: Store,
	clock: Clock,
	dataDir: string,
	server: string,
	reopen: () => Promise<OrderStore>
): Promise<OrderStore> {
	const keyring = loadKeyring({ dataDir, demo: true });
	const devices = new DeviceRepository(store, keyring);
	const addBoard = async (name: string, apiKey: string) => {
		const { id } = await devices.add({
			name,
			mode: 'board',
			environment: 'simulator',
			baseUrl: 'https://platform.test',
			apiKey
		});
		return id;
	};
	const deviceId = (await devices.list())[0]?.id ?? (await addBoard('Counter board', 'board-key'));
	return {
		dataDir,
		store,
		keyring,
		devices,
		deviceId,
		addBoard,
		removeDevice: (id) => devices.remove(id),
		journal: new Journal(store, clock.now, { server, ms: DEFAULT_JOURNAL_LEASE_MS }),
		feed: new OrderFeed(store),
		async reopen() {
			if (store.engine === 'sqlite') {
				opened.delete(store);
				await store.close();
			}
			return reopen();
		}
	};
}

/** What the fake platform does with one call. */
export type Behaviour =
	/** Apply and answer 200 with the order. */
	| 'ok'
	/** 503 SERVICE_UNAVAILABLE, nothing applied. */
	| '503'
	/** 500: nothing applied (the platform crashed before acting). */
	| '500'
	/** 500 after applying (the platform crashed after acting). */
	| '500-applied'
	/** Applied, then the connection is lost (no answer). */
	| 'lost'
	/** Applied, but the answer arrives after the client's time limit. */
	| 'timeout-applied'
	/** No answer within the time limit, nothing applied. */
	| 'timeout'
	/** Refused before sending (connection refused): nothing applied. */
	| 'refused'
	/** That status with an error envelope, nothing applied. */
	| 400
	| 401
	| 403
	| 404;

type Wire = Record<string, any>;

const TRANSITIONS: Record<string, string[]> = {
	APPROVABLE: ['APPROVED', 'REJECTED'],
	APPROVED: ['DONE', 'LEFT'],
	DONE: ['COMPLETED', 'LEFT']
};

/**
 * One order on a fake platform, with spec 2's rules (docs/platform-assumptions.md): status
 * transitions by the table, finalize/cancel-external-payment on UNPAID (a repeat of the same
 * report is a 200). Each kind of call takes its next behaviour from its script (`ok` when the
 * script is used up).
 */
export class FakeOrderPlatform {
	order: Wire;
	readonly calls: RecordedCall[] = [];
	readonly scripts: Record<'read' | 'status' | 'finalize' | 'cancel', Behaviour[]> = {
		read: [],
		status: [],
		finalize: [],
		cancel: []
	};
	/**
	 * Called on every call before it is answered (to look at the store at that moment): the
	 * answer waits for what it returns.
	 */
	onCall: (call: RecordedCall) => void | Promise<void> = () => {};
	readonly client: PlatformClient;

	constructor(overrides: Record<string, unknown> = {}, options: { timeoutMs?: number } = {}) {
		this.order = counterOrder(overrides);
		this.client = createPlatformClient({
			baseUrl: 'https://platform.test',
			apiKey: 'board-key',
			fetch: (input, init) => this.#fetch(String(input), init ?? {}),
			sleep: async () => {},
			random: () => 0.5,
			timeoutMs: options.timeoutMs ?? 50
		});
	}

	/** Calls of a kind, as `METHOD path-tail` (e.g. `PUT status`, `GET order`). */
	get log(): string[] {
		return this.calls.map((call) => {
			const tail = call.url.replace(/^.*\/counter-orders\/[^/]+/, '');
			return `${call.method} ${tail === '' ? 'order' : tail.slice(1)}`;
		});
	}

	count(entry: string): number {
		return this.log.filter((line) => line === entry).length;
	}

	async #fetch(url: string, init: RequestInit): Promise<Response> {
		const call: RecordedCall = {
			url,
			method: init.method ?? 'GET',
			headers: {},
			body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined
		};
		this.calls.push(call);
		await this.onCall(call);
		const kind =
			call.method === 'GET'
				? 'read'
				: (url.match(/\/(status|finalize|cancel)(-|$)/)?.[1] as 'status');
		const behaviour = this.scripts[kind].shift() ?? 'ok';
		const apply = () => this.#apply(kind, call.body as Wire | undefined);
		switch (behaviour) {
			case 'ok':
				return apply();
			case '503':
				return envelope(503, 'SERVICE_UNAVAILABLE');
			case '500':
				return envelope(500, 'INTERNAL');
			case '500-applied':
				apply();
				return envelope(500, 'INTERNAL');
			case 'lost':
				apply();
				throw networkFailure('ECONNRESET');
			case 'timeout-applied':
				apply();
				return this.#hang(init);
			case 'timeout':
				return this.#hang(init);
			case 'refused':
				throw networkFailure('ECONNREFUSED');
			default:
				return envelope(behaviour, `HTTP_${behaviour}`);
		}
	}

	#hang(init: RequestInit): Promise<Response> {
		return new Promise((_, reject) => {
			init.signal?.addEventListener('abort', () => reject(init.signal!.reason), { once: true });
		});
	}

	#apply(kind: 'read' | 'status' | 'finalize' | 'cancel', body: Wire | undefined): Response {
		const order = this.order;
		if (kind === 'status') {
			const to = body!.status as string;
			if (!(TRANSITIONS[order.status] ?? []).includes(to)) {
				return envelope(400, 'INVALID_STATUS_TRANSITION', [order.status, to]);
			}
			order.status = to;
			if (to === 'REJECTED' && body!.rejectionMessage !== undefined) {
				order.rejectionMessage = body!.rejectionMessage;
			}
		} else if (kind === 'finalize' || kind === 'cancel') {
			const target = kind === 'finalize' ? 'PAID_EXTERNALLY' : 'FAILED';
			if (order.transactionStatus !== target) {
				if (
					order.transactionStatus !== 'UNPAID' ||
					['CANCELLED', 'REJECTED'].includes(order.status)
				) {
					return envelope(400, 'INVALID_TRANSACTION_STATUS', [
						order.transactionStatus,
						order.status
					]);
				}
				order.transactionStatus = target;
			}
		}
		return json(structuredClone(order));
	}
}
