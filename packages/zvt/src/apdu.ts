/**
 * ZVT's unit of transfer over TCP (docs/zvt.md "APDU framing"): CLASS, INSTR, a length and the
 * data. A length below FF is one byte; from FF on it is FF followed by two bytes little-endian
 * (Portalum.Zvt ApduHelper, EVerest zvt_builder length::Adpu). TCP carries APDUs without
 * DLE/STX framing or checksum, so a receiver must cut the byte stream into APDUs by their
 * lengths: `ApduSplitter`.
 */
import { ByteReader } from './byte-reader.ts';
import { ZvtDecodeError } from './decode-error.ts';

export interface Apdu {
	/** CLASS byte: 06 commands, 04 terminal reports, 05 status enquiry, 80/84 acknowledgements. */
	cls: number;
	instr: number;
	data: Uint8Array;
}

const EXTENDED_LENGTH = 0xff;
const MAX_DATA_LENGTH = 0xffff;

export function encodeApdu({ cls, instr, data }: Apdu): Uint8Array {
	if (data.length > MAX_DATA_LENGTH) {
		throw new RangeError(`APDU data of ${data.length} bytes exceeds ${MAX_DATA_LENGTH}`);
	}
	const header =
		data.length < EXTENDED_LENGTH
			? [cls, instr, data.length]
			: [cls, instr, EXTENDED_LENGTH, data.length & 0xff, data.length >> 8];
	const bytes = new Uint8Array(header.length + data.length);
	bytes.set(header);
	bytes.set(data, header.length);
	return bytes;
}

/** One whole APDU, nothing before or after it. */
export function decodeApdu(bytes: Uint8Array): Apdu {
	const reader = new ByteReader(bytes);
	const apdu = readApdu(reader);
	if (reader.remaining > 0) {
		throw new ZvtDecodeError(
			'bad-layout',
			reader.offset,
			`${reader.remaining} bytes after the APDU`
		);
	}
	return apdu;
}

function readApdu(reader: ByteReader): Apdu {
	const cls = reader.byte('CLASS');
	const instr = reader.byte('INSTR');
	let length = reader.byte('length');
	if (length === EXTENDED_LENGTH) {
		const extended = reader.take(2, 'extended length');
		length = (extended[0] as number) | ((extended[1] as number) << 8);
	}
	if (length > reader.remaining) {
		throw new ZvtDecodeError(
			'length-overrun',
			reader.offset,
			`APDU announces ${length} data bytes, ${reader.remaining} follow`
		);
	}
	return { cls, instr, data: reader.take(length, 'APDU data').slice() };
}

/**
 * Cuts a TCP byte stream into APDUs: chunks go in as they arrive, whole APDUs come out, and
 * the bytes of an APDU not yet complete wait for the next chunk.
 */
export class ApduSplitter {
	#pending = new Uint8Array(0);

	push(chunk: Uint8Array): Apdu[] {
		const joined = new Uint8Array(this.#pending.length + chunk.length);
		joined.set(this.#pending);
		joined.set(chunk, this.#pending.length);
		const apdus: Apdu[] = [];
		let start = 0;
		for (;;) {
			const size = completeApduSize(joined.subarray(start));
			if (size === null) break;
			apdus.push(decodeApdu(joined.subarray(start, start + size)));
			start += size;
		}
		this.#pending = joined.slice(start);
		return apdus;
	}

	/** Bytes of an incomplete APDU still waiting (a drop mid-message leaves some). */
	get pendingBytes(): number {
		return this.#pending.length;
	}
}

/** The size of the APDU at the start of `bytes` when all of it is there, else null. */
function completeApduSize(bytes: Uint8Array): number | null {
	if (bytes.length < 3) return null;
	if (bytes[2] !== EXTENDED_LENGTH) {
		const size = 3 + (bytes[2] as number);
		return bytes.length >= size ? size : null;
	}
	if (bytes.length < 5) return null;
	const size = 5 + ((bytes[3] as number) | ((bytes[4] as number) << 8));
	return bytes.length >= size ? size : null;
}
