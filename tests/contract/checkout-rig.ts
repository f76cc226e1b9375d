/**
 * The checkout saga wired as the kiosk server wires it (src/lib/server/context.ts) against a
 * simulator: an in-memory store with one kiosk device, its cached platform view (refreshed once
 * here, as at start-up), the journal, the demo menu and a simulated card terminal with a fixed
 * outcome. Shared by the contract tests and `npm run bench:calls`, so it imports no test runner.
 */
import demoMenu from '#lib/server/catalog/demo-menu.json' with { type: 'json' };
import { importJson } from '#lib/server/catalog/exchange.ts';
import { DEFAULT_ADDITIVES } from '#lib/server/catalog/additives.ts';
import { DeviceRepository } from '#lib/server/devices/device-repository.ts';
import {
	activeDepositConfiguration,
	PlatformViewStore
} from '#lib/server/devices/platform-view.ts';
import { DEFAULT_JOURNAL_LEASE_MS, Journal } from '#lib/server/journal/journal.ts';
import { createPlatformClient, type PlatformClient } from '#lib/server/platform/client.ts';
import { Checkout, type CheckoutSettings } from '#lib/server/sales/checkout.ts';
import { SaleRecovery } from '#lib/server/sales/sale-recovery.ts';
import { SaleRepository } from '#lib/server/sales/sale-repository.ts';
import type { PaymentTerminal } from '#lib/server/terminal/payment-terminal.ts';
import { SimulatedTerminal } from '#lib/server/terminal/simulated-terminal.ts';
import { transact } from '#lib/server/store/after-commit.ts';
import { loadKeyring } from '#lib/server/store/keyring.ts';
import type { Store } from '#lib/server/store/store.ts';
import { contractStore } from './contract-store.ts';

const menu = importJson(JSON.stringify(demoMenu));
if (!menu.ok) throw new Error('demo menu invalid');
/**
 * The demo menu without its age limits: the rig drives the money paths, which an age never
 * changes (the age rule is tried in sales/age-check.spec.ts and tests/contract/age-check.test.ts).
 */
const products = menu.products.map((product) => ({ ...product, minAge: 0 }));

export const DEFAULT_CHECKOUT_SETTINGS: CheckoutSettings = {
	creditPaymentType: 'SPLIT_PAYMENT',
	serviceFeeMinor: 0,
	serviceFeeVatBp: 1900,
	depositVatBp: 0
};

export interface CheckoutRig {
	/** A new store of the project's engine (contract-store.ts). */
	store: Store;
	/** The server the checkout claims sales as; a restarted server is the same one. */
	serverId: string;
	checkout: Checkout;
	journal: Journal;
	sales: SaleRepository;
	terminal: SimulatedTerminal;
	/** The recovery pass as the server runs it (open sales count as unattended after 10 minutes). */
	recovery: SaleRecovery;
	/** What the checkout reads as the venue's settings: change it between sales. */
	settings: CheckoutSettings;
	/** Whether the platform's deposits can be used now (the server learns it: platform-health.ts). */
	depositsUsable: boolean;
	/** Whether the kiosk takes cards (false: no card terminal outside demo): change it between sales. */
	takesCards: boolean;
	/** The kiosk is set to run unattended (devices/unattended.ts). */
	unattended: boolean;
	/** The kiosk device's id in the store. */
	deviceId: string;
	/** The kiosk device's platform client, as the checkout uses it. */
	platform: PlatformClient;
	/** Refreshes the cached identity and deposit configuration (the server does it periodically). */
	refreshView(): Promise<void>;
}

/**
 * `timeoutMs`: the platform client's time limit per attempt (1 s unless told); `reuse`: the
 * store of an earlier rig, as a restarted server finds it (nothing of its memory carried over);
 * `cardTerminal`: the terminal the card is paid on (the simulated one, approving, unless told).
 */
export async function checkoutRig(
	simulator: { url: string; apiKey: string },
	{
		timeoutMs = 1_000,
		reuse,
		cardTerminal
	}: {
		timeoutMs?: number;
		reuse?: CheckoutRig;
		cardTerminal?: (store: Store, deviceId: string) => PaymentTerminal;
	} = {}
): Promise<CheckoutRig> {
	const store = reuse?.store ?? (await contractStore());
	const serverId = reuse?.serverId ?? 'kiosk-server';
	const devices = new DeviceRepository(store, loadKeyring({ dataDir: ':memory:', demo: true }));
	const deviceId =
		reuse?.deviceId ??
		(
			await devices.add({
				name: 'Kiosk',
				environment: 'simulator',
				baseUrl: simulator.url,
				mode: 'kiosk',
				apiKey: simulator.apiKey
			})
		).id;
	const views = new PlatformViewStore(store);
	const platform = createPlatformClient({
		baseUrl: simulator.url,
		apiKey: simulator.apiKey,
		timeoutMs,
		// Short real backoff keeps retries realistic and the runs fast.
		sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 50)))
	});
	const refreshView = async () => {
		await views.refresh(deviceId, platform);
	};
	await refreshView();
	// As the server: held under its own name, so a restarted rig takes up its earlier run's entries.
	const journal = new Journal(store, undefined, { server: serverId, ms: DEFAULT_JOURNAL_LEASE_MS });
	const terminal = new SimulatedTerminal(store, { fixedOutcome: 'approved' });
	const sales = new SaleRepository(store);
	const checkout = new Checkout({
		sales,
		journal,
		platformFor: async () => platform,
		terminal: cardTerminal?.(store, deviceId) ?? terminal,
		takesCards: async () => rig.takesCards,
		unattended: async () => rig.unattended,
		outOfOrder: async () => false,
		depositConfiguration: async (id) => activeDepositConfiguration(await views.get(id)),
		depositsUsable: () => rig.depositsUsable,
		products: async () => products,
		additives: async () => DEFAULT_ADDITIVES,
		settings: async () => rig.settings,
		serverId,
		inTransaction: (work) => transact(store.db, work)
	});
	const rig: CheckoutRig = {
		store,
		serverId,
		journal,
		sales,
		terminal,
		recovery: new SaleRecovery({ checkout, sales, unattendedAfterMs: 10 * 60_000 }),
		settings: { ...DEFAULT_CHECKOUT_SETTINGS },
		depositsUsable: true,
		takesCards: true,
		unattended: false,
		deviceId,
		platform,
		refreshView,
		checkout
	};
	return rig;
}
