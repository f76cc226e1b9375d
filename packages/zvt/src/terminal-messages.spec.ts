import { describe, expect, it } from 'vitest';
import { decodeApdu } from './apdu.ts';
import { fromHex, toHex } from './bytes.ts';
import { intermediateStatusMessage, intermediateStatusTexts } from './intermediate-status.ts';
import {
	decodeTerminalMessage,
	encodeTerminalMessage,
	printTextLines,
	type TerminalMessage
} from './terminal-messages.ts';
import { thrownBy } from './testing/thrown.ts';

const decodeHex = (hex: string) => decodeTerminalMessage(decodeApdu(fromHex(hex)));
const text = (value: string) => new TextEncoder().encode(value);

describe('status information (04 0F)', () => {
	it('reads an approved payment (EVerest test_status_information, 1680728165.675509000_pt_ecr.blob)', () => {
		const message = decodeHex(
			'04 0F 5A 27 00 04 00 00 00 00 25 00 49 09 78 0C 22 55 58 0D 04 05 22 F0 F8 55 98 83 EE EE EE 80 74 87 02 31 3B 37 35 30 30 37 31 00 00 0B 00 09 75 19 60 29 52 52 35 35 0E 24 05 8A 06 8C 01 8B F1 F1 4D 61 73 74 65 72 43 61 72 64 00 2A 38 30 34 30 31 31 39 32 36 20 20 20 20 20 20'
		);
		expect(message).toEqual({
			type: 'status-information',
			info: {
				resultCode: 0,
				amountMinor: 2500,
				currencyCode: 978,
				time: '225558',
				date: '0405',
				pan: '559883EEEEEE8074',
				receiptNumber: 231,
				aid: '750071',
				traceNumber: 975,
				paymentType: 0x60,
				terminalId: '52523535',
				expiryDate: '2405',
				cardType: 6,
				cardTypeId: 1,
				cardName: 'MasterCard',
				vuNumber: '804011926      ',
				others: []
			}
		});
	});

	it('reads an abort by the customer with its text (Portalum.Zvt Parse_AbortByKey)', () => {
		const message = decodeHex(
			'04 0F 1E 27 6C 29 28 00 48 69 3C F0 F1 F9 41 62 62 72 75 63 68 20 64 75 72 63 68 20 4B 75 6E 64 65'
		);
		expect(message).toMatchObject({
			type: 'status-information',
			info: { resultCode: 0x6c, terminalId: '28004869', additionalText: 'Abbruch durch Kunde' }
		});
	});

	it('reads result-code-AS, turnover number and a TLV (Portalum.Zvt Parse_TlvInfos1)', () => {
		const message = decodeHex(
			'04-0F-65-27-00-0C-23-13-55-0D-10-29-0E-99-99-22-F0-F8-EE-EE-EE-EE-EE-EE-47-71-A0-01-29-00-00-00-06-87-00-08-0B-00-00-00-8A-06-8B-F1-F1-4D-41-53-54-45-52-43-41-52-44-00-06-2E-2F-08-1F-12-01-02-1F-10-01-00-60-1B-43-07-A0-00-00-00-04-10-10-44-10-44-65-62-69-74-20-4D-61-73-74-65-72-63-61-72-64-1F-2B-04-10-01-50-08'
		);
		expect(message).toMatchObject({
			type: 'status-information',
			info: {
				resultCode: 0,
				resultCodeAs: 1,
				terminalId: '00000006',
				receiptNumber: 8,
				traceNumber: 0,
				cardName: 'MASTERCARD',
				pan: 'EEEEEEEEEEEE4771',
				tlv: [
					{
						tag: 0x2f,
						children: [
							{ tag: 0x1f12, value: fromHex('02') },
							{ tag: 0x1f10, value: fromHex('00') }
						]
					},
					expect.objectContaining({ tag: 0x60 }),
					{ tag: 0x1f2b, value: fromHex('10 01 50 08') }
				]
			}
		});
	});

	it('reads end-of-day totals (EVerest capture 1680761828.489701000_pt_ecr.blob)', () => {
		const message = decodeHex(
			'04 0F 4D 27 00 04 00 00 00 00 09 58 0B 00 09 82 0D 04 06 0C 08 17 06 60 F0 F5 F3 02 33 02 34 00 00 00 00 00 00 00 00 00 00 00 00 00 00 02 00 00 00 00 09 58 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00'
		);
		expect(message.type === 'status-information' && message.info).toMatchObject({
			amountMinor: 958,
			traceNumber: 982,
			individualTotals: {
				receiptNumberFrom: 233,
				receiptNumberTo: 234,
				schemes: {
					girocard: { count: 0, totalMinor: 0 },
					eurocard: { count: 2, totalMinor: 958 },
					others: { count: 0, totalMinor: 0 }
				}
			}
		});
	});

	it('round-trips every field, and keeps BMPs it does not name', () => {
		const message: TerminalMessage = {
			type: 'status-information',
			info: {
				resultCode: 0,
				amountMinor: 999_999_999_999,
				currencyCode: 978,
				traceNumber: 12,
				originalTraceNumber: 11,
				receiptNumber: 9999,
				turnoverNumber: 123,
				time: '235959',
				date: '1231',
				dateWithYear: '261231',
				expiryDate: '2812',
				cardSequenceNumber: 1,
				paymentType: 0x40,
				pan: '4711EEEEEE123',
				terminalId: '12345678',
				vuNumber: 'VU 1',
				aid: '123456',
				additionalText: 'Danke',
				cardType: 5,
				cardName: 'girocard',
				cardTypeId: 0,
				resultCodeAs: 0,
				individualTotals: {
					receiptNumberFrom: 1,
					receiptNumberTo: 3,
					schemes: {
						girocard: { count: 3, totalMinor: 1234 },
						jcb: { count: 0, totalMinor: 0 },
						eurocard: { count: 0, totalMinor: 0 },
						amex: { count: 0, totalMinor: 0 },
						visa: { count: 0, totalMinor: 0 },
						diners: { count: 0, totalMinor: 0 },
						others: { count: 0, totalMinor: 0 }
					}
				},
				tlv: [{ tag: 0x1f10, value: fromHex('00') }],
				others: [{ id: 0x3a, value: fromHex('12 3F') }]
			}
		};
		expect(decodeTerminalMessage(decodeApdu(encodeTerminalMessage(message)))).toEqual(message);
	});

	it('refuses a BMP given twice and a field of bad BCD', () => {
		expect(thrownBy(() => decodeHex('04 0F 04 27 00 27 00'))).toMatchObject({
			kind: 'bad-layout',
			offset: 6
		});
		expect(thrownBy(() => decodeHex('04 0F 07 04 00 00 00 00 2A 00'))).toMatchObject({
			kind: 'bad-bcd',
			offset: 8
		});
		expect(thrownBy(() => decodeHex('04 0F 02 87 01'))).toMatchObject({ kind: 'length-overrun' });
	});

	it('steps over BMPs it does not read, fixed and variable, and keeps them', () => {
		// 70: display image request id (4 bytes); E1: text 2 line 1 (LL-var); F1: text 1 line 1.
		const message = decodeHex(
			'04 0F 20 27 00 70 00 00 00 01 E1 F0 F2 41 42 F1 F0 F1 43 04 00 00 00 00 25 00 EB 01 02 03 04 05 06 07 08'
		);
		expect(message).toEqual({
			type: 'status-information',
			info: {
				resultCode: 0,
				amountMinor: 2500,
				others: [
					{ id: 0x70, value: fromHex('00 00 00 01') },
					{ id: 0xe1, value: text('AB') },
					{ id: 0xf1, value: text('C') },
					{ id: 0xeb, value: fromHex('01 02 03 04 05 06 07 08') }
				]
			}
		});
		expect(toHex(encodeTerminalMessage(message))).toBe(
			'04 0F 20 27 00 04 00 00 00 00 25 00 70 00 00 00 01 E1 F0 F2 41 42 F1 F0 F1 43 EB 01 02 03 04 05 06 07 08'
		);
	});

	it('reads texts in code page 437, or in the ISO 8859 part TLV tag 14 names', () => {
		// "für" in code page 437 is 66 81 72; in ISO 8859-1 66 FC 72.
		expect(decodeHex('04 0F 07 3C F0 F0 F3 66 81 72')).toMatchObject({
			info: { additionalText: 'für' }
		});
		expect(decodeHex('04 0F 0C 3C F0 F0 F3 66 FC 72 06 03 14 01 01')).toMatchObject({
			info: { additionalText: 'für', tlv: [{ tag: 0x14, value: fromHex('01') }] }
		});
		// A value that names no character set we read leaves the default.
		expect(decodeHex('04 0F 0C 3C F0 F0 F3 66 81 72 06 03 14 01 0C')).toMatchObject({
			info: { additionalText: 'für' }
		});
	});
});

describe('intermediate status (04 FF)', () => {
	it('reads a bare status (EVerest test_intermediate_status: 04 FF 01 17)', () => {
		const message = decodeHex('04 FF 01 17');
		expect(message).toEqual({ type: 'intermediate-status', status: { status: 0x17 } });
		expect(intermediateStatusMessage(0x17)).toBe('please-wait');
		expect(intermediateStatusMessage(0x0a)).toBe('insert-card');
		expect(intermediateStatusMessage(0x01)).toBe('pin-entry');
		expect(intermediateStatusMessage(0x99)).toBe('other');
	});

	it('reads a timeout and display texts (Portalum.Zvt GetMessage_TlvData)', () => {
		const message = decodeHex(
			'04 FF 1E FF 10 06 1A 24 18 07 08 45 55 52 20 31 2E 32 33 07 0C 42 69 74 74 65 20 77 61 72 74 65 6E'
		);
		expect(message).toMatchObject({
			type: 'intermediate-status',
			status: { status: 0xff, timeoutSeconds: 10 }
		});
		const tlv = message.type === 'intermediate-status' ? message.status.tlv : undefined;
		expect(intermediateStatusTexts(tlv)).toEqual(['EUR 1.23', 'Bitte warten']);
		expect(intermediateStatusTexts(undefined)).toEqual([]);
	});

	it('round-trips with and without timeout and texts', () => {
		for (const status of [
			{ status: 0x0a },
			{ status: 0x0a, timeoutSeconds: 30 },
			{
				status: 0xff,
				timeoutSeconds: 0,
				tlv: [{ tag: 0x24, children: [{ tag: 0x07, value: text('PIN') }] }]
			}
		]) {
			const message: TerminalMessage = { type: 'intermediate-status', status };
			expect(decodeTerminalMessage(decodeApdu(encodeTerminalMessage(message)))).toEqual(message);
		}
		const withoutTimeout = encodeTerminalMessage({
			type: 'intermediate-status',
			status: { status: 0xff, tlv: [] }
		});
		expect(toHex(withoutTimeout)).toBe('04 FF 04 FF 00 06 00');
	});

	it('refuses a bad timeout and anything but a TLV after it', () => {
		expect(thrownBy(() => decodeHex('04 FF 02 0A 1F'))).toMatchObject({
			kind: 'bad-bcd',
			offset: 4
		});
		expect(thrownBy(() => decodeHex('04 FF 04 0A 10 27 00'))).toMatchObject({ kind: 'bad-layout' });
	});
});

describe('completion (06 0F), abort (06 1E), acknowledgements', () => {
	it('reads a completion after registration (EVerest test_completion_data)', () => {
		const bytes = fromHex('06 0F 0A 19 10 29 52 52 35 35 49 09 78');
		const message = decodeTerminalMessage(decodeApdu(bytes));
		expect(message).toEqual({
			type: 'completion',
			completion: { statusByte: 0x10, terminalId: '52523535', currencyCode: 978, others: [] }
		});
		expect(toHex(encodeTerminalMessage(message))).toBe(toHex(bytes));
		expect(decodeHex('06 0F 00')).toEqual({ type: 'completion', completion: { others: [] } });
	});

	it('reads a completion led by software version and terminal status (EVerest test_receipt_printout_completion)', () => {
		const hex =
			'06 0F 89 F0 F4 F0 47 45 52 2D 41 50 50 2D 76 32 2E 30 2E 39 3B 63 53 30 32 2E 30 31 2E 30 31 2D 31 30 2E 31 30 2D 32 2D 32 3B 43 43 32 36 00 06 5B 1F 44 04 52 52 35 35 E4 43 1F 40 0A 63 56 45 4E 44 20 70 6C 75 67 1F 41 28 47 45 52 2D 41 50 50 2D 76 32 2E 30 2E 39 3B 63 53 30 32 2E 30 31 2E 30 31 2D 31 30 2E 31 30 2D 32 2D 32 3B 43 43 32 36 1F 42 04 17 FD 1E 3C 1F 43 01 00 34 0D 1F 0E 04 20 23 04 05 1F 0F 03 22 56 55';
		const message = decodeHex(hex);
		expect(message).toMatchObject({
			type: 'completion',
			completion: { softwareVersion: 'GER-APP-v2.0.9;cS02.01.01-10.10-2-2;CC26', terminalStatus: 0 }
		});
		expect(toHex(encodeTerminalMessage(message))).toBe(toHex(fromHex(hex)));
	});

	it('reads an abort and keeps what follows the result code (EVerest test_partial_reversal_abort)', () => {
		const message = decodeHex('06 1E 04 B8 87 FF FF');
		expect(message).toEqual({ type: 'abort', resultCode: 0xb8, extra: fromHex('87 FF FF') });
		expect(toHex(encodeTerminalMessage(message))).toBe('06 1E 04 B8 87 FF FF');
	});

	it('reads an abort that names no result code (06 1E 00) as an abort of unknown result', () => {
		const message = decodeHex('06 1E 00');
		expect(message).toEqual({ type: 'abort', resultCode: null, extra: new Uint8Array(0) });
		expect(toHex(encodeTerminalMessage(message))).toBe('06 1E 00');
	});

	it('reads acknowledgements: 80 00 and 84 00 accept, 84 xx refuses', () => {
		expect(decodeHex('80 00 00')).toEqual({ type: 'ack' });
		expect(decodeHex('84 00 00')).toEqual({ type: 'ack' });
		expect(decodeHex('84 83 00')).toEqual({ type: 'nak', code: 0x83 });
		expect(toHex(encodeTerminalMessage({ type: 'nak', code: 0x83 }))).toBe('84 83 00');
		expect(thrownBy(() => decodeHex('80 00 01 00'))).toMatchObject({ kind: 'bad-layout' });
	});
});

describe('printing (06 D1, 06 D3) and other commands', () => {
	it('reads a print line and round-trips it', () => {
		const message: TerminalMessage = { type: 'print-line', attribute: 0, text: 'Betrag EUR 12,50' };
		const bytes = encodeTerminalMessage(message);
		expect(toHex(bytes.subarray(0, 4))).toBe('06 D1 11 00');
		expect(decodeTerminalMessage(decodeApdu(bytes))).toEqual(message);
	});

	it('reads a text block with receipt type and lines (the layout of EVerest test_print_text_block)', () => {
		const message = decodeHex(
			'06 D3 17 06 15 1F 07 01 02 25 0F 07 00 07 0B 2A 2A 20 4B 75 6E 64 65 20 2A 2A'
		);
		expect(message.type).toBe('print-text-block');
		const tlv = message.type === 'print-text-block' ? message.tlv : [];
		expect(printTextLines(tlv)).toEqual(['', '** Kunde **']);
		expect(printTextLines([])).toEqual([]);
		expect(thrownBy(() => decodeHex('06 D3 02 27 00'))).toMatchObject({ kind: 'bad-layout' });
	});

	it('reads a block’s lines in the character set its tag 14 names (Portalum.Zvt Parse_CorruptReceipt, its first bytes)', () => {
		// An Austrian terminal's administration receipt: 14 01 02, ISO 8859-2, where Ä is C4.
		const message = decodeHex(
			'06 D3 2A 06 28 1F 07 01 01 1F 37 01 01 14 01 02 25 1B 07 19 20 20 20 20 20 20 20 20 20 20 20 20 20 48 C4 4E 44 4C 45 52 42 45 4C 45 47'
		);
		const tlv = message.type === 'print-text-block' ? message.tlv : [];
		expect(printTextLines(tlv)).toEqual(['             HÄNDLERBELEG']);
	});

	it('writes a print line in code page 437', () => {
		const message: TerminalMessage = { type: 'print-line', attribute: 0, text: 'für' };
		expect(toHex(encodeTerminalMessage(message))).toBe('06 D1 04 00 66 81 72');
		expect(() => encodeTerminalMessage({ type: 'print-line', attribute: 0, text: '€' })).toThrow(
			RangeError
		);
	});

	it('passes a command it does not handle through as "other"', () => {
		const message = decodeHex('06 E0 01 00');
		expect(message).toEqual({ type: 'other', apdu: { cls: 6, instr: 0xe0, data: fromHex('00') } });
		expect(toHex(encodeTerminalMessage(message))).toBe('06 E0 01 00');
	});
});
