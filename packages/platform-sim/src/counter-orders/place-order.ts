/**
 * A customer places an order in the platform's app (spec 2 order table: "(start) customer
 * places order → NEW"). Reached only through the control API; prices and VAT come from the
 * platform's product list, the order number is short and per place ("M-017").
 */
import { z } from 'zod';
import {
	decimalToScaledInteger,
	MoneyFormatError,
	toMinor
} from '@venue-kiosk/vocabulary/money.ts';
import { PlatformError, validationFailed } from '../errors.ts';
import type { CounterOrder, Desk, OrderItem, OrderModifier, Product, SimState } from '../state.ts';
import { INVOICING_TYPES, nextId, nextSequence, PAYMENT_PROCESSORS } from '../state.ts';
import { DESK_DISABLED, DESK_NOT_FOUND } from './desks.ts';
import { initialTransactionStatus } from './orders.ts';

const amount = z.number().nonnegative();
const text = (max: number) => z.string().min(1).max(max);

/** The address fields a buyer's and a delivery address share. */
const postalAddress = {
	id: text(200).optional(),
	name: text(200),
	countryCode: z.string().regex(/^[A-Z]{2}$/),
	zipCode: text(20),
	city: text(200),
	address: text(500)
};

const modifierInput = z.strictObject({ productId: text(200), discount: amount.optional() });

export const placeOrderSchema = z.strictObject({
	placeId: text(200),
	deskId: text(200).optional(),
	paymentProcessor: z.enum(PAYMENT_PROCESSORS).default('EXTERNAL_MANUAL'),
	items: z
		.array(
			z.strictObject({
				productId: text(200),
				quantity: z.int().min(1).max(50).default(1),
				isTakeaway: z.boolean().default(false),
				discount: amount.optional(),
				modifiers: z.array(modifierInput).max(20).default([])
			})
		)
		.min(1)
		.max(100)
		.optional(),
	orderSource: z.enum(['MOBILE', 'WEB', 'KIOSK']).default('MOBILE'),
	tip: z
		.union([amount, z.strictObject({ tip: amount, externalPayment: amount.optional() })])
		.optional(),
	userComment: z.string().max(2000).optional(),
	invoicingType: z.enum(INVOICING_TYPES).default('PLACE_RECEIPT'),
	metadata: z.record(z.string().min(1).max(200), z.string().max(2000)).optional(),
	deliveryOption: z
		.strictObject({
			id: text(200).optional(),
			type: z.enum(['CUSTOM', 'TAKEAWAY', 'HOME_DELIVERY']),
			deliveryOptionFee: amount.default(0),
			vat: z.number().min(0).max(100).default(19)
		})
		.optional(),
	buyerData: z
		.strictObject({
			...postalAddress,
			isCompany: z.boolean(),
			companyName: z.string().max(200).nullable().default(null),
			taxNumber: z.string().max(50).nullable().default(null)
		})
		.optional(),
	deliveryAddressData: z
		.strictObject({
			...postalAddress,
			lat: z.number().min(-90).max(90),
			lon: z.number().min(-180).max(180),
			comment: z.string().max(2000).optional()
		})
		.optional()
});
export type PlaceOrderInput = z.output<typeof placeOrderSchema>;

export const PLACE_NOT_FOUND = 'PLACE_NOT_FOUND';
export const DESK_NOT_IN_PLACE = 'DESK_NOT_IN_PLACE';

/** Major units → minor units, or 400 VALIDATION_FAILED naming the field. */
function minor(value: number, currency: string, field: string): number {
	try {
		return toMinor(value, currency);
	} catch (error) {
		if (error instanceof MoneyFormatError) throw validationFailed([`${field}: ${error.message}`]);
		throw error;
	}
}

function vatBp(percent: number, field: string): number {
	try {
		return decimalToScaledInteger(percent, 2);
	} catch (error) {
		if (error instanceof MoneyFormatError) throw validationFailed([`${field}: ${error.message}`]);
		throw error;
	}
}

function pickDesk(state: SimState, placeId: string, deskId: string | undefined): Desk {
	if (deskId !== undefined) {
		const desk = state.desks.find((candidate) => candidate.id === deskId);
		if (!desk) throw new PlatformError(404, DESK_NOT_FOUND, `No desk ${deskId}.`, [deskId]);
		if (desk.placeId !== placeId) {
			throw new PlatformError(400, DESK_NOT_IN_PLACE, `Desk ${deskId} belongs to another place.`, [
				deskId,
				placeId
			]);
		}
		if (!desk.enabled) {
			throw new PlatformError(
				400,
				DESK_DISABLED,
				`Desk ${deskId} is disabled; it takes no new orders.`,
				[deskId]
			);
		}
		return desk;
	}
	const open = state.desks.filter((desk) => desk.placeId === placeId && desk.enabled);
	const desk = open.find((candidate) => candidate.type === 'COUNTER') ?? open[0];
	if (!desk) {
		throw new PlatformError(400, DESK_DISABLED, `Place ${placeId} has no enabled desk.`, [placeId]);
	}
	return desk;
}

/** Two realistic items when none are given: the place's first drink and first food. */
function defaultItems(products: Product[]): NonNullable<PlaceOrderInput['items']> {
	const drink = products.find((product) => product.productId.startsWith('drink_'));
	const food = products.find((product) => product.productId.startsWith('food_'));
	const picks = drink && food ? [drink, food] : products.slice(0, 2);
	return picks.map((product) => ({
		productId: product.productId,
		quantity: 1,
		isTakeaway: false,
		modifiers: []
	}));
}

/** "M-017": the place name's initial and a per-place counter (spec 2: "short, to call out"). */
function orderNumber(state: SimState, placeId: string, placeName: string): string {
	const initial = /^[A-Za-z]/.test(placeName) ? placeName[0]!.toUpperCase() : 'A';
	const sequence = nextSequence(state, `order:${placeId}`);
	return `${initial}-${String(sequence).padStart(3, '0')}`;
}

/**
 * Places a NEW order. Only EXTERNAL_MANUAL orders carry an externalPayment (the part staff
 * collect at the counter): unit price − discount per item and modifier, the whole tip and fee.
 */
export function placeOrder(state: SimState, input: PlaceOrderInput, now: number): CounterOrder {
	const place = state.places.find((candidate) => candidate.id === input.placeId);
	if (!place) {
		throw new PlatformError(404, PLACE_NOT_FOUND, `No place ${input.placeId}.`, [input.placeId]);
	}
	const currency =
		state.organizations.find((org) => org.id === place.organizationId)?.currencyCode ?? 'EUR';
	const desk = pickDesk(state, place.id, input.deskId);
	const products = state.products.filter((product) => product.placeIds.includes(place.id));
	const collectsAtCounter = input.paymentProcessor === 'EXTERNAL_MANUAL';

	const line = (productId: string, discount: number | undefined, field: string): OrderModifier => {
		const product = products.find((candidate) => candidate.productId === productId);
		if (!product) {
			throw validationFailed([`${field}.productId: no product ${productId} sold at ${place.id}`]);
		}
		const discountMinor =
			discount === undefined ? 0 : minor(discount, currency, `${field}.discount`);
		if (discountMinor > product.grossMinor) {
			throw validationFailed([`${field}.discount: larger than the unit price`]);
		}
		return {
			productId,
			unitPriceMinor: product.grossMinor,
			discountMinor,
			externalPaymentMinor: collectsAtCounter ? product.grossMinor - discountMinor : 0,
			vatBp: product.vatBp
		};
	};

	const items: OrderItem[] = (input.items ?? defaultItems(products)).flatMap((item, index) => {
		const field = `items.${index}`;
		const base = line(item.productId, item.discount, field);
		const modifiers = item.modifiers.map((modifier, m) =>
			line(modifier.productId, modifier.discount, `${field}.modifiers.${m}`)
		);
		// The platform's basket item has no quantity: each unit is its own item.
		return Array.from({ length: item.quantity }, () => ({
			...base,
			isTakeaway: item.isTakeaway,
			modifiers: modifiers.map((modifier) => ({ ...modifier }))
		}));
	});

	const tipInput = typeof input.tip === 'number' ? { tip: input.tip } : input.tip;
	const tipMinor = tipInput ? minor(tipInput.tip, currency, 'tip') : 0;
	const tipExternalMinor =
		tipInput?.externalPayment !== undefined
			? minor(tipInput.externalPayment, currency, 'tip.externalPayment')
			: collectsAtCounter
				? tipMinor
				: 0;
	if (tipExternalMinor > tipMinor) throw validationFailed(['tip.externalPayment: larger than tip']);

	const delivery = input.deliveryOption && {
		...input.deliveryOption,
		feeMinor: minor(
			input.deliveryOption.deliveryOptionFee,
			currency,
			'deliveryOption.deliveryOptionFee'
		),
		vatBp: vatBp(input.deliveryOption.vat, 'deliveryOption.vat')
	};

	// Everything is valid: only now take ids and numbers, so a refused order changes nothing.
	const order: CounterOrder = {
		id: nextId(state, `ord_${state.instance}`),
		placeId: place.id,
		deskId: desk.id,
		orderNumber: orderNumber(state, place.id, place.name),
		status: 'NEW',
		transactionStatus: initialTransactionStatus(input.paymentProcessor),
		paymentProcessor: input.paymentProcessor,
		currencyCode: currency,
		orderSource: input.orderSource,
		tip: { tipMinor, externalPaymentMinor: tipExternalMinor },
		invoicingType: input.invoicingType,
		items,
		createdAt: now
	};
	if (input.userComment !== undefined) order.userComment = input.userComment;
	if (input.metadata) order.metadata = { ...input.metadata };
	if (delivery) {
		order.deliveryOption = {
			id: delivery.id ?? nextId(state, 'dlv'),
			deliveryOptionFeeMinor: delivery.feeMinor,
			externalPaymentMinor: collectsAtCounter ? delivery.feeMinor : 0,
			vatBp: delivery.vatBp,
			type: delivery.type
		};
	}
	if (input.buyerData) {
		const { id, ...buyer } = input.buyerData;
		order.buyerData = { id: id ?? nextId(state, 'buyer'), ...buyer };
	}
	if (input.deliveryAddressData) {
		const { id, comment, ...address } = input.deliveryAddressData;
		order.deliveryAddressData = {
			id: id ?? nextId(state, 'addr'),
			...address,
			...(comment !== undefined && { comment })
		};
	}
	state.counterOrders.push(order);
	return order;
}
