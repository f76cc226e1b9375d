/**
 * Device identity (spec 1, GET /v1/integrations/me): verifies the key at start-up, tells which
 * features to enable (authorities) and gives the organization and place names for receipts.
 * Cache it and refresh periodically; never fetch it per sale.
 */
import { externalDeviceSchema, type ExternalDevice } from './schemas/identity.ts';
import type { PlatformTransport } from './transport.ts';

export type { ExternalDevice } from './schemas/identity.ts';

/**
 * Error codes of the identity endpoint. 401 (example envelope: AUTHORIZATION) means a wrong key
 * or a disabled device; 400, 403 and 404 carry codes the spec does not show: decide by status.
 */
export const IdentityErrorCode = {
	authorization: 'AUTHORIZATION'
} as const;

export class IdentityResource {
	readonly #transport: PlatformTransport;

	constructor(transport: PlatformTransport) {
		this.#transport = transport;
	}

	/** getExternalDeviceByIntegration — a read: REPEATABLE in the retry table. */
	async getExternalDevice(): Promise<ExternalDevice> {
		return this.#transport.call({
			operation: 'getExternalDeviceByIntegration',
			method: 'GET',
			path: '/v1/integrations/me',
			schema: externalDeviceSchema
		});
	}
}
