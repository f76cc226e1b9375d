/**
 * The store's tables as Kysely sees them: one description for both engines, whose migrations
 * (sqlite-migrations.ts, postgres-migrations.ts) build identical columns — text as `text`, whole
 * numbers as `integer`, booleans as 0/1 integers, times as ISO 8601 text (which compares in time
 * order as text), JSON bodies as text, binary data (pictures) as BLOB / `bytea`. `schema-match.spec.ts` holds the two engines to this.
 *
 * `Generated` marks a column the database fills (an identity or a default); `Nullable` one that
 * is null unless written.
 */
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** A column that may hold null, and is null unless an insert says otherwise. */
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface DevicesTable {
	id: string;
	name: string;
	environment: 'simulator' | 'sandbox' | 'production' | 'custom';
	base_url: string;
	mode: 'kiosk' | 'return' | 'board' | 'pickup';
	api_key_ciphertext: string;
	api_key_fingerprint: string;
	created_at: string;
}

export interface DeviceSnapshotsTable {
	device_id: string;
	kind: 'identity' | 'deposit-configuration';
	state: string;
	body: Nullable<string>;
	error: Nullable<string>;
	fetched_at: string;
}

export interface StaffCredentialsTable {
	id: number;
	password_hash: string;
	created_at: string;
}

/** The manager password (roles); none on an install from before, see staff-credentials.ts. */
export interface ManagerCredentialsTable {
	id: number;
	password_hash: string;
	updated_at: string;
}

export interface SessionsTable {
	token_hash: string;
	kind: 'staff' | 'screen';
	device_id: Nullable<string>;
	created_at: string;
	expires_at: string;
	/** A staff session's name and role (null on a screen's, and on a staff session from before). */
	staff_name: Nullable<string>;
	staff_role: Nullable<'staff' | 'manager'>;
}

/** Who changed a setting or refunded, what and when (audit/audit-log.ts). */
export interface AuditLogTable {
	id: Generated<number>;
	at: string;
	actor_name: string;
	actor_role: 'staff' | 'manager';
	action: string;
	subject: Nullable<string>;
	/** JSON: before/after where it makes sense; never a secret. */
	details: string;
}

export interface JournalTable {
	id: Generated<number>;
	device_id: string;
	operation: string;
	reference: string;
	request: string;
	status: 'pending' | 'succeeded' | 'failed' | 'uncertain' | 'resolved' | 'needs-staff';
	error_code: Nullable<string>;
	result: Nullable<string>;
	attempts: Generated<number>;
	created_at: string;
	updated_at: string;
	lease_owner: Nullable<string>;
	lease_until: Nullable<string>;
}

export interface ProductsTable {
	id: string;
	category: string;
	names: string;
	descriptions: string;
	gross_minor: number;
	currency_code: string;
	vat_bp: number;
	image: Nullable<string>;
	available: Generated<number>;
	position: Generated<number>;
	/** The option groups as JSON (catalog/options.ts), `[]` for none. */
	options: Generated<string>;
	/** The food facts as JSON (#lib/shared/food-facts.ts FoodFacts), `{}` for none. */
	food_facts: Generated<string>;
	min_age: Generated<number>;
}

export interface ProductImagesTable {
	product_id: string;
	content_type: string;
	/** A Uint8Array from SQLite, a Buffer (a Uint8Array too) from PostgreSQL. */
	bytes: Uint8Array;
	hash: string;
	updated_at: string;
}

export interface SettingsTable {
	key: string;
	value: string;
}

export interface SalesTable {
	id: string;
	device_id: string;
	state: string;
	body: string;
	order_number: Nullable<string>;
	created_at: string;
	updated_at: string;
	version: Generated<number>;
	deposit_code: Nullable<string>;
	/** The columns staff search by (sales/sale-amounts.ts), written from the body on every save. */
	paid_at: Nullable<string>;
	total_minor: Generated<number>;
	credits_minor: Generated<number>;
	card_minor: Generated<number>;
	payment_kind: Generated<'card' | 'credits' | 'split'>;
	deposit_sequence: Nullable<string>;
	loyalty_key_tail: Nullable<string>;
	/** When the latest staff refund of the sale was confirmed (the day report finds refunds by it). */
	last_refund_at: Nullable<string>;
	/** When the last of the containers the sale issued expire (the day report's deposit ledger). */
	deposit_expires_at: Nullable<string>;
	/** What the day report sums of a paid sale; null until it is paid (reports/report-columns.ts). */
	report_gross_minor: Nullable<number>;
	report_discount_minor: Nullable<number>;
	report_credits_minor: Nullable<number>;
	report_card_minor: Nullable<number>;
	report_fee_minor: Nullable<number>;
	report_deposit_containers: Nullable<number>;
	report_deposit_minor: Nullable<number>;
	report_vat: Nullable<string>;
	report_products: Nullable<string>;
	report_deposits: Nullable<string>;
	report_fingerprint: Nullable<string>;
	report_issued_containers: Nullable<number>;
	report_issued_minor: Nullable<number>;
}

export interface OrderNumbersTable {
	device_id: string;
	day: string;
	last: number;
}

export interface KioskOrderStatusTable {
	sale_id: string;
	status: 'new' | 'ready' | 'collected';
	updated_at: string;
}

export interface SimulatedTerminalPaymentsTable {
	reference: string;
	amount_minor: number;
	currency_code: string;
	outcome: 'approved' | 'declined' | 'cancelled' | 'unknown';
	/** How much of the payment was given back (partial refunds add up); at most amount_minor. */
	refunded_minor: Generated<number>;
	at: string;
}

export interface SimulatedTerminalWaitsTable {
	reference: string;
	answer: Nullable<'approved' | 'declined' | 'cancelled' | 'uncertain'>;
	started_at: string;
}

/** States of a ZVT attempt; `sent` until its outcome is known (terminal/zvt-attempts.ts). */
export type ZvtAttemptState =
	| 'sent'
	| 'approved'
	| 'declined'
	| 'cancelled'
	| 'not-charged'
	| 'reversed'
	| 'not-reversed'
	| 'unknown';

export interface ZvtAttemptsTable {
	reference: string;
	kind: 'payment' | 'reversal';
	device_id: string;
	amount_minor: number;
	currency_code: string;
	state: ZvtAttemptState;
	/** The terminal's numbers of this transaction, once known. */
	receipt_number: Nullable<number>;
	trace_number: Nullable<number>;
	/** The terminal's last booked transaction when this one was sent (null: none known). */
	known_receipt_before: Nullable<number>;
	known_trace_before: Nullable<number>;
	/** The terminal's result code (BMP 27), when it gave one. */
	result_code: Nullable<number>;
	created_at: string;
	updated_at: string;
}

export interface ZvtTerminalsTable {
	device_id: string;
	last_receipt_number: Nullable<number>;
	last_trace_number: number;
	updated_at: string;
}

/** A device's callback token, sealed and found by its keyed hash (counter-orders/callback-tokens.ts). */
export interface OrderCallbackTokensTable {
	device_id: string;
	token_hash: string;
	token_sealed: string;
	created_at: string;
}

/** A token stored in clear before tokens were sealed, until the server's start seals it. */
export interface UnsealedCallbackTokensTable {
	device_id: string;
	token: string;
	created_at: string;
}

export interface OrderInboxTable {
	order_id: string;
	device_id: string;
	received_at: string;
	last_callback_at: string;
	callbacks: Generated<number>;
	state: 'waiting' | 'fetched' | 'failed';
	attempts: Generated<number>;
	next_attempt_at: string;
	lease_owner: Nullable<string>;
	lease_until: Nullable<string>;
	last_error: Nullable<string>;
	/** When the platform last answered that this device cannot have the order (404, 403). */
	failed_at: Nullable<string>;
}

export interface AppOrdersTable {
	order_id: string;
	device_id: string;
	place_id: string;
	status: string;
	body: string;
	received_at: string;
	updated_at: string;
}

export interface OrderOutboxTable {
	id: Generated<number>;
	order_id: string;
	device_id: string;
	action: string;
	rejection_message: Nullable<string>;
	state: 'pending' | 'sent' | 'failed';
	attempts: Generated<number>;
	next_attempt_at: string;
	lease_owner: Nullable<string>;
	lease_until: Nullable<string>;
	problem: Nullable<string>;
	settled_by: Nullable<string>;
	journal_id: Nullable<number>;
	created_at: string;
	settled_at: Nullable<string>;
}

/** An order whose buyer's ID staff checked (its board key: `kiosk:<saleId>`, `app:<orderId>`). */
export interface OrderIdChecksTable {
	order_key: string;
	checked_at: string;
}

export interface KioskOrderHistoryTable {
	id: Generated<number>;
	sale_id: string;
	status: string;
	at: string;
}

export interface OrderFeedTable {
	id: number;
	sequence: number;
}

/** Failed attempts per counter (auth/attempt-throttle.ts): an address, a name, a screen. */
export interface AttemptCountsTable {
	key: string;
	failures: number;
	last_failure_at: string;
	/** Until when the counter's next attempt waits (ISO 8601; its last failure if it need not). */
	blocked_until: string;
}

export interface JobLeasesTable {
	name: string;
	owner: string;
	until: string;
}

/** A screen's last heartbeat (fleet/heartbeat-repository.ts); report: ScreenReport as JSON. */
export interface ScreenHeartbeatsTable {
	device_id: string;
	seen_at: string | null;
	report: string | null;
	out_of_order: Generated<number>;
	reload_asked_at: string | null;
}

export interface KioskTables {
	devices: DevicesTable;
	device_snapshots: DeviceSnapshotsTable;
	staff_credentials: StaffCredentialsTable;
	manager_credentials: ManagerCredentialsTable;
	sessions: SessionsTable;
	journal: JournalTable;
	products: ProductsTable;
	product_images: ProductImagesTable;
	settings: SettingsTable;
	sales: SalesTable;
	order_numbers: OrderNumbersTable;
	kiosk_order_status: KioskOrderStatusTable;
	simulated_terminal_payments: SimulatedTerminalPaymentsTable;
	simulated_terminal_waits: SimulatedTerminalWaitsTable;
	zvt_attempts: ZvtAttemptsTable;
	zvt_terminals: ZvtTerminalsTable;
	order_callback_tokens: OrderCallbackTokensTable;
	unsealed_callback_tokens: UnsealedCallbackTokensTable;
	order_inbox: OrderInboxTable;
	app_orders: AppOrdersTable;
	order_outbox: OrderOutboxTable;
	kiosk_order_history: KioskOrderHistoryTable;
	order_id_checks: OrderIdChecksTable;
	order_feed: OrderFeedTable;
	attempt_counts: AttemptCountsTable;
	job_leases: JobLeasesTable;
	audit_log: AuditLogTable;
	screen_heartbeats: ScreenHeartbeatsTable;
}

/** A row as read, and as written, of table `T`. */
export type Row<T extends keyof KioskTables> = Selectable<KioskTables[T]>;
export type NewRow<T extends keyof KioskTables> = Insertable<KioskTables[T]>;
