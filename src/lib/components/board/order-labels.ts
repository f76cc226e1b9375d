/**
 * A counter order's source, desk type, payment state and delivery in words. Each message named, not
 * looked up by a key built at run time: a lookup by key would ship every message of the app in
 * the board's bundle.
 */
import { m } from '#lib/paraglide/messages.js';
import type {
	DeliveryOptionType,
	DeskType,
	OrderSource,
	OrderTransactionStatus
} from '@venue-kiosk/vocabulary/platform-vocabulary.ts';

export const SOURCE_LABEL: Record<OrderSource, () => string> = {
	MOBILE: m.board_source_MOBILE,
	WEB: m.board_source_WEB,
	KIOSK: m.board_source_KIOSK
};

export const DESK_TYPE_LABEL: Record<DeskType, () => string> = {
	COUNTER: m.board_desk_type_COUNTER,
	TABLE: m.board_desk_type_TABLE
};

export const TRANSACTION_LABEL: Record<OrderTransactionStatus, () => string> = {
	UNPAID: m.board_transaction_UNPAID,
	AUTHORIZED: m.board_transaction_AUTHORIZED,
	CAPTURED: m.board_transaction_CAPTURED,
	PAID_EXTERNALLY: m.board_transaction_PAID_EXTERNALLY,
	RELEASED: m.board_transaction_RELEASED,
	FAILED: m.board_transaction_FAILED,
	PAYMENT_NOT_REQUIRED: m.board_transaction_PAYMENT_NOT_REQUIRED
};

export const DELIVERY_LABEL: Record<DeliveryOptionType, (inputs: { amount: string }) => string> = {
	CUSTOM: m.board_delivery_CUSTOM,
	TAKEAWAY: m.board_delivery_TAKEAWAY,
	HOME_DELIVERY: m.board_delivery_HOME_DELIVERY
};
