/**
 * IntegrationCounterOrderResponse (spec 2, "Order") in minor units of the order's currency.
 * VAT rates stay the spec's numbers. Enumerations the spec lists in full are checked; the two
 * whose wire values the spec does not give (the in-app payment processors, the platform's own
 * invoice type) accept any non-empty string. `invoicingType` arrives as one value or as a
 * combination (array or comma-separated) and is normalised to `invoicingTypes`.
 */
import { z } from 'zod';
import {
	amountSchema,
	currencyCodeSchema,
	dateTimeSchema,
	optional,
	withMinorUnits,
	type MinorConverter
} from './common.ts';
import { deskSchema, type Desk } from './identity.ts';
import {
	DELIVERY_OPTION_TYPES,
	ORDER_SOURCES,
	ORDER_STATUSES,
	TRANSACTION_STATUSES,
	type OrderSource,
	type OrderStatus,
	type OrderTransactionStatus
} from '@venue-kiosk/vocabulary/platform-vocabulary.ts';

type CounterOrderStatus = OrderStatus;
type CounterOrderTransactionStatus = OrderTransactionStatus;

/**
 * EXTERNAL_MANUAL: staff collect the payment at the counter. The in-app processors carry each
 * provider's own name on the wire (spec 2), so any other string is an in-app processor.
 */
type PaymentProcessor = 'EXTERNAL_MANUAL' | 'EXTERNAL_AUTO' | 'NONE' | (string & {});

/** PLACE_RECEIPT, PLACE_INVOICE, or the platform's own invoice (its wire value is not shown). */
type InvoicingType = 'PLACE_RECEIPT' | 'PLACE_INVOICE' | (string & {});

/** IntegrationModifierItemResponse; amounts exclude modifiers' own modifiers. */
export interface OrderModifier {
	productId: string;
	unitPriceMinor: number;
	/** Applied by the platform. */
	discountMinor: number;
	/** To collect outside the platform (at the counter). */
	externalPaymentMinor: number;
	/** VAT rate in percent (19, 5.5). */
	vat: number;
}

/** IntegrationBasketItemResponse: one unit of a product (the wire item has no quantity). */
export interface OrderItem extends OrderModifier {
	isTakeaway: boolean;
	modifiers: OrderModifier[];
}

interface OrderTip {
	tipMinor: number;
	externalPaymentMinor: number;
}

interface OrderDeliveryOption {
	id: string;
	deliveryOptionFeeMinor: number;
	externalPaymentMinor: number;
	vat: number;
	type: (typeof DELIVERY_OPTION_TYPES)[number];
}

interface OrderBuyerData {
	id: string;
	name: string;
	/** ISO 3166-1 alpha-2. */
	countryCode: string;
	zipCode: string;
	city: string;
	address: string;
	isCompany: boolean;
	companyName: string | null;
	taxNumber: string | null;
}

interface OrderDeliveryAddress {
	id: string;
	name: string;
	countryCode: string;
	zipCode: string;
	city: string;
	address: string;
	lat: number;
	lon: number;
	comment?: string;
}

export interface CounterOrder {
	id: string;
	createdAt: string;
	/** To show to the customer / call out when ready. */
	orderNumber: string;
	status: CounterOrderStatus;
	transactionStatus: CounterOrderTransactionStatus;
	paymentProcessor: PaymentProcessor;
	currencyCode: string;
	orderSource: OrderSource;
	tip: OrderTip;
	items: OrderItem[];
	desk: Desk;
	/** One or a supported combination (spec 2), always as a list. */
	invoicingTypes: InvoicingType[];
	approvedAt?: string;
	rejectedAt?: string;
	finishedAt?: string;
	completedAt?: string;
	leftAt?: string;
	userComment?: string;
	rejectionMessage?: string;
	deliveryOption?: OrderDeliveryOption;
	/** Custom key-value pairs; values as text. */
	metadata?: Record<string, string>;
	buyerData?: OrderBuyerData;
	deliveryAddressData?: OrderDeliveryAddress;
}

const modifierSchema = z.object({
	productId: z.string(),
	unitPrice: amountSchema,
	discount: amountSchema,
	externalPayment: amountSchema,
	vat: z.number()
});

const itemSchema = modifierSchema.extend({
	isTakeaway: z.boolean(),
	modifiers: z.array(modifierSchema)
});

const invoicingTypeSchema = z
	.union([z.string(), z.array(z.string())])
	.transform((value) =>
		(typeof value === 'string' ? value.split(',') : value).map((part) => part.trim())
	)
	.refine(
		(types) => types.length > 0 && types.every((type) => /^[A-Z][A-Z0-9_]*$/.test(type)),
		'must be one or more upper-snake invoicing types'
	);

const scalar = z.union([z.string(), z.number(), z.boolean()]);

/** "key-value pairs": an object, or a list of {key, value}; values kept as text. */
const metadataSchema = z
	.union([
		z.record(z.string(), scalar.nullable()),
		z.array(z.object({ key: z.string(), value: scalar.nullable() }))
	])
	.transform((value) => {
		const entries = Array.isArray(value)
			? value.map(({ key, value: text }) => [key, text] as const)
			: Object.entries(value);
		return Object.fromEntries(
			entries.map(([key, text]) => [key, text === null ? '' : String(text)])
		) as Record<string, string>;
	});

const rawOrderSchema = z.object({
	id: z.string().min(1),
	createdAt: dateTimeSchema,
	orderNumber: z.string(),
	status: z.enum(ORDER_STATUSES),
	transactionStatus: z.enum(TRANSACTION_STATUSES),
	paymentProcessor: z.string().min(1),
	currencyCode: currencyCodeSchema,
	orderSource: z.enum(ORDER_SOURCES),
	tip: z.object({ tip: amountSchema, externalPayment: amountSchema }),
	items: z.array(itemSchema),
	desk: deskSchema,
	invoicingType: invoicingTypeSchema,
	approvedAt: optional(dateTimeSchema),
	rejectedAt: optional(dateTimeSchema),
	finishedAt: optional(dateTimeSchema),
	completedAt: optional(dateTimeSchema),
	leftAt: optional(dateTimeSchema),
	userComment: optional(z.string()),
	rejectionMessage: optional(z.string()),
	deliveryOption: optional(
		z.object({
			id: z.string(),
			deliveryOptionFee: amountSchema,
			externalPayment: amountSchema,
			vat: z.number(),
			type: z.enum(DELIVERY_OPTION_TYPES)
		})
	),
	metadata: optional(metadataSchema),
	buyerData: optional(
		z.object({
			id: z.string(),
			name: z.string(),
			countryCode: z.string(),
			zipCode: z.string(),
			city: z.string(),
			address: z.string(),
			isCompany: z.boolean(),
			companyName: z
				.string()
				.nullish()
				.transform((value) => value ?? null),
			taxNumber: z
				.string()
				.nullish()
				.transform((value) => value ?? null)
		})
	),
	deliveryAddressData: optional(
		z.object({
			id: z.string(),
			name: z.string(),
			countryCode: z.string(),
			zipCode: z.string(),
			city: z.string(),
			address: z.string(),
			lat: z.number(),
			lon: z.number(),
			comment: optional(z.string())
		})
	)
});

type RawModifier = z.output<typeof modifierSchema>;

function convertModifier(
	raw: RawModifier,
	minor: MinorConverter,
	path: (string | number)[]
): OrderModifier {
	return {
		productId: raw.productId,
		unitPriceMinor: minor(raw.unitPrice, [...path, 'unitPrice']),
		discountMinor: minor(raw.discount, [...path, 'discount']),
		externalPaymentMinor: minor(raw.externalPayment, [...path, 'externalPayment']),
		vat: raw.vat
	};
}

/** Leaves out the keys whose value is undefined, so optional fields are absent, not undefined. */
function defined<T extends object>(value: T): T {
	return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}

export const counterOrderSchema = rawOrderSchema.transform((raw, ctx): CounterOrder =>
	withMinorUnits(ctx, raw.currencyCode, (minor) => {
		const { deliveryOption, invoicingType, tip, items, ...rest } = raw;
		return defined({
			...rest,
			tip: {
				tipMinor: minor(tip.tip, ['tip', 'tip']),
				externalPaymentMinor: minor(tip.externalPayment, ['tip', 'externalPayment'])
			},
			items: items.map((item, index) => ({
				...convertModifier(item, minor, ['items', index]),
				isTakeaway: item.isTakeaway,
				modifiers: item.modifiers.map((modifier, m) =>
					convertModifier(modifier, minor, ['items', index, 'modifiers', m])
				)
			})),
			invoicingTypes: invoicingType,
			deliveryOption: deliveryOption && {
				id: deliveryOption.id,
				deliveryOptionFeeMinor: minor(deliveryOption.deliveryOptionFee, [
					'deliveryOption',
					'deliveryOptionFee'
				]),
				externalPaymentMinor: minor(deliveryOption.externalPayment, [
					'deliveryOption',
					'externalPayment'
				]),
				vat: deliveryOption.vat,
				type: deliveryOption.type
			}
		});
	})
);

export const desksSchema = z.array(deskSchema);
