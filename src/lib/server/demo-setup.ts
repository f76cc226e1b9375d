/**
 * Demo mode (`npm start` with the embedded simulator): set up the simulator's main-stage devices
 * (ordering kiosk, return station, order board, pickup screen — each screen the store lacks),
 * the demo menu and its pictures, a staff and a manager password, a screen-exit PIN and the kiosk's suggestion
 * before paying, so the first screen a newcomer opens works; and, on every start, tell the
 * simulator the order board's callback address (what staff enter in the platform's management
 * console), so an order placed on the guest phone page reaches the board. Never runs against a
 * real platform.
 */
import { z } from 'zod';
import demoMenu from './catalog/demo-menu.json' with { type: 'json' };
import { addDemoPictures } from './catalog/demo-pictures.ts';
import { importJson } from './catalog/exchange.ts';
import { venueNames, venueNamesSetting } from './catalog/menu-names.ts';
import type { ServerContext } from './context.ts';
import { callbackUrl } from './counter-orders/callback-tokens.ts';
import {
	DuplicateDeviceKeyError,
	type DeviceMode,
	type DeviceRecord
} from './devices/device-repository.ts';
import { kioskSettingsSaved, KIOSK_DEFAULTS, saveKioskSettings } from './sales/kiosk-settings.ts';
import { hasScreenPin, setScreenPin } from './setup/screen-pin.ts';

/** Demo-only credentials, shown on the home page in demo mode (never used with a real platform). */
export const DEMO_STAFF_PASSWORD = 'kiosk-demo';
export const DEMO_MANAGER_PASSWORD = 'kiosk-manager';
export const DEMO_EXIT_PIN = '1234';
/** What the demo kiosk suggests before paying: a pretzel goes with every drink. */
const DEMO_SUGGESTION = 'food_pretzel';

/** The simulator's seed devices that demo mode pairs, by screen. */
const DEMO_DEVICES: { simulatorId: string; mode: DeviceMode }[] = [
	{ simulatorId: 'dev_kiosk_main', mode: 'kiosk' },
	{ simulatorId: 'dev_return_main', mode: 'return' },
	{ simulatorId: 'dev_board_main', mode: 'board' },
	{ simulatorId: 'dev_info_main', mode: 'pickup' }
];

const seedSchema = z.object({
	devices: z.array(z.object({ id: z.string(), name: z.string(), apiKey: z.string() }))
});

export async function setUpDemo(context: ServerContext): Promise<void> {
	const simulatorUrl = context.config.baseUrls.simulator;
	if (!context.config.demo || !simulatorUrl) return;
	const seed = await simulatorSeed(simulatorUrl);
	// Each screen once: a store from before a screen existed gets it too.
	const modes = new Set((await context.devices.list()).map((device) => device.mode));
	for (const { simulatorId, mode } of DEMO_DEVICES) {
		if (modes.has(mode)) continue;
		const device = seed.devices.find((candidate) => candidate.id === simulatorId);
		if (!device) throw new Error(`the simulator seed has no ${simulatorId}`);
		try {
			await context.devices.add({
				name: device.name,
				environment: 'simulator',
				baseUrl: simulatorUrl,
				mode,
				apiKey: device.apiKey
			});
		} catch (error) {
			// Another server sharing the store added it as both started.
			if (!(error instanceof DuplicateDeviceKeyError)) throw error;
		}
	}
	await wireDemoCallbacks(context);
	if (!(await context.staff.isSet()))
		await context.staff.create(DEMO_STAFF_PASSWORD, DEMO_MANAGER_PASSWORD);
	// A demo store from before roles: its manager password too, as the home page shows it.
	else if (!(await context.staff.hasManagerPassword()))
		await context.staff.setPassword('manager', DEMO_MANAGER_PASSWORD);
	if (!(await hasScreenPin(context.settings))) await setScreenPin(context.settings, DEMO_EXIT_PIN);
	if (await context.catalog.isEmpty()) {
		const menu = importJson(JSON.stringify(demoMenu));
		if (!menu.ok) throw new Error(`demo menu invalid: ${menu.problems.join('; ')}`);
		// Its category names as staff would give them; names staff gave already stay.
		const stored = await venueNames(context.settings);
		const names = {
			...stored,
			categories: { ...menu.names.categories, ...stored.categories }
		};
		await context.settings.setWith(venueNamesSetting(context.settings).entry(names), (db) =>
			context.catalog.replaceAll(menu.products, db)
		);
	}
	await addDemoPictures(context.catalog, context.pictures);
	if (!(await kioskSettingsSaved(context.settings)))
		await saveKioskSettings(context.settings, {
			...KIOSK_DEFAULTS,
			suggestedProductId: DEMO_SUGGESTION
		});
}

async function simulatorSeed(simulatorUrl: string): Promise<z.output<typeof seedSchema>> {
	const response = await fetch(`${simulatorUrl}/_sim/seed`, {
		signal: AbortSignal.timeout(5_000)
	});
	return seedSchema.parse(await response.json());
}

/**
 * Points the simulator's callbacks for each demo board device at this server: on every start
 * (the simulator may have restarted and forgotten them) and after staff rotated an address (the
 * simulator stands in for the platform's management console, where staff would enter it).
 * Only in demo mode: never against a real platform.
 */
export async function wireDemoCallbacks(
	context: Pick<ServerContext, 'config' | 'devices'> & {
		counterOrders: Pick<ServerContext['counterOrders'], 'tokens'>;
	}
): Promise<void> {
	const simulatorUrl = context.config.baseUrls.simulator;
	if (!context.config.demo || !simulatorUrl) return;
	const seed = await simulatorSeed(simulatorUrl);
	const origin = context.config.callbackOrigin ?? `http://127.0.0.1:${context.config.port}`;
	for (const { simulatorId } of DEMO_DEVICES.filter((demo) => demo.mode === 'board')) {
		const apiKey = seed.devices.find((device) => device.id === simulatorId)?.apiKey;
		let local: DeviceRecord | undefined;
		for (const device of await context.devices.list()) {
			if ((await context.devices.apiKeyOf(device.id)) === apiKey) local = device;
		}
		if (!local) continue; // removed by staff
		const url = callbackUrl(origin, await context.counterOrders.tokens.tokenOf(local.id));
		const answer = await fetch(`${simulatorUrl}/_sim/callback-url`, {
			method: 'PUT',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ url, deviceId: simulatorId }),
			signal: AbortSignal.timeout(5_000)
		});
		if (!answer.ok)
			throw new Error(`the simulator refused the callback address (${answer.status})`);
	}
}
