/**
 * The server's long-lived parts, wired once at start-up (hooks.server.ts `init`): the store and
 * what lives in it, the key ring, and a platform client per device built on demand from the
 * sealed key. Routes reach it through `serverContext()`. At start the store's secrets are brought
 * to this secret (fingerprints, callback tokens sealed before); periodic jobs keep the platform
 * view fresh, settle the journal and unfinished sales, and prune what is kept no longer.
 */
import { NO_AGE } from '#lib/shared/age-limits.ts';
import { counterOrderKey } from './counter-orders/counter-order-card.ts';
import { appOrderAge, IdChecks } from './orders/id-checks.ts';
import { isUnattended } from './devices/unattended.ts';
import { hostname } from 'node:os';
import { version } from '$app/env';
import { AuditLog } from './audit/audit-log.ts';
import { AttemptThrottle } from './auth/attempt-throttle.ts';
import { LoginAttempts } from './auth/login-attempts.ts';
import { SetupCode } from './auth/setup-code.ts';
import { SessionStore } from './auth/sessions.ts';
import { StaffCredentials } from './auth/staff-credentials.ts';
import { CatalogRepository } from './catalog/catalog-repository.ts';
import { venueAdditives } from './catalog/additives.ts';
import { venueNames } from './catalog/menu-names.ts';
import { ProductImageRepository } from './catalog/product-image-repository.ts';
import { ProductPictures } from './catalog/product-pictures.ts';
import type { ServerConfig } from './config.ts';
import { DeviceRepository } from './devices/device-repository.ts';
import { activeDepositConfiguration, PlatformViewStore } from './devices/platform-view.ts';
import { Journal } from './journal/journal.ts';
import { Fleet } from './fleet/fleet.ts';
import { HeartbeatRepository } from './fleet/heartbeat-repository.ts';
import { boardSettings } from './orders/board-settings.ts';
import { CounterOrders } from './counter-orders/counter-orders.ts';
import { announcePaidSale, KioskOrders } from './orders/kiosk-orders.ts';
import { OrderBoard } from './orders/order-board.ts';
import { OrderFeed } from './orders/order-feed.ts';
import { MenuFeed } from './catalog/menu-feed.ts';
import { resolveOpenEntries, type ResolutionSummary } from './journal/resolver.ts';
import { createPlatformClient, type PlatformFor } from './platform/client.ts';
import { PlatformHealth } from './platform/platform-health.ts';
import { KnownPlaces } from './devices/known-places.ts';
import { SaleRefunds } from './refunds/sale-refunds.ts';
import { ReturnDesk } from './returns/return-desk.ts';
import { returnSettings } from './returns/return-settings.ts';
import { Checkout } from './sales/checkout.ts';
import { findIssuedDeposit } from './sales/issued-deposits.ts';
import { checkoutSettings } from './sales/kiosk-settings.ts';
import { SaleRecovery, type RecoverySummary } from './sales/sale-recovery.ts';
import { SaleRepository } from './sales/sale-repository.ts';
import { NetworkPrinter } from './printer/network-printer.ts';
import { ReceiptPrinting } from './printer/receipt-printing.ts';
import { SimulatedTerminal } from './terminal/simulated-terminal.ts';
import { KioskTerminals } from './terminal/kiosk-terminals.ts';
import { PlaceMediaCache } from './screens/place-media-cache.ts';
import { checkScreenPin } from './setup/screen-pin.ts';
import { Settings } from './settings.ts';
import { metricsGuard, type MetricsGuard } from './metrics/metrics-access.ts';
import { countEndedSale } from './metrics/sale-metrics.ts';
import { registerServerGauges } from './metrics/server-gauges.ts';
import { transact } from './store/after-commit.ts';
import { JobLeases } from './store/job-leases.ts';
import { StoreLocks } from './store/store-locks.ts';
import { loadKeyring } from './store/keyring.ts';
import { openStore } from './store/open-store.ts';
import { pruneStore, RETENTION_INTERVAL_MS } from './store/retention.ts';
import type { Store } from './store/store.ts';
import { log, messageOf } from './logging/logger.ts';

/**
 * The boards and pickup screens hear of changes at most four times a second: a burst of
 * callbacks makes a few reads of the board, not one per order; a single change goes out at once.
 */
const ORDER_FEED_SPACING_MS = 250;

export interface ServerContext {
	config: ServerConfig;
	/** The store: SQLite, or PostgreSQL shared by several servers (docs/server.md). */
	store: Store;
	/** Names this server among those sharing the store (its leases and claims). */
	serverId: string;
	devices: DeviceRepository;
	views: PlatformViewStore;
	sessions: SessionStore;
	staff: StaffCredentials;
	/** Wrong passwords and PINs, counted per source, name and screen: growing waits. */
	loginAttempts: LoginAttempts;
	/** The first run's one-time code, printed in the log while no password exists. */
	setupCode: SetupCode;
	/** Who changed which setting and who refunded what (docs/back-office.md, The audit log). */
	audit: AuditLog;
	journal: Journal;
	catalog: CatalogRepository;
	/** Tells the ordering kiosks that the menu changed (a product sold out or back). */
	menuFeed: MenuFeed;
	/** The menu's stored pictures, served under /media/products. */
	productImages: ProductImageRepository;
	/** Stores and removes a product's picture together with its `image` field. */
	pictures: ProductPictures;
	/** The places' pictures and clips from the platform, served under /media/place. */
	placeMedia: PlaceMediaCache;
	settings: Settings;
	/** The guest sales of the ordering kiosks. */
	checkout: Checkout;
	sales: SaleRepository;
	/**
	 * Demo mode's simulated card terminal, answered from the kiosk screen (a kiosk without a ZVT
	 * one); null outside demo, where such a kiosk takes no cards.
	 */
	terminal: SimulatedTerminal | null;
	/** Each kiosk's card terminal: its ZVT terminal, the simulated one in demo mode, or none. */
	terminals: KioskTerminals;
	/** The kiosks' paid orders on the order board. */
	kioskOrders: KioskOrders;
	/** The ID checks staff recorded on the board (age-restricted orders). */
	idChecks: IdChecks;
	/** Tells the open boards that something changed. */
	orderFeed: OrderFeed;
	/** The platform's counter orders (spec 2): callbacks, staff steps, desks. */
	counterOrders: CounterOrders;
	/** App and kiosk orders of a place in one queue, for boards and pickup screens. */
	orderBoard: OrderBoard;
	places: KnownPlaces;
	/** The container returns of the return stations. */
	returns: ReturnDesk;
	/** Staff refunds of paid sales: credits (spec 3) and the card (docs/back-office.md, Refunds). */
	refunds: SaleRefunds;
	/** The kiosks' receipt printers (docs/printer.md): receipts, test pages, their state. */
	printing: ReceiptPrinting;
	/** A client speaking with the device's own key; the key never leaves the server. */
	platformFor: PlatformFor;
	/** Which parts of the platform the screens can use now (from how its calls went). */
	platformHealth: PlatformHealth;
	/** Who may read /metrics (METRICS_TOKEN, METRICS_ALLOW). */
	metricsAccess: MetricsGuard;
	/** The screens' heartbeats, the fleet page and its remote actions (fleet/fleet.ts). */
	fleet: Fleet;
	/** Refreshes every device's platform view now. */
	refreshAll(): Promise<void>;
	/** Resolves open journal outcomes (on start-up, periodically, and from diagnostics). */
	resolveJournal(): Promise<ResolutionSummary>;
	/** Takes unfinished sales to their end (on start-up and every few seconds). */
	recoverSales(): Promise<RecoverySummary>;
	close(): Promise<void>;
}

export async function createServerContext(config: ServerConfig): Promise<ServerContext> {
	const store = await openStore(config);
	// One kiosk server per host and port: a restart takes up its own payments and leases at once;
	// another server waits until they lapse.
	const serverId = `${hostname()}:${config.port}`;
	const keyring = loadKeyring(config);
	const devices = new DeviceRepository(store, keyring);
	await devices.refreshFingerprints();
	const views = new PlatformViewStore(store);
	const platformHealth = new PlatformHealth({
		pauseMs: config.platformPauseMs,
		// The deposit configuration of a REVO device, read again (spec 1: refreshed periodically).
		probeDeposits: async () => {
			for (const device of await devices.list()) {
				if ((await views.get(device.id)).identity?.authorities.includes('REVO')) {
					await views.refresh(device.id, await platformFor(device.id));
					return;
				}
			}
		}
	});
	const platformFor: PlatformFor = async (deviceId) => {
		const { baseUrl, apiKey } = await devices.platformAccessOf(deviceId);
		return createPlatformClient({
			baseUrl,
			apiKey,
			timeoutMs: config.platformTimeoutMs,
			observe: (operation, error) => platformHealth.observe(operation, error)
		});
	};
	const refreshAll = async () => {
		const all = await devices.list();
		await Promise.all(
			all.map(async (device) => views.refresh(device.id, await platformFor(device.id)))
		);
	};
	const journal = new Journal(store, undefined, { server: serverId, ms: config.leaseMs });
	const settings = new Settings(store);
	const catalog = new CatalogRepository(store);
	const productImages = new ProductImageRepository(store);
	const terminal = config.demo ? new SimulatedTerminal(store) : null;
	const terminals = new KioskTerminals({ store, settings, simulated: terminal });
	const orderFeed = new OrderFeed(store, ORDER_FEED_SPACING_MS);
	const menuFeed = new MenuFeed(store);
	const sales = new SaleRepository(store, {
		onSaved: (sale) => {
			announcePaidSale(orderFeed, sale);
			countEndedSale(sale);
		}
	});
	const places = new KnownPlaces(devices, views);
	const idChecks = new IdChecks(store);
	/** The menu's ages by product id: app orders are checked by the products the menu knows. */
	const productAges = async () =>
		new Map((await catalog.list()).map((product) => [product.id, product.minAge]));
	const kioskOrders = new KioskOrders({ store, places, sales, feed: orderFeed, idChecks });
	const counterOrders = new CounterOrders({
		store,
		keyring,
		journal,
		views,
		places,
		feed: orderFeed,
		platformFor,
		reconcileMs: config.orderReconcileMs,
		idCheckPending: async (order) => {
			if (appOrderAge(order.items, await productAges()) === NO_AGE) return false;
			const key = counterOrderKey(order.id);
			return !(await idChecks.checked([key])).has(key);
		}
	});
	await counterOrders.tokens.sealUnsealed();
	await sales.keepReportColumns();
	const orderBoard = new OrderBoard({
		places,
		views,
		counterOrders: counterOrders.orders,
		outbox: counterOrders.outbox,
		inbox: counterOrders.inbox,
		kioskOrders,
		desks: counterOrders.desks,
		health: counterOrders.health,
		productNames: () => catalog.names(),
		productAges,
		idChecks,
		containerNames: async () => (await venueNames(settings)).containers,
		settings: () => boardSettings(settings)
	});
	const heartbeats = new HeartbeatRepository(store);
	const checkout = new Checkout({
		sales,
		journal,
		platformFor,
		terminal: terminals,
		takesCards: async (deviceId) => (await terminals.cardTerminalOf(deviceId)) !== null,
		unattended: (deviceId) => isUnattended(settings, deviceId),
		depositConfiguration: async (deviceId) => activeDepositConfiguration(await views.get(deviceId)),
		depositsUsable: () => platformHealth.parts().deposits,
		outOfOrder: (deviceId) => heartbeats.isOutOfOrder(deviceId),
		products: () => catalog.list(),
		additives: () => venueAdditives(settings),
		settings: () => checkoutSettings(settings),
		serverId,
		claimMs: config.leaseMs,
		inTransaction: (work) => transact(store.db, work)
	});
	const audit = new AuditLog(store);
	const loginAttempts = new LoginAttempts(new AttemptThrottle(store));
	const sessions = new SessionStore(store);
	// A return takes its preview, validate and the settling of a lost answer: well within a minute.
	const codeLocks = new StoreLocks(store, { leaseMs: 60_000, waitMs: 30_000 });
	const returns = new ReturnDesk({
		journal,
		platformFor,
		issuedHere: (code) => findIssuedDeposit(sales, code),
		placeName: (placeId) => places.nameOf(placeId),
		placeOfDevice: async (deviceId) => (await places.placeOf(deviceId))?.name ?? null,
		settings: () => returnSettings(settings),
		checkPin: (pin, deviceId) => checkScreenPin(loginAttempts, settings, pin, deviceId),
		acrossServers: (code, task) => codeLocks.run(`deposit-code:${code}`, task)
	});
	const refunds = new SaleRefunds({
		sales,
		journal,
		platformFor,
		terminal: terminals,
		inTransaction: (work) => transact(store.db, work)
	});
	const resolveJournal = () =>
		resolveOpenEntries(
			journal,
			async (deviceId) => ((await devices.get(deviceId)) ? platformFor(deviceId) : undefined),
			async (entry) =>
				(await checkout.owns(entry.reference)) ||
				counterOrders.ownsJournalReference(entry.reference),
			(entry, platform) => refunds.settleEntry(entry, platform)
		);
	const recovery = new SaleRecovery({
		checkout,
		sales,
		unattendedAfterMs: config.unattendedSaleMs
	});
	const recoverSales = () => recovery.run();
	// Every server has these timers; each job runs on the one server holding its lease.
	const jobs = new JobLeases(store, { owner: serverId });
	const periodically = (name: string, intervalMs: number, job: () => Promise<unknown>) => {
		const timer = setInterval(() => {
			jobs.runExclusive(name, intervalMs, job).catch((error: unknown) => {
				log.error(`${name}: ${messageOf(error)}`);
			});
		}, intervalMs);
		timer.unref();
		return timer;
	};
	const timers = [
		periodically('refresh-platform-views', config.refreshIntervalMs, refreshAll),
		periodically('resolve-journal', config.refreshIntervalMs, resolveJournal),
		periodically('recover-sales', config.recoveryIntervalMs, recoverSales),
		periodically('prune-store', RETENTION_INTERVAL_MS, () =>
			pruneStore({
				inbox: counterOrders.inbox,
				sessions,
				journal,
				sales,
				retention: config.retention
			})
		)
	];
	counterOrders.start();
	registerServerGauges();
	// One printer object per address: its calls queue, as the printer takes one job at a time.
	const printers = new Map<string, NetworkPrinter>();
	const printing = new ReceiptPrinting({
		settings,
		sales,
		views,
		timeZone: config.venueTimeZone,
		printerAt: ({ host, port }) => {
			const address = `${host}:${port}`;
			let printer = printers.get(address);
			if (!printer) printers.set(address, (printer = new NetworkPrinter({ host, port })));
			return printer;
		}
	});
	return {
		config,
		store,
		serverId,
		devices,
		views,
		sessions,
		staff: new StaffCredentials(store, {
			staff: config.staffPassword,
			manager: config.managerPassword
		}),
		loginAttempts,
		setupCode: new SetupCode(settings),
		audit,
		journal,
		catalog,
		menuFeed,
		productImages,
		pictures: new ProductPictures({ store, catalog, images: productImages }),
		placeMedia: new PlaceMediaCache(),
		settings,
		checkout,
		sales,
		terminal,
		terminals,
		kioskOrders,
		idChecks,
		orderFeed,
		counterOrders,
		orderBoard,
		places,
		returns,
		refunds,
		printing,
		platformFor,
		platformHealth,
		metricsAccess: metricsGuard(config.metrics),
		fleet: new Fleet({
			heartbeats,
			devices,
			places,
			journal,
			settings,
			audit,
			serverVersion: version
		}),
		refreshAll,
		resolveJournal,
		recoverSales,
		async close() {
			orderFeed.close();
			menuFeed.close();
			for (const timer of timers) clearInterval(timer);
			counterOrders.stop();
			terminals.close();
			await store.close();
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
