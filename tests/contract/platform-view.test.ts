/**
 * The cached platform view of a device: identity and deposit configuration fetched together,
 * features following authorities and configuration state (spec 1 recovery rule 1), and the last
 * good answer kept when a refresh fails.
 */
import { describe, expect, it } from 'vitest';
import { DeviceRepository } from '#lib/server/devices/device-repository.ts';
import { featuresOf, PlatformViewStore } from '#lib/server/devices/platform-view.ts';
import { loadKeyring } from '#lib/server/store/keyring.ts';
import { contractStore } from './contract-store.ts';
import { clientFor } from './client-support.ts';
import { useSimulator } from './harness.ts';

const sim = useSimulator();
/** A store with one device record for the simulator device `simulatorId`. */
async function fresh(simulatorId = 'dev_kiosk_main') {
	const kioskStore = await contractStore();
	const { id } = await new DeviceRepository(
		kioskStore,
		loadKeyring({ dataDir: ':memory:', demo: true })
	).add({
		name: simulatorId,
		environment: 'simulator',
		baseUrl: sim.url,
		mode: 'kiosk',
		apiKey: sim.device(simulatorId).apiKey
	});
	return { store: new PlatformViewStore(kioskStore), id };
}

describe('platform view', () => {
	it('a kiosk with REVO and CREDIT and an active configuration: deposits and loyalty on', async () => {
		const { store, id } = await fresh();
		const view = await store.refresh(id, clientFor(sim, 'dev_kiosk_main'));
		expect(view.identity?.place.name).toBe('Main Stage Bar');
		expect(view.deposits).toBe('active');
		expect(view.depositConfiguration?.hybridRevoTokenProducts).toHaveLength(7);
		expect(featuresOf(view)).toEqual({ deposits: true, loyalty: true, orderBoard: false });
	});

	it('400 HYBRID_REVO_TOKEN_CONFIGURATION_NOT_ENABLED: deposits off, the reason kept', async () => {
		await sim.control('PUT', '/_sim/deposit-configuration', { enabled: false });
		const { store, id } = await fresh();
		const view = await store.refresh(id, clientFor(sim, 'dev_kiosk_main'));
		expect(view.deposits).toBe('off');
		expect(view.depositsError).toBe('400 HYBRID_REVO_TOKEN_CONFIGURATION_NOT_ENABLED');
		expect(featuresOf(view)).toEqual({ deposits: false, loyalty: true, orderBoard: false });
	});

	it('404 (no configuration): deposits off', async () => {
		await sim.control('DELETE', '/_sim/deposit-configurations/org_riverside');
		const { store, id } = await fresh();
		const view = await store.refresh(id, clientFor(sim, 'dev_kiosk_main'));
		expect(view.deposits).toBe('off');
		expect(featuresOf(view).deposits).toBe(false);
	});

	it('a device without REVO does not fetch the configuration; the order board has ORDER', async () => {
		const { store, id } = await fresh('dev_board_main');
		const view = await store.refresh(id, clientFor(sim, 'dev_board_main'));
		expect(view.deposits).toBe('off');
		expect(view.depositsError).toBeNull();
		expect(featuresOf(view)).toEqual({ deposits: false, loyalty: false, orderBoard: true });
	});

	it('a failed refresh keeps the last good identity and configuration and records why', async () => {
		const { store, id } = await fresh();
		await store.refresh(id, clientFor(sim, 'dev_kiosk_main'));
		await sim.control('POST', '/_sim/faults', {
			path: '/v1/integrations/me',
			mode: 'status',
			status: 503,
			count: 10
		});
		const view = await store.refresh(
			id,
			clientFor(sim, 'dev_kiosk_main', { sleep: async () => {} })
		);
		expect(view.identity?.place.name).toBe('Main Stage Bar');
		expect(view.identityError).toBe('503 SERVICE_UNAVAILABLE');
		expect(view.deposits).toBe('active');
		expect(featuresOf(view).deposits).toBe(true);
	});

	it('a device never reached: no identity, no features, deposits unknown', async () => {
		await sim.control('POST', '/_sim/faults', {
			path: '/v1/integrations/me',
			mode: 'status',
			status: 503,
			count: 10
		});
		const { store, id } = await fresh();
		const view = await store.refresh(
			id,
			clientFor(sim, 'dev_kiosk_main', { sleep: async () => {} })
		);
		expect(view.identity).toBeNull();
		expect(view.deposits).toBe('unknown');
		expect(featuresOf(view)).toEqual({ deposits: false, loyalty: false, orderBoard: false });
	});
});
