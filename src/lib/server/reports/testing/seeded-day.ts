/**
 * A venue day of varied sales for the day report's spec and bench: card sales with and without the
 * service fee, credit and split sales with discounts, priced options, several VAT rates, deposits,
 * several kiosks, spread over the day's hours. `daySale(i, …)` is the i-th sale, the same on every
 * call, so a spec can pin the report of a day and a bench can seed 100k sales of it.
 */
import type { CreditLineSummary } from '#lib/shared/sale-view.ts';
import { creditsFactory, quoteFactory, saleFactory } from '../../sales/testing/factories.ts';
import type { Sale } from '../../sales/sale.ts';

export const SEEDED_KIOSKS = ['kiosk-bar', 'kiosk-garden', 'kiosk-hall'] as const;

interface Product {
	id: string;
	name: { en: string; de: string };
	unitMinor: number;
	vatBp: number;
	/** A priced option chosen on every other line of it. */
	option?: { id: string; name: { en: string; de: string }; priceMinor: number };
	/** Served in a cup with a deposit. */
	cup?: boolean;
}

type ProductLine = Sale['quote']['lines'][number];

const PRODUCTS: readonly Product[] = [
	{ id: 'pils', name: { en: 'Pils', de: 'Pils' }, unitMinor: 450, vatBp: 1900, cup: true },
	{
		id: 'burger',
		name: { en: 'Burger', de: 'Burger' },
		unitMinor: 990,
		vatBp: 700,
		option: { id: 'cheese', name: { en: 'Cheese', de: 'Käse' }, priceMinor: 80 }
	},
	{ id: 'pretzel', name: { en: 'Pretzel', de: 'Brezel' }, unitMinor: 333, vatBp: 700 },
	{ id: 'water', name: { en: 'Water', de: 'Wasser' }, unitMinor: 250, vatBp: 1900, cup: true },
	{ id: 'ticket', name: { en: 'Ticket', de: 'Karte' }, unitMinor: 1200, vatBp: 0 }
];

const CUP_MINOR = 200;

/** The i-th sale of the day, paid at `paidAt` at one of SEEDED_KIOSKS. */
export function daySale(index: number, paidAt: string, expiresAt: string): Sale {
	const lines: ProductLine[] = [];
	const count = 1 + (index % 3);
	for (let n = 0; n < count; n += 1) {
		const product = PRODUCTS[(index + n * 2) % PRODUCTS.length]!;
		const quantity = 1 + ((index + n) % 4);
		const option = product.option && (index + n) % 2 === 0 ? product.option : undefined;
		const unitMinor = product.unitMinor + (option?.priceMinor ?? 0);
		lines.push({
			productId: product.id,
			name: product.name,
			options: option ? [option] : [],
			quantity,
			baseMinor: product.unitMinor,
			unitMinor,
			lineMinor: unitMinor * quantity,
			vatBp: product.vatBp
		});
	}
	const cups = lines
		.filter((line) => PRODUCTS.find((product) => product.id === line.productId)?.cup)
		.reduce((sum, line) => sum + line.quantity, 0);
	const goodsMinor = lines.reduce((sum, line) => sum + line.lineMinor, 0);
	const depositMinor = cups * CUP_MINOR;
	const serviceFeeMinor = index % 5 === 0 ? 49 : 0;
	const quote = quoteFactory({
		lines,
		depositLines:
			cups > 0
				? [
						{
							categoryId: 'cup',
							name: 'Cup',
							quantity: cups,
							unitMinor: CUP_MINOR,
							vatBp: 0,
							lineMinor: depositMinor,
							expirationHours: 24
						}
					]
				: [],
		goodsMinor,
		depositMinor,
		totalMinor: goodsMinor + depositMinor,
		serviceFeeMinor,
		serviceFeeVatBp: 1900
	});
	const sale = saleFactory({
		id: `sale-${String(index).padStart(6, '0')}`,
		deviceId: SEEDED_KIOSKS[index % SEEDED_KIOSKS.length]!,
		state: 'completed',
		orderNumber: `K-${index}`,
		paidAt,
		createdAt: paidAt,
		updatedAt: paidAt,
		quote,
		deposit:
			cups > 0
				? {
						code: `CODE${index}`,
						sequenceNumber: String(index),
						categories: [{ categoryId: 'cup', name: 'Cup', count: cups, expiresAt }]
					}
				: null
	});
	const kind = index % 4; // 0, 1: card; 2: credits; 3: split
	if (kind < 2) return { ...sale, cardPaidMinor: quote.totalMinor + serviceFeeMinor };
	// With credits the platform prices every line, a discount on the products, the fee as a line.
	const creditLines: CreditLineSummary[] = [
		...lines.flatMap((line): CreditLineSummary[] => {
			const optionMinor = line.options.reduce((sum, option) => sum + option.priceMinor, 0);
			const productMinor = (line.unitMinor - optionMinor) * line.quantity;
			const discountMinor = Math.floor(productMinor / 10);
			return [
				{
					productId: line.productId,
					name: line.name.en,
					grossMinor: productMinor,
					discountMinor,
					creditsMinor: 0,
					outstandingMinor: 0,
					vatBp: line.vatBp
				},
				...line.options.map((option) => ({
					productId: `${line.productId}~${option.id}`,
					name: option.name.en,
					grossMinor: option.priceMinor * line.quantity,
					discountMinor: 0,
					creditsMinor: 0,
					outstandingMinor: 0,
					vatBp: line.vatBp
				}))
			];
		}),
		...(cups > 0
			? [
					{
						productId: null,
						name: 'Deposit: Cup',
						grossMinor: depositMinor,
						discountMinor: 0,
						creditsMinor: 0,
						outstandingMinor: 0,
						vatBp: 0
					}
				]
			: []),
		...(serviceFeeMinor > 0
			? [
					{
						productId: null,
						name: 'Service fee',
						grossMinor: serviceFeeMinor,
						discountMinor: 0,
						creditsMinor: 0,
						outstandingMinor: 0,
						vatBp: 1900
					}
				]
			: [])
	];
	// Credits cover every line (credits) or half of each (split); the card the rest.
	for (const line of creditLines) {
		const due = line.grossMinor - line.discountMinor;
		line.creditsMinor = kind === 2 ? due : Math.floor(due / 2);
		line.outstandingMinor = due - line.creditsMinor;
	}
	const total = (key: keyof CreditLineSummary) =>
		creditLines.reduce((sum, line) => sum + (line[key] as number), 0);
	const credits = creditsFactory(
		{
			grossMinor: total('grossMinor'),
			discountMinor: total('discountMinor'),
			creditsMinor: total('creditsMinor')
		},
		{ lines: creditLines, keyHint: `k${index % 10}` }
	);
	return { ...sale, credits, cardPaidMinor: credits.outstandingMinor };
}
