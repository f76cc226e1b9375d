/**
 * A kiosk server's context as the server wires it (context.ts), over a store of its own, with the
 * main stage's kiosk paired against the simulator — and its JSON API's route handlers called as
 * the paired screen calls them. Each server opened in a test is closed, and its data removed,
 * after it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import demoMenu from '#lib/server/catalog/demo-menu.json' with { type: 'json' };
import { importJson } from '#lib/server/catalog/exchange.ts';
import { loadServerConfig } from '#lib/server/config.ts';
import { createServerContext, setServerContext, type ServerContext } from '#lib/server/context.ts';
import type { Harness } from './harness.ts';

/** Outside demo mode the secret is required (store/keyring.ts). */
export const KIOSK_SECRET = 'ab'.repeat(32);

export interface KioskServerOptions {
	/** The environment beside DATA_DIR and KIOSK_SECRET. */
	env?: Record<string, string>;
	/** With the demo menu in the catalog (false: the test puts a menu there itself). */
	menu?: boolean;
}

/** Opens kiosk servers for the tests of one file (call at its top level). */
export function useKioskServers(sim: Harness) {
	const opened: { context: ServerContext; dataDir: string }[] = [];
	afterEach(async () => {
		for (const { context, dataDir } of opened.splice(0)) {
			await context.close();
			rmSync(dataDir, { recursive: true, force: true });
		}
	});
	return async ({ env = {}, menu = true }: KioskServerOptions = {}) => {
		const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-server-'));
		const context = await createServerContext(
			loadServerConfig({ DATA_DIR: dataDir, KIOSK_SECRET, ...env })
		);
		opened.push({ context, dataDir });
		setServerContext(context);
		if (menu) {
			const demo = importJson(JSON.stringify(demoMenu));
			if (!demo.ok) throw new Error('demo menu invalid');
			await context.catalog.replaceAll(demo.products);
		}
		const device = await context.devices.add({
			name: 'Main Stage Kiosk',
			environment: 'custom',
			baseUrl: sim.url,
			mode: 'kiosk',
			apiKey: sim.device('dev_kiosk_main').apiKey
		});
		await context.refreshAll();
		return { context, deviceId: device.id };
	};
}

/**
 * A request of the paired kiosk's screen to a route handler (a GET without `body`), answered as
 * JSON; SvelteKit's error() is answered with its status and body.
 */
export async function callAsKiosk(
	handler: (event: never) => Response | Promise<Response>,
	deviceId: string,
	{ id, body }: { id?: string; body?: unknown } = {}
) {
	const event = {
		params: { id },
		locals: { screenDeviceId: deviceId, staff: null },
		request: new Request('http://kiosk.test/api/kiosk', {
			method: body === undefined ? 'GET' : 'POST',
			headers: { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body)
		})
	} as never;
	try {
		const response = await handler(event);
		return { status: response.status, body: await response.json() };
	} catch (thrown) {
		const { status, body: message } = thrown as { status: number; body: unknown };
		return { status, body: message };
	}
}
