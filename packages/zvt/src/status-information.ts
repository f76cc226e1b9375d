/**
 * Status information (04 0F): the terminal's report of a transaction's result — after an
 * authorization, a reversal, a repeated receipt or an end of day (docs/zvt.md "Status
 * information"). Every field is optional on the wire; `resultCode` (BMP 27) is present in
 * every capture of the references and 00 means success.
 */
import { type Bmp } from './bmp.ts';
import {
	bcdDigitsField,
	bcdNumberField,
	byteField,
	panField,
	textField,
	tlvField,
	type FieldValues
} from './fields.ts';
import { individualTotalsField } from './individual-totals.ts';

export const STATUS_INFORMATION_FIELDS = {
	resultCode: byteField(0x27),
	amountMinor: bcdNumberField(0x04),
	currencyCode: bcdNumberField(0x49),
	traceNumber: bcdNumberField(0x0b),
	originalTraceNumber: bcdNumberField(0x37),
	receiptNumber: bcdNumberField(0x87),
	turnoverNumber: bcdNumberField(0x88),
	/** HHMMSS */
	time: bcdDigitsField(0x0c),
	/** MMDD */
	date: bcdDigitsField(0x0d),
	/** YYMMDD */
	dateWithYear: bcdDigitsField(0xaa),
	/** YYMM */
	expiryDate: bcdDigitsField(0x0e),
	cardSequenceNumber: bcdNumberField(0x17),
	paymentType: byteField(0x19),
	/** Card number; E marks a masked digit. */
	pan: panField(0x22),
	terminalId: bcdDigitsField(0x29),
	vuNumber: textField(0x2a),
	aid: textField(0x3b),
	additionalText: textField(0x3c),
	cardType: byteField(0x8a),
	cardName: textField(0x8b, { terminator: true }),
	cardTypeId: byteField(0x8c),
	/** The authorisation system's own result code. */
	resultCodeAs: byteField(0xa0),
	individualTotals: individualTotalsField,
	tlv: tlvField(0x06)
};

export type StatusInformationFields = FieldValues<typeof STATUS_INFORMATION_FIELDS>;

export interface StatusInformation extends StatusInformationFields {
	/** BMPs of known length that no field above names, as received. */
	others: Bmp[];
}
