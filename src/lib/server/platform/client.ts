/**
 * The typed platform client (stripe-node style): one object per API key, one resource per
 * family of the spec. Server-only: the API key never leaves this process.
 *
 *   const platform = createPlatformClient({ baseUrl, apiKey });
 *   const device = await platform.identity.getExternalDevice();
 */
import { CounterOrdersResource } from './counter-orders.ts';
import { CreditsResource } from './credits.ts';
import { DepositsResource } from './deposits.ts';
import { IdentityResource } from './identity.ts';
import { PlatformTransport, type TransportOptions } from './transport.ts';

export interface PlatformClientOptions {
	/** The platform's {base_url} (sandbox or production, or the simulator). */
	baseUrl: string;
	/** The device's API key (sent as X-API-Key). */
	apiKey: string;
	/** Per attempt; default 10 000 ms. */
	timeoutMs?: number;
	fetch?: typeof fetch;
	/** Waits between retries (tests make it instant). */
	sleep?: (ms: number) => Promise<void>;
	/** Jitter source in [0, 1). */
	random?: () => number;
	/** Told how each call ended (platform-health.ts). */
	observe?: TransportOptions['observe'];
}

export interface PlatformClient {
	readonly identity: IdentityResource;
	readonly deposits: DepositsResource;
	readonly credits: CreditsResource;
	readonly counterOrders: CounterOrdersResource;
}

/** The client of one of this server's devices (built from its sealed key, read from the store). */
export type PlatformFor = (deviceId: string) => Promise<PlatformClient>;

export function createPlatformClient(options: PlatformClientOptions): PlatformClient {
	const transportOptions: TransportOptions = { ...options };
	const transport = new PlatformTransport(transportOptions);
	return Object.freeze({
		identity: new IdentityResource(transport),
		deposits: new DepositsResource(transport),
		credits: new CreditsResource(transport),
		counterOrders: new CounterOrdersResource(transport)
	});
}
