/**
 * A sale's receipt for an 80 mm ESC/POS printer (48 columns of Font A): what the on-screen slip
 * shows (components/kiosk/ReceiptSlip.svelte) in the same order and the guest's language — order
 * number; the deposit code as a native QR code with its sequence number and the return deadline
 * of each container; organization, place and time; the lines with their discounts; the totals,
 * and the credits and card amount where they paid something; the VAT contained per rate. Amounts are the receipt figures
 * (#lib/shared/receipt.ts) formatted by money.ts: nothing is computed here, so the paper adds up
 * exactly as the sale does.
 */
import { receiptFactsSentence } from '#lib/shared/food-fact-labels.ts';
import { containerName, formatDateTime, formatRate, optionNames } from '#lib/shared/format.ts';
import { lineLabel } from '#lib/shared/line-label.ts';
import { paidParts, type ReceiptFigures, type ReceiptLine } from '#lib/shared/receipt.ts';
import { formatMoney } from '@venue-kiosk/vocabulary/money.ts';
import { m } from '#lib/paraglide/messages.js';
import type { Locale } from '#lib/paraglide/runtime.js';
import type { IssuedDeposit } from '#lib/shared/sale-view.ts';
import { encodeBlocks, type PrintBlock } from './escpos-encoder.ts';
import {
	labelledAmount,
	PAPER_COLUMNS,
	tableRow,
	textBlocks as lines,
	wrapText
} from './text-columns.ts';

/**
 * 8 dots per module: the deposit code (40 characters, a version 3 symbol of 29 modules at level
 * M) prints about 29 mm wide, plus the quiet zone the printer leaves around it.
 */
export const DEPOSIT_QR_MODULE_DOTS = 8;

export interface PrintableReceipt {
	organization: string | null;
	place: string | null;
	orderNumber: string;
	/** When this receipt is printed (ISO 8601). */
	issuedAt: string;
	/** The venue's clock (config `venueTimeZone`), for the print time and the return deadlines. */
	timeZone: string;
	currencyCode: string;
	/** The sale's figures: `figuresOf(view)` or `saleFigures(sale)`. */
	figures: ReceiptFigures;
	deposit: IssuedDeposit | null;
	/** The deposit was paid but no code issued (sale problem `deposits-not-issued`). */
	depositCodeMissing: boolean;
	/** A reprint: marked as a copy, so it is not taken for a second sale. */
	copy: boolean;
}

const RULE_BLOCK: PrintBlock = {
	kind: 'text',
	text: '-'.repeat(PAPER_COLUMNS),
	align: 'left',
	bold: false,
	size: 1
};

/** Lines already laid out to the full width. */
const laidOut = (texts: readonly string[], bold = false): PrintBlock[] =>
	texts.map((text) => ({ kind: 'text', text, align: 'left', bold, size: 1 }));

function depositBlocks(deposit: IssuedDeposit, receipt: PrintableReceipt, locale: Locale) {
	return [
		...lines(m.kiosk_deposit_code_title({}, { locale }), { align: 'center', bold: true }),
		{
			kind: 'qr',
			payload: deposit.code,
			align: 'center',
			moduleDots: DEPOSIT_QR_MODULE_DOTS
		} satisfies PrintBlock,
		...lines(m.kiosk_sequence_number({ number: deposit.sequenceNumber }, { locale }), {
			align: 'center',
			bold: true,
			size: 2
		}),
		...deposit.categories.flatMap((category) => [
			...lines(
				m.kiosk_deposit_line(
					{ count: category.count, container: containerName(category, locale) },
					{ locale }
				),
				{
					align: 'center',
					bold: true
				}
			),
			...lines(
				m.kiosk_return_by(
					{ deadline: formatDateTime(category.expiresAt, locale, receipt.timeZone) },
					{ locale }
				),
				{ align: 'center' }
			)
		]),
		...lines(m.kiosk_deposit_code_hint({}, { locale }), { align: 'center' }),
		...lines(m.kiosk_deposit_code_keep_receipt({}, { locale }), { align: 'center' }),
		{ kind: 'feed', lines: 1 } satisfies PrintBlock
	];
}

function lineBlocks(line: ReceiptLine, money: (minor: number) => string, locale: Locale) {
	const options =
		line.kind === 'product' && line.options.length > 0
			? wrapText(optionNames(line.options, locale), PAPER_COLUMNS - 2).map((text) => `  ${text}`)
			: [];
	const facts =
		line.kind === 'product' && (line.allergens?.length || line.additives?.length)
			? wrapText(receiptFactsSentence(line, locale), PAPER_COLUMNS - 2).map((text) => `  ${text}`)
			: [];
	const discount =
		line.discountMinor > 0
			? labelledAmount(
					m.kiosk_discount({}, { locale }),
					`−${money(line.discountMinor)}`,
					PAPER_COLUMNS,
					2
				)
			: [];
	return laidOut([
		...labelledAmount(lineLabel(line, locale), money(line.grossMinor), PAPER_COLUMNS),
		...options,
		...facts,
		...discount
	]);
}

function totalBlocks(receipt: PrintableReceipt, money: (minor: number) => string, locale: Locale) {
	const { figures } = receipt;
	const total = (label: string, amount: string, bold = false) =>
		laidOut(labelledAmount(label, amount, PAPER_COLUMNS), bold);
	return [
		...total(m.kiosk_total({}, { locale }), money(figures.grossMinor)),
		...(figures.discountMinor > 0
			? total(m.kiosk_discount({}, { locale }), `−${money(figures.discountMinor)}`)
			: []),
		...total(m.kiosk_total_paid({}, { locale }), money(figures.paidMinor), true),
		...paidParts(figures).flatMap(({ part, minor }) =>
			total(
				part === 'credits'
					? m.kiosk_paid_with_credits({}, { locale })
					: m.kiosk_paid_by_card({}, { locale }),
				money(minor)
			)
		)
	];
}

/** Rate, net, VAT, gross: 9 + 3 × 13 = 48 columns. */
function vatBlocks(figures: ReceiptFigures, money: (minor: number) => string, locale: Locale) {
	const row = (rate: string, net: string, vat: string, gross: string) =>
		tableRow([
			{ text: rate, width: 9, align: 'left' },
			{ text: net, width: 13, align: 'right' },
			{ text: vat, width: 13, align: 'right' },
			{ text: gross, width: 13, align: 'right' }
		]);
	return [
		...lines(m.kiosk_vat_title({}, { locale }), { bold: true }),
		...laidOut([
			row(
				m.kiosk_vat_rate({}, { locale }),
				m.kiosk_vat_net({}, { locale }),
				m.kiosk_vat_amount({}, { locale }),
				m.kiosk_vat_gross({}, { locale })
			),
			...figures.vat.map((vat) =>
				row(
					formatRate(vat.vatBp, locale),
					money(vat.netMinor),
					money(vat.vatMinor),
					money(vat.grossMinor)
				)
			)
		])
	];
}

/** The receipt as printable blocks, in `locale` (the guest's language). */
export function receiptBlocks(receipt: PrintableReceipt, locale: Locale): PrintBlock[] {
	const money = (minor: number) => formatMoney(minor, receipt.currencyCode, locale);
	const issuer = [receipt.organization, receipt.place].filter((part) => part !== null);
	return [
		...lines(m.kiosk_order_number({}, { locale }), { align: 'center' }),
		...lines(receipt.orderNumber, { align: 'center', bold: true, size: 2 }),
		{ kind: 'feed', lines: 1 },
		...(receipt.depositCodeMissing
			? [...lines(m.kiosk_deposits_not_issued({}, { locale }), { bold: true }), RULE_BLOCK]
			: []),
		...(receipt.deposit ? depositBlocks(receipt.deposit, receipt, locale) : []),
		...lines(m.kiosk_receipt_heading({}, { locale }), { align: 'center', bold: true }),
		...(receipt.copy
			? lines(m.receipt_copy({}, { locale }).toUpperCase(), { align: 'center', bold: true })
			: []),
		...issuer.flatMap((part) => lines(part)),
		...lines(formatDateTime(receipt.issuedAt, locale, receipt.timeZone)),
		RULE_BLOCK,
		...laidOut(
			[
				tableRow([
					{ text: m.kiosk_col_item({}, { locale }), width: PAPER_COLUMNS / 2, align: 'left' },
					{ text: m.kiosk_col_price({}, { locale }), width: PAPER_COLUMNS / 2, align: 'right' }
				])
			],
			true
		),
		...receipt.figures.lines.flatMap((line) => lineBlocks(line, money, locale)),
		RULE_BLOCK,
		...totalBlocks(receipt, money, locale),
		RULE_BLOCK,
		...vatBlocks(receipt.figures, money, locale),
		{ kind: 'feed', lines: 2 },
		{ kind: 'cut' }
	];
}

/** The receipt as the bytes to send to the printer. */
export function receiptBytes(receipt: PrintableReceipt, locale: Locale): Uint8Array {
	return encodeBlocks(receiptBlocks(receipt, locale));
}
