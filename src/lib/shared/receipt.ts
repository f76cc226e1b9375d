/**
 * The figures of a completed sale, for the credit summary and the receipt: every line with its
 * gross amount, discount, and VAT rate; totals; the VAT contained per rate. The rates come from
 * the server with the sale (the platform's per-item figures with credits, spec 3 "The receipt
 * data is the per-item and total figures of the latest preview or update response"; the quote's
 * otherwise), never from the menu as it is now. Integer minor units throughout: the VAT contained
 * in a gross amount is round(amount × bp / (10000 + bp)), rounded half up in integers.
 * Invariant: the paid amounts (gross − discount) add up to credits + card. A product line is the
 * product at its own price with its free options named under it; each priced option follows as a
 * line of its own — as the credit preview sends them (server/sales/credit-items.ts), so a card
 * receipt and a credit receipt list the same lines.
 */
import type { AllergenId } from './food-facts.ts';
import { worthALine } from './format.ts';
import { isPriced, optionProductId } from './product-options.ts';
import { isPaid } from './sale-states.ts';
import type { CreditLineSummary, SaleLine, SaleView } from './sale-view.ts';
import { sum } from './sum.ts';
import type { StaffNames, Translated } from './translated.ts';

/** The VAT contained in a gross amount at `bp` basis points (19 % → 1900), rounded half up. */
export function vatInGross(grossMinor: number, bp: number): number {
	if (!Number.isSafeInteger(grossMinor) || !Number.isSafeInteger(bp) || bp < 0) {
		throw new RangeError('vatInGross needs integers');
	}
	const divisor = 10_000 + bp;
	const doubled = 2 * Math.abs(grossMinor) * bp + divisor;
	const vat = Math.floor(doubled / (2 * divisor));
	return grossMinor < 0 ? -vat : vat;
}

export interface VatRow {
	vatBp: number;
	grossMinor: number;
	vatMinor: number;
	netMinor: number;
}

/** Gross amounts summed per rate (ascending), with the VAT they contain and the net. */
export function vatSummary(entries: readonly { vatBp: number; grossMinor: number }[]): VatRow[] {
	const byRate = new Map<number, number>();
	for (const { vatBp, grossMinor } of entries) {
		byRate.set(vatBp, (byRate.get(vatBp) ?? 0) + grossMinor);
	}
	return [...byRate.entries()]
		.sort(([a], [b]) => a - b)
		.map(([vatBp, grossMinor]) => {
			const vatMinor = vatInGross(grossMinor, vatBp);
			return { vatBp, grossMinor, vatMinor, netMinor: grossMinor - vatMinor };
		});
}

/** What every receipt line carries: its amounts (gross − discount = credits + outstanding). */
interface LineFigures {
	quantity: number;
	grossMinor: number;
	discountMinor: number;
	creditsMinor: number;
	outstandingMinor: number;
	vatBp: number;
}

export type ReceiptLine = LineFigures &
	(
		| {
				kind: 'product';
				productId: string;
				name: Translated;
				/** The free options ("no onions"), shown under the name. */
				options: { name: Translated }[];
				/** What the line contains (Regulation (EU) No 1169/2011 Annex II); absent for none. */
				allergens?: AllergenId[];
				/** Its additives as the venue named them (the German "Zusatzstoffe"); absent for none. */
				additives?: Translated[];
		  }
		| {
				/** A priced option of the product line before it. */
				kind: 'option';
				/** The platform's id of the option (`<productId>~<choiceId>`). */
				productId: string;
				name: Translated;
		  }
		| { kind: 'deposit'; categoryId: string; name: string; names?: StaffNames }
		| {
				kind: 'fee' | 'other';
				/** The platform's name of the line (only for `other`: not one of ours). */
				name: string;
				quantity: 1;
		  }
	);

export interface ReceiptFigures {
	lines: ReceiptLine[];
	grossMinor: number;
	discountMinor: number;
	/** What the guest paid: gross − discount. */
	paidMinor: number;
	creditsMinor: number;
	/** By card: collected on the terminal (completed sale) or still to collect (previewed). */
	cardMinor: number;
	vat: VatRow[];
	/** paid = credits + card, and every line's gross − discount = credits + outstanding. */
	addsUp: boolean;
}

/**
 * The lines of a sale with their figures. With credits, the platform's per-line figures are used
 * (matched to our lines: products by id, deposits by name `Deposit: <category>`, the fee by name,
 * otherwise in order); without, the quote's lines with no discount and all on the card.
 */
export function figuresOf(view: SaleView): ReceiptFigures {
	const lines = view.credits ? creditLines(view, view.credits.lines) : cardLines(view);
	const grossMinor = sum(lines.map((line) => line.grossMinor));
	const discountMinor = sum(lines.map((line) => line.discountMinor));
	const paidMinor = grossMinor - discountMinor;
	const creditsMinor = view.credits?.creditsMinor ?? 0;
	const cardMinor = isPaid(view)
		? view.cardPaidMinor
		: (view.credits?.outstandingMinor ?? view.totalMinor);
	const vat = vatSummary(
		lines.map((line) => ({ vatBp: line.vatBp, grossMinor: line.grossMinor - line.discountMinor }))
	);
	const addsUp =
		paidMinor === creditsMinor + cardMinor &&
		lines.every(
			(line) => line.grossMinor - line.discountMinor === line.creditsMinor + line.outstandingMinor
		) &&
		sum(vat.map((row) => row.grossMinor)) === paidMinor;
	return { lines, grossMinor, discountMinor, paidMinor, creditsMinor, cardMinor, vat, addsUp };
}

/** How a sale was paid: with loyalty credits, by card. */
export type PaidPart = 'credits' | 'card';

/**
 * The parts a sale was paid in, as every receipt and the sale page list them: credits, then card,
 * each only where it paid something (`worthALine`) — an empty wallet scanned adds no credits line.
 */
export function paidParts(amounts: {
	creditsMinor: number;
	cardMinor: number;
}): { part: PaidPart; minor: number }[] {
	const parts: { part: PaidPart; minor: number }[] = [
		{ part: 'credits', minor: amounts.creditsMinor },
		{ part: 'card', minor: amounts.cardMinor }
	];
	return parts.filter((part) => worthALine(part.minor));
}

/** What a sold line contains, to list under it: its allergens and additives, each where it has any. */
const factsOf = ({ allergens, additives }: SaleLine) => ({
	...(allergens?.length ? { allergens } : {}),
	...(additives?.length ? { additives } : {})
});

/** The free options of a sold line, to show under its name. */
const freeOptions = (line: SaleLine) =>
	line.options.filter((option) => !isPriced(option)).map(({ name }) => ({ name }));

function cardLines(view: SaleView): ReceiptLine[] {
	const unpaid = (grossMinor: number) => ({
		grossMinor,
		discountMinor: 0,
		creditsMinor: 0,
		outstandingMinor: grossMinor
	});
	const lines: ReceiptLine[] = [
		...view.lines.flatMap((line): ReceiptLine[] => {
			const priced = line.options.filter(isPriced);
			const optionsMinor = sum(priced.map((option) => option.priceMinor));
			return [
				{
					kind: 'product',
					productId: line.productId,
					name: line.name,
					options: freeOptions(line),
					...factsOf(line),
					quantity: line.quantity,
					...unpaid((line.unitMinor - optionsMinor) * line.quantity),
					vatBp: line.vatBp
				},
				...priced.map((option): ReceiptLine => ({
					kind: 'option',
					productId: optionProductId(line.productId, option.id),
					name: option.name,
					quantity: line.quantity,
					...unpaid(option.priceMinor * line.quantity),
					vatBp: line.vatBp
				}))
			];
		}),
		...view.depositLines.map((line): ReceiptLine => ({
			kind: 'deposit',
			categoryId: line.categoryId,
			name: line.name,
			names: line.names,
			quantity: line.quantity,
			...unpaid(line.lineMinor),
			vatBp: line.vatBp
		}))
	];
	if (view.serviceFeeMinor > 0) {
		lines.push({
			kind: 'fee',
			name: '',
			quantity: 1,
			...unpaid(view.serviceFeeMinor),
			vatBp: view.serviceFeeVatBp
		});
	}
	return lines;
}

/** The name the checkout gives a deposit line in the credit preview (checkout.ts previewItems). */
const depositItemName = (category: string) => `Deposit: ${category}`;
/** The name of the service-fee item the checkout adds with update. */
const SERVICE_FEE_ITEM = 'Service fee';

function creditLines(view: SaleView, credits: readonly CreditLineSummary[]): ReceiptLine[] {
	const unmatchedDeposits = [...view.depositLines];
	// Each credit item takes the first sale line of its productId not yet taken: two lines of one
	// product (a small and a large fries) come back in the order they were sent.
	const unmatchedProducts = [...view.lines];
	const unmatchedOptions = view.lines.flatMap((line) =>
		line.options.map((option) => ({
			productId: optionProductId(line.productId, option.id),
			name: option.name,
			quantity: line.quantity
		}))
	);
	const take = <T extends { productId: string }>(list: T[], productId: string) => {
		const index = list.findIndex((candidate) => candidate.productId === productId);
		return index === -1 ? undefined : list.splice(index, 1)[0];
	};
	return credits.map((line): ReceiptLine => {
		const figures = {
			grossMinor: line.grossMinor,
			discountMinor: line.discountMinor,
			creditsMinor: line.creditsMinor,
			outstandingMinor: line.outstandingMinor,
			vatBp: line.vatBp
		};
		if (line.productId !== null) {
			const product = take(unmatchedProducts, line.productId);
			const option = product ? undefined : take(unmatchedOptions, line.productId);
			if (option) return { kind: 'option', ...option, ...figures };
			return {
				kind: 'product',
				productId: line.productId,
				name: product?.name ?? { en: line.name },
				options: product ? freeOptions(product) : [],
				...(product ? factsOf(product) : {}),
				quantity: product?.quantity ?? 1,
				...figures
			};
		}
		const byName = unmatchedDeposits.findIndex(
			(deposit) => depositItemName(deposit.name) === line.name
		);
		const isFee = line.name === SERVICE_FEE_ITEM;
		const index = byName !== -1 ? byName : isFee ? -1 : unmatchedDeposits.length > 0 ? 0 : -1;
		if (index !== -1) {
			const [deposit] = unmatchedDeposits.splice(index, 1);
			return {
				kind: 'deposit',
				categoryId: deposit!.categoryId,
				name: deposit!.name,
				names: deposit!.names,
				quantity: deposit!.quantity,
				...figures
			};
		}
		return {
			kind: isFee ? 'fee' : 'other',
			name: isFee ? '' : line.name,
			quantity: 1,
			...figures
		};
	});
}
