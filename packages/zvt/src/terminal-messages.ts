/**
 * What the terminal sends the ECR (docs/zvt.md "Terminal messages"): encoded by the test
 * double, decoded by the client. Acknowledgements are messages too — the client reads them
 * from the same stream.
 */
import { decodeBcd, encodeBcd, encodeVarLength, readVarLength } from './bcd.ts';
import { decodeBmps, encodeBmps, type Bmp } from './bmp.ts';
import { acknowledgementOf, ACK, encodeNak } from './acknowledgement.ts';
import { encodeApdu, type Apdu } from './apdu.ts';
import { ByteReader } from './byte-reader.ts';
import { concat } from './bytes.ts';
import { charsetOf, decodeText } from './charset.ts';
import { ZvtDecodeError } from './decode-error.ts';
import {
	bcdDigitsField,
	bcdNumberField,
	byteField,
	decodeFields,
	encodeFields,
	textField,
	tlvField,
	type FieldValues
} from './fields.ts';
import type { IntermediateStatus } from './intermediate-status.ts';
import { STATUS_INFORMATION_FIELDS, type StatusInformation } from './status-information.ts';
import { encodeTlv, findTlv, type TlvNode } from './tlv.ts';

export const COMPLETION_FIELDS = {
	resultCode: byteField(0x27),
	statusByte: byteField(0x19),
	terminalId: bcdDigitsField(0x29),
	currencyCode: bcdNumberField(0x49),
	tlv: tlvField(0x06)
};

export interface Completion extends FieldValues<typeof COMPLETION_FIELDS> {
	/**
	 * The software version and terminal status that lead the data of some completions (the
	 * answer to a status enquiry; EVerest test_receipt_printout_completion). Status 00: ready.
	 */
	softwareVersion?: string;
	terminalStatus?: number;
	others: Bmp[];
}

export type TerminalMessage =
	| { type: 'ack' }
	| { type: 'nak'; code: number }
	| { type: 'intermediate-status'; status: IntermediateStatus }
	| { type: 'status-information'; info: StatusInformation }
	| { type: 'completion'; completion: Completion }
	/**
	 * 06 1E: the command failed; `resultCode` null when the terminal named none (06 1E 00),
	 * `extra` holds whatever followed the result code, unread.
	 */
	| { type: 'abort'; resultCode: number | null; extra: Uint8Array }
	| { type: 'print-line'; attribute: number; text: string }
	| { type: 'print-text-block'; tlv: TlvNode[] }
	/** A command this subset does not handle; the client answers it 84 83. */
	| { type: 'other'; apdu: Apdu };

export function encodeTerminalMessage(message: TerminalMessage): Uint8Array {
	switch (message.type) {
		case 'ack':
			return ACK;
		case 'nak':
			return encodeNak(message.code);
		case 'intermediate-status':
			return apdu(0x04, 0xff, encodeIntermediateStatus(message.status));
		case 'status-information': {
			const { others, ...fields } = message.info;
			return apdu(0x04, 0x0f, encodeBmps(encodeFields(fields, STATUS_INFORMATION_FIELDS, others)));
		}
		case 'completion':
			return apdu(0x06, 0x0f, encodeCompletion(message.completion));
		case 'abort':
			return apdu(
				0x06,
				0x1e,
				concat([
					message.resultCode === null ? new Uint8Array(0) : Uint8Array.of(message.resultCode),
					message.extra
				])
			);
		case 'print-line':
			return apdu(
				0x06,
				0xd1,
				concat([Uint8Array.of(message.attribute), textField(0x3c).encode(message.text)])
			);
		case 'print-text-block':
			return apdu(0x06, 0xd3, encodeBmps([{ id: 0x06, value: encodeTlv(message.tlv) }]));
		case 'other':
			return encodeApdu(message.apdu);
	}
}

export function decodeTerminalMessage(received: Apdu): TerminalMessage {
	const acknowledgement = acknowledgementOf(received);
	if (acknowledgement) {
		if (received.data.length > 0) {
			throw new ZvtDecodeError('bad-layout', 3, 'an acknowledgement carries no data');
		}
		return acknowledgement.positive ? { type: 'ack' } : { type: 'nak', code: acknowledgement.code };
	}
	const { cls, instr, data } = received;
	const key = (cls << 8) | instr;
	switch (key) {
		case 0x04ff:
			return { type: 'intermediate-status', status: decodeIntermediateStatus(data) };
		case 0x040f: {
			const { values, others } = decodeFields(decodeBmps(data, 3), STATUS_INFORMATION_FIELDS);
			return { type: 'status-information', info: { ...values, others } };
		}
		case 0x060f:
			return { type: 'completion', completion: decodeCompletion(data) };
		case 0x061e: {
			// 06 1E 00 names no result (Portalum.Zvt ReceiveHandler: "Cannot detect error code").
			const reader = new ByteReader(data, 3);
			return {
				type: 'abort',
				resultCode: reader.remaining > 0 ? reader.byte('result code') : null,
				extra: reader.rest().slice()
			};
		}
		case 0x06d1: {
			const reader = new ByteReader(data, 3);
			return {
				type: 'print-line',
				attribute: reader.byte('attribute'),
				text: decodeText(reader.rest())
			};
		}
		case 0x06d3: {
			const { values, others } = decodeFields(decodeBmps(data, 3), { tlv: tlvField(0x06) });
			if (others.length > 0 || !values.tlv) {
				throw new ZvtDecodeError('bad-layout', 3, 'a print text block holds one TLV container');
			}
			return { type: 'print-text-block', tlv: values.tlv };
		}
		default:
			return { type: 'other', apdu: received };
	}
}

/**
 * The printable lines of a print text block (tag 25, lines in tag 07), in the character set the
 * block names (tag 14).
 */
export function printTextLines(tlv: readonly TlvNode[]): string[] {
	const texts = findTlv(tlv, 0x25);
	if (!texts || !('children' in texts)) return [];
	const charset = charsetOf(tlv);
	return texts.children.flatMap((node) =>
		node.tag === 0x07 && 'value' in node ? [decodeText(node.value, charset)] : []
	);
}

function encodeIntermediateStatus({ status, timeoutSeconds, tlv }: IntermediateStatus): Uint8Array {
	// The TLV comes after a timeout byte (Portalum.Zvt GetMessage_TlvData: FF 10 06 …), so a
	// status with TLV but no timeout is written with timeout 00.
	const timeout =
		timeoutSeconds === undefined && tlv === undefined
			? new Uint8Array(0)
			: encodeBcd(timeoutSeconds ?? 0, 1);
	const container = tlv ? encodeBmps([{ id: 0x06, value: encodeTlv(tlv) }]) : new Uint8Array(0);
	return concat([Uint8Array.of(status), timeout, container]);
}

function decodeIntermediateStatus(data: Uint8Array): IntermediateStatus {
	const reader = new ByteReader(data, 3);
	const status = reader.byte('intermediate status');
	if (reader.remaining === 0) return { status };
	const timeoutOffset = reader.offset;
	const timeoutSeconds = decodeBcd(reader.take(1, 'timeout'), timeoutOffset);
	if (reader.remaining === 0) return { status, timeoutSeconds };
	const { values, others } = decodeFields(decodeBmps(reader.rest(), timeoutOffset + 1), {
		tlv: tlvField(0x06)
	});
	if (others.length > 0 || !values.tlv) {
		throw new ZvtDecodeError('bad-layout', timeoutOffset + 1, 'only a TLV container may follow');
	}
	return { status, timeoutSeconds, tlv: values.tlv };
}

function encodeCompletion({
	softwareVersion,
	terminalStatus,
	others,
	...fields
}: Completion): Uint8Array {
	const bmps = encodeBmps(encodeFields(fields, COMPLETION_FIELDS, others));
	if (softwareVersion === undefined && terminalStatus === undefined) return bmps;
	const version = textField(0x3c).encode(softwareVersion ?? '');
	return concat([
		encodeVarLength(version.length, 3),
		version,
		Uint8Array.of(terminalStatus ?? 0),
		bmps
	]);
}

function decodeCompletion(data: Uint8Array): Completion {
	const reader = new ByteReader(data, 3);
	let lead: Pick<Completion, 'softwareVersion' | 'terminalStatus'> = {};
	// The BMPs F0…F9 are display texts the ECR sends, never in a completion, so a leading
	// F-digit can only start the software version's length.
	const first = reader.peek();
	if (first !== undefined && first >= 0xf0 && first <= 0xf9) {
		const length = readVarLength(reader, 3);
		lead = {
			softwareVersion: decodeText(reader.take(length, 'software version')),
			terminalStatus: reader.byte('terminal status')
		};
	}
	const bmpsOffset = reader.offset;
	const { values, others } = decodeFields(decodeBmps(reader.rest(), bmpsOffset), COMPLETION_FIELDS);
	return { ...lead, ...values, others };
}

function apdu(cls: number, instr: number, data: Uint8Array): Uint8Array {
	return encodeApdu({ cls, instr, data });
}
