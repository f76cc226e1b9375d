/**
 * The order callback address on a device's page in setup (spec 2, Events): what staff enter in
 * the platform's management console so counter orders reach this server. The address carries the
 * device's secret token (counter-orders/callback-tokens.ts): anyone who has it can announce
 * orders, so it is built only here, for that page, which only logged-in staff open — no other
 * page, API answer or log line carries it.
 */
import type { ServerContext } from '../context.ts';
import { callbackUrl } from '../counter-orders/callback-tokens.ts';
import { wireDemoCallbacks } from '../demo-setup.ts';
import type { DeviceRecord } from '../devices/device-repository.ts';
import { featuresOf } from '../devices/platform-view.ts';

export type OrderCallbackContext = Pick<ServerContext, 'config' | 'devices' | 'views'> & {
	counterOrders: Pick<ServerContext['counterOrders'], 'tokens'>;
};

/**
 * A device gets callbacks when its key has the ORDER authority, or when it drives an order
 * board: its identity may not be fetched yet, and staff set the address up with the board.
 */
async function receivesOrderCallbacks(
	context: Pick<ServerContext, 'views'>,
	device: DeviceRecord
): Promise<boolean> {
	return device.mode === 'board' || featuresOf(await context.views.get(device.id)).orderBoard;
}

/**
 * The device's callback address as the platform must call it: the origin this page was opened
 * at (behind a TLS proxy SvelteKit derives it from PROTOCOL_HEADER), or null for a device that
 * gets no callbacks.
 */
export async function orderCallbackAddress(
	context: OrderCallbackContext,
	device: DeviceRecord,
	origin: string
): Promise<string | null> {
	if (!(await receivesOrderCallbacks(context, device))) return null;
	return callbackUrl(origin, await context.counterOrders.tokens.tokenOf(device.id));
}

/**
 * `rotated`; `demo-not-told`: rotated, but the demo simulator (standing in for the platform's
 * console) could not be given the new address, so its orders stop arriving until a restart;
 * `no-callbacks`: the device gets none, nothing changed.
 */
export type RotateOutcome = 'rotated' | 'demo-not-told' | 'no-callbacks';

/** A new address for the device; the old one answers 404 from now on. */
export async function rotateOrderCallback(
	context: OrderCallbackContext,
	device: DeviceRecord
): Promise<RotateOutcome> {
	if (!(await receivesOrderCallbacks(context, device))) return 'no-callbacks';
	await context.counterOrders.tokens.rotate(device.id);
	if (!context.config.demo) return 'rotated';
	try {
		await wireDemoCallbacks(context);
		return 'rotated';
	} catch {
		// The rotation stands (the old address must stop working); the page says what is missing.
		return 'demo-not-told';
	}
}
