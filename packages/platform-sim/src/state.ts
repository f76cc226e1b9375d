/**
 * Everything the simulator knows, as plain data. Rules read and change this state and nothing
 * else; `POST /_sim/reset` replaces it with a fresh copy of the demo seed. Amounts are integer
 * minor units (`…Minor`), VAT rates are basis points (`…Bp`, 5.5 % → 550), instants are epoch ms.
 */
import type { SimClock } from './clock.ts';
import type {
	Authority,
	OrderSource,
	OrderStatus,
	OrderTransactionStatus,
	PlaceStatus
} from '@venue-kiosk/vocabulary/platform-vocabulary.ts';

export {
	AUTHORITIES,
	ORDER_STATUSES,
	PLACE_STATUSES,
	TRANSACTION_STATUSES
} from '@venue-kiosk/vocabulary/platform-vocabulary.ts';
export type { Authority, OrderSource, OrderStatus, OrderTransactionStatus, PlaceStatus };

export interface Organization {
	id: string;
	name: string;
	currencyCode: string;
}

export interface MediaUri {
	src: string;
	blurHash?: string;
	URIType: 'LARGE' | 'MEDIUM' | 'SMALL' | 'VIDEO_THUMBNAIL' | 'VIDEO';
}

/** Spec 1 MediaResponse as the simulator keeps it; status and type default to a ready image. */
export interface PlaceMedia {
	id: string;
	mediaType?: 'IMAGE' | 'VIDEO' | 'PDF';
	processingStatus?: 'COMPLETE' | 'ERROR' | 'PROCESSING' | 'QUEUED';
	uris: MediaUri[];
}

export interface Place {
	id: string;
	organizationId: string;
	name: string;
	description?: string;
	formattedAddress: string;
	placeStatus: PlaceStatus;
	avatarMedia?: PlaceMedia;
}

export type { DeskType } from '@venue-kiosk/vocabulary/platform-vocabulary.ts';
import type { DeskType } from '@venue-kiosk/vocabulary/platform-vocabulary.ts';

export interface Desk {
	id: string;
	placeId: string;
	name: string;
	type: DeskType;
	enabled: boolean;
}

export interface Device {
	id: string;
	name: string;
	/** JWT-like API key (spec 3, Authentication). */
	apiKey: string;
	placeId: string;
	authorities: Authority[];
	/** A disabled device's key is refused like an unknown key (spec 1 Authentication 2, spec 3). */
	enabled: boolean;
}

/** A product known to the platform, as synchronized from the POS product endpoint (spec 3). */
export interface Product {
	productId: string;
	organizationId: string;
	name: string;
	grossMinor: number;
	vatBp: number;
	/** Places where the product is sold (PRODUCT_NOT_IN_DEVICE_PLACE, spec 1). */
	placeIds: string[];
	/** Loyalty discount the venue configured for this product, applied at preview (spec 3). */
	loyaltyDiscountBp: number;
}

// ── Container deposits (spec 1) ─────────────────────────────────────────────

export interface DepositCategory {
	id: string;
	name: string;
	description?: string;
	expirationHours: number;
	depositGrossMinor: number;
	currencyCode: string;
}

export interface HybridProductMapping {
	mappingId: string;
	productId: string;
	categoryId: string;
}

export interface TokenProductMapping {
	mappingId: string;
	action: 'BORROW' | 'RETURN';
	productId: string;
	categoryId: string;
}

/** "Every configuration change creates a new version" (spec 1, rule 2). */
export interface DepositConfigVersion {
	version: number;
	createdAt: number;
	categories: DepositCategory[];
	hybridProducts: HybridProductMapping[];
	tokenProducts: TokenProductMapping[];
}

/** "Each organization has exactly one container-deposit configuration" (spec 1, rule 1). */
export interface DepositConfiguration {
	organizationId: string;
	enabled: boolean;
	/** Oldest first; the last one is the current version. */
	versions: DepositConfigVersion[];
}

export type DepositItemStatus = 'ACTIVE' | 'RETURNED' | 'EXPIRED';

export interface DepositItem {
	categoryId: string;
	status: DepositItemStatus;
	expiresAt: number;
}

export interface DepositTransaction {
	id: string;
	/** 40-character return code (spec 1, Limits). */
	code: string;
	sequenceNumber: string;
	organizationId: string;
	placeId: string;
	deviceId: string;
	/** The configuration version it was created under; it stays valid under it (rule 2). */
	configVersion: number;
	createdAt: number;
	items: DepositItem[];
}

// ── Credits (spec 3) ────────────────────────────────────────────────────────

export interface Wallet {
	id: string;
	organizationId: string;
	holderName: string;
	balanceMinor: number;
	currencyCode: string;
}

export type TransactionKeyState = 'ACTIVE' | 'USED' | 'INVALIDATED';

export interface TransactionKey {
	/** 32 lower-case hex characters. */
	key: string;
	walletId: string;
	createdAt: number;
	expiresAt: number;
	state: TransactionKeyState;
}

export type PaymentType = 'CREDIT' | 'SPLIT_PAYMENT' | 'EXTERNAL_PAYMENT';

export interface CreditItem {
	productId: string | null;
	name: string;
	/** Quantity in thousandths (the spec's quantity is a number, minimum 1). */
	quantityMilli: number;
	unitPriceMinor: number;
	vatBp: number;
	discountMinor: number;
	creditsMinor: number;
	outstandingMinor: number;
	/** Added by update: no discount, no credits (spec 3, Transaction). */
	addedByUpdate: boolean;
}

export type CreditTransactionStatus = 'PREVIEWED' | 'FINALIZED' | 'CANCELLED' | 'REFUNDED';

export interface CreditTransaction {
	id: string;
	deviceId: string;
	walletId: string;
	transactionKey: string;
	paymentType: PaymentType;
	currencyCode: string;
	createdAt: number;
	previewExpiresAt: number;
	items: CreditItem[];
	status: CreditTransactionStatus;
	finalizedAt?: number;
	/** Fingerprint of the items at the first finalize (FINALIZED_WITH_DIFFERENT_ITEMS). */
	finalizedItems?: string;
	refundedAt?: number;
	refundComment?: string;
}

/** "unique per device" (spec 3, X-Idempotency-Key). */
export interface IdempotencyRecord {
	deviceId: string;
	idempotencyKey: string;
	requestFingerprint: string;
	transactionId: string;
	status: number;
	responseBody: unknown;
}

// ── Counter orders (spec 2) ─────────────────────────────────────────────────

export const PAYMENT_PROCESSORS = [
	'PROVIDER_A',
	'PROVIDER_B',
	'EXTERNAL_MANUAL',
	'EXTERNAL_AUTO',
	'NONE'
] as const;
export type PaymentProcessor = (typeof PAYMENT_PROCESSORS)[number];

export const INVOICING_TYPES = ['PLACE_RECEIPT', 'PLACE_INVOICE', 'PLATFORM_INVOICE'] as const;
export type InvoicingType = (typeof INVOICING_TYPES)[number];

export interface OrderModifier {
	productId: string;
	unitPriceMinor: number;
	discountMinor: number;
	externalPaymentMinor: number;
	vatBp: number;
}

export interface OrderItem extends OrderModifier {
	isTakeaway: boolean;
	modifiers: OrderModifier[];
}

export interface CounterOrder {
	id: string;
	placeId: string;
	deskId: string;
	orderNumber: string;
	status: OrderStatus;
	transactionStatus: OrderTransactionStatus;
	paymentProcessor: PaymentProcessor;
	currencyCode: string;
	orderSource: OrderSource;
	tip: { tipMinor: number; externalPaymentMinor: number };
	invoicingType: InvoicingType;
	items: OrderItem[];
	createdAt: number;
	approvedAt?: number;
	rejectedAt?: number;
	finishedAt?: number;
	completedAt?: number;
	leftAt?: number;
	userComment?: string;
	rejectionMessage?: string;
	deliveryOption?: {
		id: string;
		deliveryOptionFeeMinor: number;
		externalPaymentMinor: number;
		vatBp: number;
		type: 'CUSTOM' | 'TAKEAWAY' | 'HOME_DELIVERY';
	};
	metadata?: Record<string, string>;
	buyerData?: {
		id: string;
		name: string;
		countryCode: string;
		zipCode: string;
		city: string;
		address: string;
		isCompany: boolean;
		companyName: string | null;
		taxNumber: string | null;
	};
	deliveryAddressData?: {
		id: string;
		name: string;
		countryCode: string;
		zipCode: string;
		city: string;
		address: string;
		lat: number;
		lon: number;
		comment?: string;
	};
}

export interface CallbackAttempt {
	orderId: string;
	url: string;
	/** HTTP status of the reply, or 0 when no reply came (refused, timed out). */
	status: number;
	attempt: number;
	at: string;
}

// ── Simulator settings and the whole state ──────────────────────────────────

export interface SimSettings {
	/** Transaction-key lifetime (spec 3: "not shown"; docs/platform-assumptions.md: 5 min). */
	transactionKeyTtlMinutes: number;
	/** Initial preview lifetime (spec 3: "not shown"; docs/platform-assumptions.md: 15 min). */
	previewTtlMinutes: number;
	/** First callback retry delay; doubles per attempt (default 1 s). */
	callbackBaseDelayMs: number;
	/** Callback attempts before giving up (default 8). */
	callbackMaxAttempts: number;
}

export interface SimState {
	clock: SimClock;
	settings: SimSettings;
	organizations: Organization[];
	places: Place[];
	desks: Desk[];
	devices: Device[];
	products: Product[];
	depositConfigurations: DepositConfiguration[];
	depositTransactions: DepositTransaction[];
	wallets: Wallet[];
	transactionKeys: TransactionKey[];
	creditTransactions: CreditTransaction[];
	idempotency: IdempotencyRecord[];
	counterOrders: CounterOrder[];
	callbackAttempts: CallbackAttempt[];
	/** Callback address per device id; `*` is the default for every ORDER device. */
	callbackUrls: Map<string, string>;
	/** Counters behind ids, codes and numbers, so a seed replays identically. */
	sequences: Map<string, number>;
	/**
	 * Unique per seed (each start and reset): part of the order ids, because a platform's ids are
	 * unique forever while the counters restart — a kiosk server that outlives a reset must not
	 * meet an old order's id again.
	 */
	instance: string;
}

/** Next value of a named counter, starting at 1. */
export function nextSequence(state: SimState, name: string): number {
	const value = (state.sequences.get(name) ?? 0) + 1;
	state.sequences.set(name, value);
	return value;
}

/** A readable, unique id such as `ctx_000012`. */
export function nextId(state: SimState, prefix: string): string {
	return `${prefix}_${String(nextSequence(state, prefix)).padStart(6, '0')}`;
}

export function isoTime(epochMs: number): string {
	return new Date(epochMs).toISOString();
}
