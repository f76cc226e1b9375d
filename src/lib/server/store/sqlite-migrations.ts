/**
 * The SQLite schema's migrations, applied in order; `PRAGMA user_version` records how many have
 * run. Append only: a released migration is never edited. A change of schema is a migration here
 * and one in postgres-migrations.ts, building the same columns (tables.ts, schema-match.spec.ts).
 */
export const migrations: readonly string[] = [
	/* 1: devices, their cached platform view, staff access, screen pairing, journal, menu */ `
	CREATE TABLE devices (
		id TEXT PRIMARY KEY,
		name TEXT NOT NULL,
		environment TEXT NOT NULL CHECK (environment IN ('simulator', 'sandbox', 'production', 'custom')),
		base_url TEXT NOT NULL,
		mode TEXT NOT NULL CHECK (mode IN ('kiosk', 'return', 'board')),
		api_key_ciphertext TEXT NOT NULL,
		api_key_fingerprint TEXT NOT NULL UNIQUE,
		created_at TEXT NOT NULL
	);
	CREATE TABLE device_snapshots (
		device_id TEXT NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
		kind TEXT NOT NULL CHECK (kind IN ('identity', 'deposit-configuration')),
		state TEXT NOT NULL,
		body TEXT,
		error TEXT,
		fetched_at TEXT NOT NULL,
		PRIMARY KEY (device_id, kind)
	);
	CREATE TABLE staff_credentials (
		id INTEGER PRIMARY KEY CHECK (id = 1),
		password_hash TEXT NOT NULL,
		created_at TEXT NOT NULL
	);
	CREATE TABLE sessions (
		token_hash TEXT PRIMARY KEY,
		kind TEXT NOT NULL CHECK (kind IN ('staff', 'screen')),
		device_id TEXT REFERENCES devices (id) ON DELETE CASCADE,
		created_at TEXT NOT NULL,
		expires_at TEXT NOT NULL
	);
	CREATE TABLE journal (
		id INTEGER PRIMARY KEY AUTOINCREMENT,
		device_id TEXT NOT NULL,
		operation TEXT NOT NULL,
		reference TEXT NOT NULL,
		request TEXT NOT NULL,
		status TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed', 'uncertain', 'resolved', 'needs-staff')),
		error_code TEXT,
		result TEXT,
		attempts INTEGER NOT NULL DEFAULT 0,
		created_at TEXT NOT NULL,
		updated_at TEXT NOT NULL
	);
	CREATE INDEX journal_status ON journal (status);
	CREATE INDEX journal_reference ON journal (reference);
	CREATE TABLE products (
		id TEXT PRIMARY KEY,
		category TEXT NOT NULL,
		names TEXT NOT NULL,
		descriptions TEXT NOT NULL,
		gross_minor INTEGER NOT NULL CHECK (gross_minor >= 0),
		currency_code TEXT NOT NULL,
		vat_bp INTEGER NOT NULL CHECK (vat_bp >= 0),
		image TEXT,
		available INTEGER NOT NULL DEFAULT 1,
		position INTEGER NOT NULL DEFAULT 0
	);
	CREATE TABLE settings (
		key TEXT PRIMARY KEY,
		value TEXT NOT NULL
	);
	`,
	/* 2: guest sales (the checkout saga's state) and the kiosk's local orders for the board */ `
	CREATE TABLE sales (
		id TEXT PRIMARY KEY,
		-- no foreign key: a sale's record outlives the device it was made on (like the journal)
		device_id TEXT NOT NULL,
		state TEXT NOT NULL,
		body TEXT NOT NULL,
		order_number TEXT,
		created_at TEXT NOT NULL,
		updated_at TEXT NOT NULL
	);
	CREATE INDEX sales_state ON sales (state);
	CREATE TABLE order_numbers (
		device_id TEXT NOT NULL,
		day TEXT NOT NULL,
		last INTEGER NOT NULL,
		PRIMARY KEY (device_id, day)
	);
	`,
	/* 3: the order board's status of the kiosks' local orders (a paid sale is an order) */ `
	CREATE TABLE kiosk_order_status (
		sale_id TEXT PRIMARY KEY REFERENCES sales (id) ON DELETE CASCADE,
		status TEXT NOT NULL CHECK (status IN ('new', 'ready', 'collected')),
		updated_at TEXT NOT NULL
	);
	`,
	/* 4: compare-and-set on sales (one payment per sale); the simulated card terminal's own record */ `
	ALTER TABLE sales ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
	CREATE TABLE simulated_terminal_payments (
		reference TEXT PRIMARY KEY,
		amount_minor INTEGER NOT NULL,
		currency_code TEXT NOT NULL,
		outcome TEXT NOT NULL CHECK (outcome IN ('approved', 'declined', 'cancelled', 'unknown')),
		refunded INTEGER NOT NULL DEFAULT 0,
		at TEXT NOT NULL
	);
	`,
	/* 5: counter orders (spec 2): callback tokens, the inbox of callbacks, the app orders, the
	   outbox of staff steps (also their history), the kiosk orders' history, the change feed */ `
	CREATE TABLE order_callback_tokens (
		device_id TEXT PRIMARY KEY REFERENCES devices (id) ON DELETE CASCADE,
		token TEXT NOT NULL UNIQUE,
		created_at TEXT NOT NULL
	);
	CREATE TABLE order_inbox (
		order_id TEXT PRIMARY KEY,
		device_id TEXT NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
		received_at TEXT NOT NULL,
		last_callback_at TEXT NOT NULL,
		callbacks INTEGER NOT NULL DEFAULT 1,
		state TEXT NOT NULL CHECK (state IN ('waiting', 'fetched', 'failed')),
		attempts INTEGER NOT NULL DEFAULT 0,
		next_attempt_at TEXT NOT NULL,
		lease_owner TEXT,
		lease_until TEXT,
		last_error TEXT
	);
	CREATE INDEX order_inbox_due ON order_inbox (state, next_attempt_at);
	CREATE TABLE app_orders (
		order_id TEXT PRIMARY KEY,
		device_id TEXT NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
		place_id TEXT NOT NULL,
		status TEXT NOT NULL,
		body TEXT NOT NULL,
		received_at TEXT NOT NULL,
		updated_at TEXT NOT NULL
	);
	CREATE INDEX app_orders_place ON app_orders (place_id, status);
	CREATE TABLE order_outbox (
		id INTEGER PRIMARY KEY AUTOINCREMENT,
		order_id TEXT NOT NULL,
		device_id TEXT NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
		action TEXT NOT NULL,
		rejection_message TEXT,
		state TEXT NOT NULL CHECK (state IN ('pending', 'sent', 'failed')),
		attempts INTEGER NOT NULL DEFAULT 0,
		next_attempt_at TEXT NOT NULL,
		lease_owner TEXT,
		lease_until TEXT,
		problem TEXT,
		settled_by TEXT,
		journal_id INTEGER,
		created_at TEXT NOT NULL,
		settled_at TEXT
	);
	CREATE UNIQUE INDEX order_outbox_one_pending ON order_outbox (order_id) WHERE state = 'pending';
	CREATE INDEX order_outbox_due ON order_outbox (state, next_attempt_at);
	CREATE TABLE kiosk_order_history (
		id INTEGER PRIMARY KEY AUTOINCREMENT,
		sale_id TEXT NOT NULL REFERENCES sales (id) ON DELETE CASCADE,
		status TEXT NOT NULL,
		at TEXT NOT NULL
	);
	CREATE TABLE order_feed (
		id INTEGER PRIMARY KEY CHECK (id = 1),
		sequence INTEGER NOT NULL
	);
	INSERT INTO order_feed (id, sequence) VALUES (1, 0);
	`,
	/* 6: the pickup screen, a device mode of its own: the devices table with the wider check,
	   rebuilt as SQLite documents it (foreign keys are off while migrations run) */ `
	CREATE TABLE devices_new (
		id TEXT PRIMARY KEY,
		name TEXT NOT NULL,
		environment TEXT NOT NULL CHECK (environment IN ('simulator', 'sandbox', 'production', 'custom')),
		base_url TEXT NOT NULL,
		mode TEXT NOT NULL CHECK (mode IN ('kiosk', 'return', 'board', 'pickup')),
		api_key_ciphertext TEXT NOT NULL,
		api_key_fingerprint TEXT NOT NULL UNIQUE,
		created_at TEXT NOT NULL
	);
	INSERT INTO devices_new SELECT id, name, environment, base_url, mode, api_key_ciphertext,
		api_key_fingerprint, created_at FROM devices;
	DROP TABLE devices;
	ALTER TABLE devices_new RENAME TO devices;
	`,
	/* 7: a sale's deposit code in a column of its own, so a return finds the sale that issued it
	   by an index rather than by scanning sale bodies (the sales already issued, filled in) */ `
	ALTER TABLE sales ADD COLUMN deposit_code TEXT;
	UPDATE sales SET deposit_code = json_extract(body, '$.deposit.code')
		WHERE json_extract(body, '$.deposit.code') IS NOT NULL;
	CREATE INDEX sales_deposit_code ON sales (deposit_code);
	`,
	/* 8: the login and screen PIN attempts per client, in the store so that every kiosk server
	   sharing it counts the same attempts (auth/rate-limit.ts) */ `
	CREATE TABLE login_attempts (
		client TEXT PRIMARY KEY,
		attempts INTEGER NOT NULL,
		window_started_at TEXT NOT NULL
	);
	`,
	/* 9: leases between kiosk servers on one store — of periodic jobs (store/job-leases.ts) and
	   of a journal entry being sent or resolved (journal/journal.ts); the simulated terminal's
	   payments waiting for the screen's answer, which may reach another server */ `
	CREATE TABLE simulated_terminal_waits (
		reference TEXT PRIMARY KEY,
		answer TEXT CHECK (answer IN ('approved', 'declined', 'cancelled', 'uncertain')),
		started_at TEXT NOT NULL
	);
	CREATE TABLE job_leases (
		name TEXT PRIMARY KEY,
		owner TEXT NOT NULL,
		until TEXT NOT NULL
	);
	ALTER TABLE journal ADD COLUMN lease_owner TEXT;
	ALTER TABLE journal ADD COLUMN lease_until TEXT;
	`,
	/* 10: the menu's pictures (catalog/product-image-repository.ts), in the store so that every
	   kiosk server sharing it serves them; found by the hash their address carries. No foreign
	   key: a menu import replaces the products, and the pictures they still show must outlive it */ `
	CREATE TABLE product_images (
		product_id TEXT PRIMARY KEY,
		content_type TEXT NOT NULL,
		bytes BLOB NOT NULL,
		hash TEXT NOT NULL,
		updated_at TEXT NOT NULL
	);
	CREATE INDEX product_images_hash ON product_images (hash);
	`,
	/* 11: a product's option groups (sizes, extras, "no onions": catalog/options.ts) as JSON */ `
	ALTER TABLE products ADD COLUMN options TEXT NOT NULL DEFAULT '[]';
	`,
	/* 12: what staff search sales by and the day report counts (sales/sale-amounts.ts): when the
	   sale was paid, what it came to and how it was paid, its deposit code's sequence number, the
	   loyalty key's last four characters. The sales already stored are filled in from their
	   bodies; one paid before this kept no time of payment, so its last change stands in */ `
	ALTER TABLE sales ADD COLUMN paid_at TEXT;
	ALTER TABLE sales ADD COLUMN total_minor INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE sales ADD COLUMN credits_minor INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE sales ADD COLUMN card_minor INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE sales ADD COLUMN payment_kind TEXT NOT NULL DEFAULT 'card'
		CHECK (payment_kind IN ('card', 'credits', 'split'));
	ALTER TABLE sales ADD COLUMN deposit_sequence TEXT;
	ALTER TABLE sales ADD COLUMN loyalty_key_tail TEXT;
	UPDATE sales SET
		paid_at = CASE WHEN order_number IS NOT NULL
			THEN COALESCE(json_extract(body, '$.paidAt'), updated_at) END,
		total_minor = COALESCE(
			json_extract(body, '$.credits.grossMinor') - json_extract(body, '$.credits.discountMinor'),
			json_extract(body, '$.quote.totalMinor') + json_extract(body, '$.quote.serviceFeeMinor'), 0),
		credits_minor = COALESCE(json_extract(body, '$.credits.creditsMinor'), 0),
		card_minor = COALESCE(json_extract(body, '$.credits.outstandingMinor'),
			json_extract(body, '$.quote.totalMinor') + json_extract(body, '$.quote.serviceFeeMinor'), 0),
		deposit_sequence = json_extract(body, '$.deposit.sequenceNumber'),
		loyalty_key_tail = upper(json_extract(body, '$.credits.keyHint'));
	UPDATE sales SET payment_kind = CASE WHEN credits_minor = 0 THEN 'card'
		WHEN card_minor = 0 THEN 'credits' ELSE 'split' END;
	CREATE INDEX sales_created ON sales (created_at, id);
	CREATE INDEX sales_paid ON sales (paid_at);
	`,
	/* 13: the simulated terminal's partial refunds (staff refunds) — how much of a
	   payment was given back, in place of the "refunded in full" flag */ `
	ALTER TABLE simulated_terminal_payments ADD COLUMN refunded_minor INTEGER NOT NULL DEFAULT 0;
	UPDATE simulated_terminal_payments SET refunded_minor = amount_minor WHERE refunded = 1;
	ALTER TABLE simulated_terminal_payments DROP COLUMN refunded;
	`,
	/* 14: roles — the manager password beside the staff password (auth/
	   staff-credentials.ts), who is logged in and as what on a staff session (a session from
	   before has neither and logs in again), and the audit log of every setting change and refund
	   (audit/audit-log.ts) */ `
	CREATE TABLE manager_credentials (
		id INTEGER PRIMARY KEY CHECK (id = 1),
		password_hash TEXT NOT NULL,
		updated_at TEXT NOT NULL
	);
	ALTER TABLE sessions ADD COLUMN staff_name TEXT;
	ALTER TABLE sessions ADD COLUMN staff_role TEXT CHECK (staff_role IN ('staff', 'manager'));
	CREATE TABLE audit_log (
		id INTEGER PRIMARY KEY AUTOINCREMENT,
		at TEXT NOT NULL,
		actor_name TEXT NOT NULL,
		actor_role TEXT NOT NULL CHECK (actor_role IN ('staff', 'manager')),
		action TEXT NOT NULL,
		subject TEXT,
		details TEXT NOT NULL
	);
	CREATE INDEX audit_log_action ON audit_log (action, id);
	CREATE INDEX audit_log_at ON audit_log (at);
	`,
	/* 15: when a sale's latest staff refund was confirmed, so the day report finds the refunds of
	   a day among sales paid on any day (sales/sale-repository.ts refundedSince) */ `
	ALTER TABLE sales ADD COLUMN last_refund_at TEXT;
	UPDATE sales SET last_refund_at = (SELECT max(json_extract(value, '$.at'))
		FROM json_each(body, '$.refunds'));
	CREATE INDEX sales_last_refund ON sales (last_refund_at);
	`,
	/* 16: when the last of a sale's containers expire, as an instant in UTC (the platform may
	   answer with an offset), so the day report finds the deposits still out in a period
	   (sales/sale-repository.ts depositsOutBetween) */ `
	ALTER TABLE sales ADD COLUMN deposit_expires_at TEXT;
	UPDATE sales SET deposit_expires_at = (
		SELECT max(strftime('%Y-%m-%dT%H:%M:%fZ', json_extract(value, '$.expiresAt')))
		FROM json_each(body, '$.deposit.categories'));
	CREATE INDEX sales_deposit_expires ON sales (deposit_expires_at);
	`,
	/* 17: the ZVT card terminal's record (terminal/zvt-attempts.ts): each payment and reversal,
	   written before it is sent so that one whose answer was lost is settled from the terminal's
	   own record, never sent again; and per device the terminal's last booked transaction */ `
	CREATE TABLE zvt_attempts (
		reference TEXT NOT NULL,
		kind TEXT NOT NULL CHECK (kind IN ('payment', 'reversal')),
		device_id TEXT NOT NULL,
		amount_minor INTEGER NOT NULL CHECK (amount_minor > 0),
		currency_code TEXT NOT NULL,
		state TEXT NOT NULL CHECK (state IN ('sent', 'approved', 'declined', 'cancelled',
			'not-charged', 'reversed', 'not-reversed', 'unknown')),
		receipt_number INTEGER,
		trace_number INTEGER,
		known_receipt_before INTEGER,
		known_trace_before INTEGER,
		result_code INTEGER,
		created_at TEXT NOT NULL,
		updated_at TEXT NOT NULL,
		PRIMARY KEY (reference, kind)
	);
	CREATE TABLE zvt_terminals (
		device_id TEXT NOT NULL PRIMARY KEY,
		last_receipt_number INTEGER,
		last_trace_number INTEGER NOT NULL,
		updated_at TEXT NOT NULL
	);
	`,
	/* 18: data at rest and bounded tables. A callback token is stored sealed and found by its
	   keyed hash (counter-orders/callback-tokens.ts); SQL cannot make either, so the tokens stored
	   in clear wait in unsealed_callback_tokens until the server's start seals them with its
	   secret. When the platform last did not know an order of the inbox (the budget of unknown
	   orders, counter-orders/order-inbox.ts); the indexes the pruning job deletes by
	   (store/retention.ts) */ `
	CREATE TABLE unsealed_callback_tokens (
		device_id TEXT PRIMARY KEY REFERENCES devices (id) ON DELETE CASCADE,
		token TEXT NOT NULL,
		created_at TEXT NOT NULL
	);
	INSERT INTO unsealed_callback_tokens (device_id, token, created_at)
		SELECT device_id, token, created_at FROM order_callback_tokens;
	DROP TABLE order_callback_tokens;
	CREATE TABLE order_callback_tokens (
		device_id TEXT PRIMARY KEY REFERENCES devices (id) ON DELETE CASCADE,
		token_hash TEXT NOT NULL UNIQUE,
		token_sealed TEXT NOT NULL,
		created_at TEXT NOT NULL
	);
	ALTER TABLE order_inbox ADD COLUMN failed_at TEXT;
	CREATE INDEX order_inbox_failed ON order_inbox (failed_at);
	CREATE INDEX order_inbox_settled ON order_inbox (state, last_callback_at);
	CREATE INDEX journal_updated ON journal (updated_at);
	CREATE INDEX sessions_expires ON sessions (expires_at);
	CREATE INDEX login_attempts_window ON login_attempts (window_started_at);
	`,
	/* 19: the login throttle (auth/attempt-throttle.ts) counts failures per counter — a source
	   address, a staff name, a paired screen — with a growing wait instead of one window per
	   client address; the old windows are dropped (they only ever held 15 minutes) */ `
	DROP TABLE login_attempts;
	CREATE TABLE attempt_counts (
		key TEXT PRIMARY KEY,
		failures INTEGER NOT NULL CHECK (failures > 0),
		last_failure_at TEXT NOT NULL,
		blocked_until TEXT NOT NULL
	);
	CREATE INDEX attempt_counts_last_failure ON attempt_counts (last_failure_at);
	`,
	/* 20: what the day report sums of a paid sale, kept in its row (reports/report-columns.ts), so
	   the report adds up in the store; a covering index per part of the report (the sales of a
	   period, the containers out in it, the journal's card payments and credit finalizes of the
	   sales, the stations' returns by time), and one for the paid sales saved before (the server's start fills them in:
	   sale-repository.ts keepReportColumns) */ `
	ALTER TABLE sales ADD COLUMN report_gross_minor INTEGER;
	ALTER TABLE sales ADD COLUMN report_discount_minor INTEGER;
	ALTER TABLE sales ADD COLUMN report_credits_minor INTEGER;
	ALTER TABLE sales ADD COLUMN report_card_minor INTEGER;
	ALTER TABLE sales ADD COLUMN report_fee_minor INTEGER;
	ALTER TABLE sales ADD COLUMN report_deposit_containers INTEGER;
	ALTER TABLE sales ADD COLUMN report_deposit_minor INTEGER;
	ALTER TABLE sales ADD COLUMN report_vat TEXT;
	ALTER TABLE sales ADD COLUMN report_products TEXT;
	ALTER TABLE sales ADD COLUMN report_deposits TEXT;
	ALTER TABLE sales ADD COLUMN report_fingerprint TEXT;
	ALTER TABLE sales ADD COLUMN report_issued_containers INTEGER;
	ALTER TABLE sales ADD COLUMN report_issued_minor INTEGER;
	CREATE INDEX sales_report ON sales (paid_at, device_id, report_gross_minor,
		report_discount_minor, report_credits_minor, report_card_minor, report_fee_minor,
		report_deposit_containers, report_deposit_minor, report_vat, report_products)
		WHERE report_vat IS NOT NULL;
	CREATE INDEX sales_report_deposits ON sales (deposit_expires_at, id, paid_at, device_id,
		report_issued_containers, report_issued_minor, report_fingerprint, report_deposits)
		WHERE report_deposits IS NOT NULL;
	CREATE INDEX sales_report_fingerprint ON sales (report_fingerprint)
		WHERE report_deposits IS NOT NULL;
	CREATE INDEX sales_report_unkept ON sales (id) WHERE paid_at IS NOT NULL AND report_vat IS NULL;
	CREATE INDEX sales_paid_credits ON sales (paid_at, credits_minor, id);
	CREATE INDEX journal_card_payments ON journal (reference, status, request)
		WHERE operation = 'collectCardPayment';
	CREATE INDEX journal_credit_finalizes ON journal (reference, status)
		WHERE operation = 'finalizeCreditTransactionPreview';
	CREATE INDEX journal_operation_created ON journal (operation, created_at);
	`,
	/* 21: a product's allergens, additives and diet labels (#lib/shared/food-facts.ts) as JSON */ `
	ALTER TABLE products ADD COLUMN food_facts TEXT NOT NULL DEFAULT '{}';
	`,
	/* 22: the age a product is sold from (#lib/shared/age-limits.ts), 0 for none; the ID checks
	   staff confirmed on the board, one per order */ `
	ALTER TABLE products ADD COLUMN min_age INTEGER NOT NULL DEFAULT 0;
	CREATE TABLE order_id_checks (
		order_key TEXT PRIMARY KEY,
		checked_at TEXT NOT NULL
	);
	`,
	/* 23: each screen's last heartbeat (fleet/heartbeat-repository.ts): one row per device,
	   written over on every beat, with what staff asked of the screen (out of order, reload) */ `
	CREATE TABLE screen_heartbeats (
		device_id TEXT NOT NULL PRIMARY KEY REFERENCES devices (id) ON DELETE CASCADE,
		seen_at TEXT,
		report TEXT,
		out_of_order INTEGER NOT NULL DEFAULT 0,
		reload_asked_at TEXT
	);
	`,
	/* 24: the day report's sums read a slice's sales from the hour they were paid in, in the
	   order it groups them (reports/day-report-sums.ts): no sort of a day's sales */ `
	DROP INDEX sales_report;
	CREATE INDEX sales_report_hours ON sales (substr(paid_at, 1, 13), device_id, report_vat,
		report_products, report_gross_minor, report_discount_minor, report_credits_minor,
		report_card_minor, report_fee_minor, report_deposit_containers, report_deposit_minor, paid_at)
		WHERE report_vat IS NOT NULL;
	`
];
