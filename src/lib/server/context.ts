/**
 * The server's long-lived parts, wired once at start-up (hooks.server.ts `init`): the store and
 * what lives in it, the key ring, and a platform client per device built on demand from the
 * sealed key. Routes reach it through `serverContext()`.
 */
import { hostname } from 'node:os';
import { AttemptLimiter } from './auth/rate-limit.ts';
import { SessionStore } from './auth/sessions.ts';
import { StaffCredentials } from './auth/staff-credentials.ts';
import { CatalogRepository } from './catalog/catalog-repository.ts';
import type { ServerConfig } from './config.ts';
import { DeviceRepository } from './devices/device-repository.ts';
import { activeDepositConfiguration, PlatformViewStore } from './devices/platform-view.ts';
import { Journal } from './journal/journal.ts';
import { boardSettings } from './orders/board-settings.ts';
import { CounterOrders } from './counter-orders/counter-orders.ts';
import { announcePaidSale, KioskOrders } from './orders/kiosk-orders.ts';
import { OrderBoard } from './orders/order-board.ts';
import { OrderFeed } from './orders/order-feed.ts';
import { resolveOpenEntries, type ResolutionSummary } from './journal/resolver.ts';
import { createPlatformClient, type PlatformClient } from './platform/client.ts';
import { PlatformHealth } from './platform/platform-health.ts';
import { KnownPlaces } from './devices/known-places.ts';
import { ReturnDesk } from './returns/return-desk.ts';
import { returnSettings } from './returns/return-settings.ts';
import { Checkout } from './sales/checkout.ts';
import { findIssuedDeposit } from './sales/issued-deposits.ts';
import { checkoutSettings } from './sales/kiosk-settings.ts';
import { SaleRecovery, type RecoverySummary } from './sales/sale-recovery.ts';
import { SaleRepository } from './sales/sale-repository.ts';
import { SimulatedTerminal } from './sales/terminal.ts';
import { checkScreenPin } from './setup/screen-pin.ts';
import { Settings } from './settings.ts';
import type { Database } from './store/database.ts';
import { openSqliteStore } from './store/sqlite-store.ts';
import type { Store } from './store/store.ts';
import { loadKeyring } from './store/keyring.ts';

/**
 * The boards and pickup screens hear of changes at most four times a second: a burst of
 * callbacks makes a few reads of the board, not one per order; a single change goes out at once.
 */
const ORDER_FEED_SPACING_MS = 250;

export interface ServerContext {
	config: ServerConfig;
	/** The store, on SQLite or PostgreSQL (issue 12). */
	store: Store;
	/** SQLite's connection itself, for the repositories not yet moved onto `store`. */
	db: Database;
	devices: DeviceRepository;
	views: PlatformViewStore;
	sessions: SessionStore;
	staff: StaffCredentials;
	loginAttempts: AttemptLimiter;
	journal: Journal;
	catalog: CatalogRepository;
	settings: Settings;
	/** The guest sales of the ordering kiosks. */
	checkout: Checkout;
	sales: SaleRepository;
	/** The card terminal; the simulated one is answered from the kiosk screen. */
	terminal: SimulatedTerminal;
	/** The kiosks' paid orders on the order board. */
	kioskOrders: KioskOrders;
	/** Tells the open boards that something changed. */
	orderFeed: OrderFeed;
	/** The platform's app orders (spec 2): callbacks, staff steps, desks. */
	counterOrders: CounterOrders;
	/** App and kiosk orders of a place in one queue, for boards and pickup screens. */
	orderBoard: OrderBoard;
	places: KnownPlaces;
	/** The container returns of the return stations. */
	returns: ReturnDesk;
	/** A client speaking with the device's own key; the key never leaves the server. */
	platformFor(deviceId: string): PlatformClient;
	/** Which parts of the platform the screens can use now (from how its calls went). */
	platformHealth: PlatformHealth;
	/** Refreshes every device's platform view now. */
	refreshAll(): Promise<void>;
	/** Resolves open journal outcomes (on start-up, periodically, and from diagnostics). */
	resolveJournal(): Promise<ResolutionSummary>;
	/** Takes unfinished sales to their end (on start-up and every few seconds). */
	recoverSales(): Promise<RecoverySummary>;
	close(): void;
}

export function createServerContext(config: ServerConfig): ServerContext {
	const store = openSqliteStore(config.dataDir);
	const db = store.database;
	const devices = new DeviceRepository(db, loadKeyring(config.dataDir, config.kioskSecret));
	const views = new PlatformViewStore(db);
	const platformHealth = new PlatformHealth({
		pauseMs: config.platformPauseMs,
		// The deposit configuration of a REVO device, read again (spec 1: refreshed periodically).
		probeDeposits: async () => {
			const device = devices
				.list()
				.find((candidate) => views.get(candidate.id).identity?.authorities.includes('REVO'));
			if (device) await views.refresh(device.id, platformFor(device.id));
		}
	});
	const platformFor = (deviceId: string) => {
		const device = devices.get(deviceId);
		if (!device) throw new Error(`no device ${deviceId}`);
		return createPlatformClient({
			baseUrl: device.baseUrl,
			apiKey: devices.apiKeyOf(deviceId),
			timeoutMs: config.platformTimeoutMs,
			observe: (operation, error) => platformHealth.observe(operation, error)
		});
	};
	const refreshAll = async () => {
		await Promise.all(
			devices.list().map((device) => views.refresh(device.id, platformFor(device.id)))
		);
	};
	const journal = new Journal(db);
	const settings = new Settings(db);
	const catalog = new CatalogRepository(db);
	const terminal = new SimulatedTerminal(store);
	const orderFeed = new OrderFeed(db, ORDER_FEED_SPACING_MS);
	const sales = new SaleRepository(store, { onSaved: (sale) => announcePaidSale(orderFeed, sale) });
	const places = new KnownPlaces(devices, views);
	const kioskOrders = new KioskOrders({ db, places, sales, feed: orderFeed });
	const counterOrders = new CounterOrders({
		db,
		journal,
		views,
		places,
		feed: orderFeed,
		platformFor,
		reconcileMs: config.orderReconcileMs
	});
	const orderBoard = new OrderBoard({
		places,
		views,
		appOrders: counterOrders.orders,
		outbox: counterOrders.outbox,
		inbox: counterOrders.inbox,
		kioskOrders,
		desks: counterOrders.desks,
		health: counterOrders.health,
		productNames: () => catalog.names(),
		settings: () => boardSettings(settings)
	});
	const checkout = new Checkout({
		sales,
		journal,
		platformFor,
		terminal,
		depositConfiguration: (deviceId) => activeDepositConfiguration(views.get(deviceId)),
		depositsUsable: () => platformHealth.parts().deposits,
		products: () => catalog.list({ availableOnly: true }),
		settings: () => checkoutSettings(settings),
		// One kiosk server per host and port: a restart takes up its own payments at once.
		serverId: `${hostname()}:${config.port}`
	});
	const loginAttempts = new AttemptLimiter();
	const returns = new ReturnDesk({
		journal,
		platformFor,
		issuedHere: (code) => findIssuedDeposit(sales, code),
		placeName: (placeId) => places.nameOf(placeId),
		placeOfDevice: (deviceId) => places.placeOf(deviceId)?.name ?? null,
		settings: () => returnSettings(settings),
		checkPin: (pin, client) => checkScreenPin(loginAttempts, settings, pin, client)
	});
	const resolveJournal = () =>
		resolveOpenEntries(
			journal,
			(deviceId) => (devices.get(deviceId) ? platformFor(deviceId) : undefined),
			async (entry) =>
				(await checkout.owns(entry.reference)) ||
				counterOrders.ownsJournalReference(entry.reference)
		);
	const recovery = new SaleRecovery({
		checkout,
		sales,
		unattendedAfterMs: config.unattendedSaleMs
	});
	const recoverSales = () => recovery.run();
	const timer = setInterval(() => {
		void refreshAll();
		void resolveJournal();
	}, config.refreshIntervalMs);
	timer.unref();
	const recoveryTimer = setInterval(() => void recoverSales(), config.recoveryIntervalMs);
	recoveryTimer.unref();
	counterOrders.start();
	return {
		config,
		store,
		db,
		devices,
		views,
		sessions: new SessionStore(db),
		staff: new StaffCredentials(db, config.staffPassword),
		loginAttempts,
		journal,
		catalog,
		settings,
		checkout,
		sales,
		terminal,
		kioskOrders,
		orderFeed,
		counterOrders,
		orderBoard,
		places,
		returns,
		platformFor,
		platformHealth,
		refreshAll,
		resolveJournal,
		recoverSales,
		close() {
			orderFeed.close();
			clearInterval(timer);
			clearInterval(recoveryTimer);
			counterOrders.stop();
			void store.close();
		}
	};
}

let current: ServerContext | undefined;

export function setServerContext(context: ServerContext): void {
	current = context;
}

export function serverContext(): ServerContext {
	if (!current) throw new Error('the server context is not initialised (hooks.server.ts init)');
	return current;
}
