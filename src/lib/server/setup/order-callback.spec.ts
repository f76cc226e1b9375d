import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '@venue-kiosk/platform-sim/http-server.ts';
import type { ServerConfig } from '../config.ts';
import { CALLBACK_PATH, CallbackTokens } from '../counter-orders/callback-tokens.ts';
import { DeviceRepository, type DeviceMode } from '../devices/device-repository.ts';
import { PlatformViewStore } from '../devices/platform-view.ts';
import type { PlatformClient } from '../platform/client.ts';
import { externalDevice } from '../platform/testing/fixtures.ts';
import { keyringOf } from '../store/keyring.ts';
import type { Engine, Store } from '../store/store.ts';
import { ENGINES, openTestStore } from '../store/testing/test-stores.ts';
import {
	orderCallbackAddress,
	rotateOrderCallback,
	type OrderCallbackContext
} from './order-callback.ts';

const ORIGIN = 'https://kiosk.example.org';
const keyring = keyringOf('ab'.repeat(32));
const tokenIn = (address: string | null) => address?.split('/').at(-1) ?? '';

const stores: Store[] = [];
afterEach(async () => {
	await Promise.all(stores.splice(0).map((store) => store.close()));
});

/** A store with the tokens, devices and their cached identities the setup page reads. */
async function setUp(engine: Engine, config: Partial<ServerConfig> = {}) {
	const store = await openTestStore(engine);
	stores.push(store);
	const devices = new DeviceRepository(store, keyring);
	const views = new PlatformViewStore(store);
	const tokens = new CallbackTokens(store, keyring);
	const context: OrderCallbackContext = {
		config: { demo: false, baseUrls: {}, port: 3000, ...config } as ServerConfig,
		devices,
		views,
		counterOrders: { tokens }
	};
	let keys = 0;
	const add = async (mode: DeviceMode, authorities: string[] | null, apiKey = `key-${++keys}`) => {
		const device = await devices.add({
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

describe.each(ENGINES)('the order callback address on the device page, on %s', (engine) => {
	it('is the request origin, the callback path and the device token; the same on every visit', async () => {
		const { context, tokens, add } = await setUp(engine);
		const board = await add('board', ['ORDER']);
		const address = await orderCallbackAddress(context, board, ORIGIN);
		expect(address?.startsWith(`${ORIGIN}${CALLBACK_PATH}/`)).toBe(true);
		expect(tokenIn(address)).toMatch(/^[A-Za-z0-9_-]{43}$/);
		expect(await orderCallbackAddress(context, board, ORIGIN)).toBe(address);
		expect(await tokens.deviceOf(tokenIn(address))).toBe(board.id);
		// Behind a proxy the page is opened at the public origin, and so is the address.
		expect(await orderCallbackAddress(context, board, 'http://10.0.0.5:3000/')).toBe(
			`http://10.0.0.5:3000${CALLBACK_PATH}/${tokenIn(address)}`
		);
	});

	it('is shown for a key with ORDER and for a board not fetched yet; not for other devices', async () => {
		const { context, add } = await setUp(engine);
		expect(
			await orderCallbackAddress(context, await add('kiosk', ['KIOSK', 'ORDER']), ORIGIN)
		).not.toBe(null);
		expect(await orderCallbackAddress(context, await add('board', null), ORIGIN)).not.toBe(null);
		expect(
			await orderCallbackAddress(context, await add('kiosk', ['REVO', 'CREDIT']), ORIGIN)
		).toBe(null);
		expect(await orderCallbackAddress(context, await add('return', null), ORIGIN)).toBe(null);
	});
});

describe.each(ENGINES)('rotating the order callback address, on %s', (engine) => {
	let simulator: RunningSimulator | undefined;
	afterEach(async () => {
		await simulator?.close();
		simulator = undefined;
	});

	it('gives a new address; the old token names no device from then on', async () => {
		const { context, tokens, add } = await setUp(engine);
		const board = await add('board', ['ORDER']);
		const before = await orderCallbackAddress(context, board, ORIGIN);
		expect(await rotateOrderCallback(context, board)).toBe('rotated');
		const after = await orderCallbackAddress(context, board, ORIGIN);
		expect(after).not.toBe(before);
		expect(await tokens.deviceOf(tokenIn(before))).toBeUndefined();
		expect(await tokens.deviceOf(tokenIn(after))).toBe(board.id);
	});

	it('changes nothing for a device that gets no callbacks', async () => {
		const { context, tokens, add } = await setUp(engine);
		const kiosk = await add('kiosk', ['REVO']);
		expect(await rotateOrderCallback(context, kiosk)).toBe('no-callbacks');
		expect(await tokens.deviceOf(await tokens.tokenOf(kiosk.id))).toBe(kiosk.id);
	});

	it('in demo mode tells the simulator the new address, as staff would tell the platform', async () => {
		simulator = await startSimulator({ port: 0 });
		const seed = (await (await fetch(`${simulator.url}/_sim/seed`)).json()) as {
			devices: { id: string; apiKey: string }[];
		};
		const boardKey = seed.devices.find((device) => device.id === 'dev_board_main')!.apiKey;
		const { context, add } = await setUp(engine, {
			demo: true,
			baseUrls: { simulator: simulator.url }
		});
		const board = await add('board', ['ORDER'], boardKey);
		expect(await rotateOrderCallback(context, board)).toBe('rotated');
		const token = tokenIn(await orderCallbackAddress(context, board, ORIGIN));
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
		const { context, tokens, add } = await setUp(engine, {
			demo: true,
			baseUrls: { simulator: url }
		});
		const board = await add('board', ['ORDER']);
		const before = tokenIn(await orderCallbackAddress(context, board, ORIGIN));
		expect(await rotateOrderCallback(context, board)).toBe('demo-not-told');
		expect(await tokens.deviceOf(before)).toBeUndefined();
	});

	it('outside demo mode never calls a simulator', async () => {
		// An address nothing listens on: a call would fail and the outcome would say so.
		const { context, add } = await setUp(engine, { baseUrls: { simulator: 'http://127.0.0.1:9' } });
		expect(await rotateOrderCallback(context, await add('board', ['ORDER']))).toBe('rotated');
	});
});
