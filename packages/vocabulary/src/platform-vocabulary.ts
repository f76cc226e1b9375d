/**
 * The platform's enumerations as the spec lists them in full (docs/spec/), shared by the
 * simulator (which serves them) and the platform client (which checks them).
 */

/** spec 1, Device: "Authorities (enumerated values)". */
export const AUTHORITIES = [
	'ORDER',
	'ORDER_REFUND',
	'SCAN',
	'STATISTIC',
	'INTEGRATION',
	'THIRD_PARTY_INTEGRATION',
	'CREDIT',
	'TICKET',
	'KIOSK',
	'REVO'
] as const;
export type Authority = (typeof AUTHORITIES)[number];

/** spec 1, Place: "placeStatus values". */
export const PLACE_STATUSES = [
	'DRAFT',
	'ACTIVE',
	'TEMPORARILY_CLOSED',
	'PERMANENTLY_CLOSED',
	'HIDDEN'
] as const;
export type PlaceStatus = (typeof PLACE_STATUSES)[number];

/** spec 1, MediaResponse and URIResponse. */
export const MEDIA_PROCESSING_STATUSES = ['COMPLETE', 'ERROR', 'PROCESSING', 'QUEUED'] as const;
export const MEDIA_TYPES = ['IMAGE', 'VIDEO', 'PDF'] as const;
export const URI_TYPES = [
	'LARGE',
	'MEDIUM',
	'SMALL',
	'VIDEO_THUMBNAIL',
	'VIDEO',
	'VIDEO_HLS_INDEX',
	'VIDEO_HLS_INDEX_LOW',
	'VIDEO_HLS_INDEX_MEDIUM',
	'VIDEO_HLS_INDEX_HIGH',
	'PDF',
	'GIF'
] as const;

/** spec 1 and 2, Desk: type COUNTER or TABLE. */
export const DESK_TYPES = ['COUNTER', 'TABLE'] as const;
export type DeskType = (typeof DESK_TYPES)[number];

/** spec 1, revoTokenProducts item: action BORROW or RETURN. */
export const TOKEN_ACTIONS = ['BORROW', 'RETURN'] as const;

/** spec 2, "Order status". */
export const ORDER_STATUSES = [
	'NEW',
	'APPROVABLE',
	'APPROVED',
	'REJECTED',
	'DONE',
	'COMPLETED',
	'LEFT',
	'CANCELLED'
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** spec 2, "Transaction status values". */
export const TRANSACTION_STATUSES = [
	'UNPAID',
	'AUTHORIZED',
	'CAPTURED',
	'PAID_EXTERNALLY',
	'RELEASED',
	'FAILED',
	'PAYMENT_NOT_REQUIRED'
] as const;
export type OrderTransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** spec 2, "Order Source (origin)". */
export const ORDER_SOURCES = ['MOBILE', 'WEB', 'KIOSK'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

/** spec 2, delivery option type. */
export const DELIVERY_OPTION_TYPES = ['CUSTOM', 'TAKEAWAY', 'HOME_DELIVERY'] as const;
export type DeliveryOptionType = (typeof DELIVERY_OPTION_TYPES)[number];

/** spec 3, "Payment types". */
export const PAYMENT_TYPES = ['CREDIT', 'SPLIT_PAYMENT', 'EXTERNAL_PAYMENT'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
