import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '#sim/http-server.ts';
import type { ServerConfig } from '../config.ts';
import { CALLBACK_PATH, CallbackTokens } from '../counter-orders/callback-tokens.ts';
import { DeviceRepository, type DeviceMode } from '../devices/device-repository.ts';
import { PlatformViewStore } from '../devices/platform-view.ts';
import type { PlatformClient } from '../platform/client.ts';
import { externalDevice } from '../platform/testing/fixtures.ts';
import { openDatabase } from '../store/database.ts';
import { loadKeyring } from '../store/keyring.ts';
import {
	orderCallbackAddress,
	rotateOrderCallback,
	type OrderCallbackContext
} from './order-callback.ts';

const ORIGIN = 'https://kiosk.example.org';
const tokenIn = (address: string | null) => address?.split('/').at(-1) ?? '';

/** A store with the tokens, devices and their cached identities the setup page reads. */
function setUp(config: Partial<ServerConfig> = {}) {
	const db = openDatabase(':memory:');
	const devices = new DeviceRepository(db, loadKeyring(':memory:', 'ab'.repeat(32)));
	const views = new PlatformViewStore(db);
	const tokens = new CallbackTokens(db);
	const context: OrderCallbackContext = {
		config: { demo: false, baseUrls: {}, port: 3000, ...config } as ServerConfig,
		devices,
		views,
		counterOrders: { tokens }
	};
	let keys = 0;
	const add = async (mode: DeviceMode, authorities: string[] | null, apiKey = `key-${++keys}`) => {
		const device = devices.add({
			name: `${mode} ${keys}`,
			mode,
			environment: 'simulator',
			baseUrl: 'http://127.0.0.1:4010',
			apiKey
		});
		if (authorities) {
			const platform = {
				identity: { getExternalDevice: async () => externalDevice({ authorities }) }
			} as unknown as PlatformClient;
			await views.refresh(device.id, platform);
		}
		return device;
	};
	return { context, tokens, add };
}

describe('the order callback address on the device page', () => {
	it('is the request origin, the callback path and the device token; the same on every visit', async () => {
		const { context, tokens, add } = setUp();
		const board = await add('board', ['ORDER']);
		const address = orderCallbackAddress(context, board, ORIGIN);
		expect(address?.startsWith(`${ORIGIN}${CALLBACK_PATH}/`)).toBe(true);
		expect(tokenIn(address)).toMatch(/^[A-Za-z0-9_-]{43}$/);
		expect(orderCallbackAddress(context, board, ORIGIN)).toBe(address);
		expect(tokens.deviceOf(tokenIn(address))).toBe(board.id);
		// Behind a proxy the page is opened at the public origin, and so is the address.
		expect(orderCallbackAddress(context, board, 'http://10.0.0.5:3000/')).toBe(
			`http://10.0.0.5:3000${CALLBACK_PATH}/${tokenIn(address)}`
		);
	});

	it('is shown for a key with ORDER and for a board not fetched yet; not for other devices', async () => {
		const { context, add } = setUp();
		expect(orderCallbackAddress(context, await add('kiosk', ['KIOSK', 'ORDER']), ORIGIN)).not.toBe(
			null
		);
		expect(orderCallbackAddress(context, await add('board', null), ORIGIN)).not.toBe(null);
		expect(orderCallbackAddress(context, await add('kiosk', ['REVO', 'CREDIT']), ORIGIN)).toBe(
			null
		);
		expect(orderCallbackAddress(context, await add('return', null), ORIGIN)).toBe(null);
	});
});

describe('rotating the order callback address', () => {
	let simulator: RunningSimulator | undefined;
	afterEach(async () => {
		await simulator?.close();
		simulator = undefined;
	});

	it('gives a new address; the old token names no device from then on', async () => {
		const { context, tokens, add } = setUp();
		const board = await add('board', ['ORDER']);
		const before = orderCallbackAddress(context, board, ORIGIN);
		expect(await rotateOrderCallback(context, board)).toBe('rotated');
		const after = orderCallbackAddress(context, board, ORIGIN);
		expect(after).not.toBe(before);
		expect(tokens.deviceOf(tokenIn(before))).toBeUndefined();
		expect(tokens.deviceOf(tokenIn(after))).toBe(board.id);
	});

	it('changes nothing for a device that gets no callbacks', async () => {
		const { context, tokens, add } = setUp();
		const kiosk = await add('kiosk', ['REVO']);
		expect(await rotateOrderCallback(context, kiosk)).toBe('no-callbacks');
		expect(tokens.deviceOf(tokens.tokenOf(kiosk.id))).toBe(kiosk.id);
	});

	it('in demo mode tells the simulator the new address, as staff would tell the platform', async () => {
		simulator = await startSimulator({ port: 0 });
		const seed = (await (await fetch(`${simulator.url}/_sim/seed`)).json()) as {
			devices: { id: string; apiKey: string }[];
		};
		const boardKey = seed.devices.find((device) => device.id === 'dev_board_main')!.apiKey;
		const { context, add } = setUp({ demo: true, baseUrls: { simulator: simulator.url } });
		const board = await add('board', ['ORDER'], boardKey);
		expect(await rotateOrderCallback(context, board)).toBe('rotated');
		const token = tokenIn(orderCallbackAddress(context, board, ORIGIN));
		// The simulator calls this server on the loopback address, whatever origin staff use.
		expect(simulator.sim.state.callbackUrls.get('dev_board_main')).toBe(
			`http://127.0.0.1:3000${CALLBACK_PATH}/${token}`
		);
	});

	it('in demo mode still rotates when the simulator cannot be told, and says so', async () => {
		simulator = await startSimulator({ port: 0 });
		const url = simulator.url;
		await simulator.close();
		simulator = undefined;
		const { context, tokens, add } = setUp({ demo: true, baseUrls: { simulator: url } });
		const board = await add('board', ['ORDER']);
		const before = tokenIn(orderCallbackAddress(context, board, ORIGIN));
		expect(await rotateOrderCallback(context, board)).toBe('demo-not-told');
		expect(tokens.deviceOf(before)).toBeUndefined();
	});

	it('outside demo mode never calls a simulator', async () => {
		// An address nothing listens on: a call would fail and the outcome would say so.
		const { context, add } = setUp({ baseUrls: { simulator: 'http://127.0.0.1:9' } });
		expect(await rotateOrderCallback(context, await add('board', ['ORDER']))).toBe('rotated');
	});
});
