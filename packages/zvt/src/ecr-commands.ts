/**
 * What the ECR sends the terminal (docs/zvt.md "ECR commands"): encoded by the client, decoded
 * by the test double. Passwords are six digits, sent as 3 BCD bytes without a BMP id where
 * the command's layout puts them first (EVerest captures: Registration 06 00 06 12 34 56 DE
 * 09 78, End-of-Day 06 50 03 12 34 56).
 */
import { decodeBcd, decodeBcdDigits, encodeBcd, encodeBcdDigits } from './bcd.ts';
import { decodeBmps, encodeBmps, type Bmp } from './bmp.ts';
import { acknowledgementOf, ACK, encodeNak } from './acknowledgement.ts';
import { encodeApdu, type Apdu } from './apdu.ts';
import { ByteReader } from './byte-reader.ts';
import { concat } from './bytes.ts';
import { ZvtDecodeError } from './decode-error.ts';
import {
	bcdNumberField,
	byteField,
	decodeFields,
	encodeFields,
	tlvField,
	type FieldValues
} from './fields.ts';
import { decodeTlv, encodeTlv, type TlvNode } from './tlv.ts';

export const AUTHORIZATION_FIELDS = {
	amountMinor: bcdNumberField(0x04),
	currencyCode: bcdNumberField(0x49),
	paymentType: byteField(0x19),
	tlv: tlvField(0x06)
};

export const REVERSAL_FIELDS = {
	receiptNumber: bcdNumberField(0x87),
	/** Not in the references' reversals: docs/zvt.md "Reversal" says why we send it. */
	amountMinor: bcdNumberField(0x04)
};

export interface Registration {
	type: 'registration';
	password: string;
	/** Bit field; docs/zvt.md "Registration" lists the bits. */
	configByte: number;
	currencyCode?: number;
	serviceByte?: number;
	tlv?: TlvNode[];
}

export interface Authorization extends FieldValues<typeof AUTHORIZATION_FIELDS> {
	type: 'authorization';
	others: Bmp[];
}

export interface Reversal extends FieldValues<typeof REVERSAL_FIELDS> {
	type: 'reversal';
	password: string;
	others: Bmp[];
}

export type EcrCommand =
	| Registration
	| Authorization
	| Reversal
	| { type: 'repeat-receipt'; password: string }
	| { type: 'end-of-day'; password: string }
	| { type: 'log-off' }
	| { type: 'status-enquiry'; password?: string }
	/** 06 B0: stop the transaction that waits for a card. */
	| { type: 'abort' }
	| { type: 'ack' }
	| { type: 'nak'; code: number }
	| { type: 'other'; apdu: Apdu };

export function encodeEcrCommand(command: EcrCommand): Uint8Array {
	switch (command.type) {
		case 'registration':
			return apdu(0x06, 0x00, encodeRegistration(command));
		case 'authorization': {
			// `fields` still holds `type`; encodeFields reads only the spec's keys.
			const { others, ...fields } = command;
			return apdu(0x06, 0x01, encodeBmps(encodeFields(fields, AUTHORIZATION_FIELDS, others)));
		}
		case 'reversal': {
			const { password, others, ...fields } = command;
			return apdu(
				0x06,
				0x30,
				concat([passwordBytes(password), encodeBmps(encodeFields(fields, REVERSAL_FIELDS, others))])
			);
		}
		case 'repeat-receipt':
			return apdu(0x06, 0x20, passwordBytes(command.password));
		case 'end-of-day':
			return apdu(0x06, 0x50, passwordBytes(command.password));
		case 'log-off':
			return apdu(0x06, 0x02, new Uint8Array(0));
		case 'status-enquiry':
			return apdu(
				0x05,
				0x01,
				command.password === undefined ? new Uint8Array(0) : passwordBytes(command.password)
			);
		case 'abort':
			return apdu(0x06, 0xb0, new Uint8Array(0));
		case 'ack':
			return ACK;
		case 'nak':
			return encodeNak(command.code);
		case 'other':
			return encodeApdu(command.apdu);
	}
}

export function decodeEcrCommand(received: Apdu): EcrCommand {
	const acknowledgement = acknowledgementOf(received);
	if (acknowledgement) {
		if (received.data.length > 0) {
			throw new ZvtDecodeError('bad-layout', 3, 'an acknowledgement carries no data');
		}
		return acknowledgement.positive ? { type: 'ack' } : { type: 'nak', code: acknowledgement.code };
	}
	const reader = new ByteReader(received.data, 3);
	switch ((received.cls << 8) | received.instr) {
		case 0x0600:
			return decodeRegistration(reader);
		case 0x0601: {
			const { values, others } = decodeFields(decodeBmps(received.data, 3), AUTHORIZATION_FIELDS);
			return { type: 'authorization', ...values, others };
		}
		case 0x0630: {
			const password = readPassword(reader);
			const bmpsOffset = reader.offset;
			const { values, others } = decodeFields(
				decodeBmps(reader.rest(), bmpsOffset),
				REVERSAL_FIELDS
			);
			return { type: 'reversal', password, ...values, others };
		}
		case 0x0620:
			return { type: 'repeat-receipt', password: readOnlyPassword(reader) };
		case 0x0650:
			return { type: 'end-of-day', password: readOnlyPassword(reader) };
		case 0x0602:
			expectEnd(reader);
			return { type: 'log-off' };
		case 0x0501:
			return reader.remaining === 0
				? { type: 'status-enquiry' }
				: { type: 'status-enquiry', password: readOnlyPassword(reader) };
		case 0x06b0:
			expectEnd(reader);
			return { type: 'abort' };
		default:
			return { type: 'other', apdu: received };
	}
}

/**
 * 06 00: password, config byte, then — only together, in this order — an untagged currency
 * code, BMP 03 service byte and BMP 06 TLV. The currency code has no id, so it is read
 * whenever bytes follow the config byte.
 */
function encodeRegistration(command: Registration): Uint8Array {
	const { password, configByte, currencyCode, serviceByte, tlv } = command;
	if (currencyCode === undefined && (serviceByte !== undefined || tlv !== undefined)) {
		throw new TypeError('a registration sends a service byte or TLV only after a currency code');
	}
	const optional: Bmp[] = [];
	if (serviceByte !== undefined)
		optional.push({ id: 0x03, value: byteField(0x03).encode(serviceByte) });
	if (tlv !== undefined) optional.push({ id: 0x06, value: encodeTlv(tlv) });
	return concat([
		passwordBytes(password),
		byteField(0x19).encode(configByte),
		currencyCode === undefined ? new Uint8Array(0) : encodeBcd(currencyCode, 2),
		encodeBmps(optional)
	]);
}

function decodeRegistration(reader: ByteReader): Registration {
	const password = readPassword(reader);
	const configByte = reader.byte('config byte');
	if (reader.remaining === 0) return { type: 'registration', password, configByte };
	const currencyOffset = reader.offset;
	const currencyCode = decodeBcd(reader.take(2, 'currency code'), currencyOffset);
	const bmpsOffset = reader.offset;
	const bmps = decodeBmps(reader.rest(), bmpsOffset);
	const registration: Registration = { type: 'registration', password, configByte, currencyCode };
	for (const bmp of bmps) {
		if (
			bmp.id === 0x03 &&
			registration.serviceByte === undefined &&
			registration.tlv === undefined
		) {
			registration.serviceByte = bmp.value[0];
		} else if (bmp.id === 0x06 && registration.tlv === undefined) {
			registration.tlv = decodeTlv(bmp.value, bmp.offset);
		} else {
			throw new ZvtDecodeError(
				'bad-layout',
				bmp.offset - 1,
				`BMP ${bmp.id.toString(16)} in a registration`
			);
		}
	}
	return registration;
}

function passwordBytes(password: string): Uint8Array {
	if (!/^\d{6}$/.test(password)) throw new RangeError('a ZVT password is six digits');
	return encodeBcdDigits(password, 3);
}

function readPassword(reader: ByteReader): string {
	const offset = reader.offset;
	return decodeBcdDigits(reader.take(3, 'password'), offset);
}

function readOnlyPassword(reader: ByteReader): string {
	const password = readPassword(reader);
	expectEnd(reader);
	return password;
}

function expectEnd(reader: ByteReader): void {
	if (reader.remaining > 0) {
		throw new ZvtDecodeError('bad-layout', reader.offset, `${reader.remaining} unexpected bytes`);
	}
}

function apdu(cls: number, instr: number, data: Uint8Array): Uint8Array {
	return encodeApdu({ cls, instr, data });
}
