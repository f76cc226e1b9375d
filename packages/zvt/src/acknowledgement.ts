/**
 * The acknowledgements both sides send (docs/zvt.md "Acknowledgements"): 80 00 00 accepts an
 * APDU (84 00 00 does too); 84 xx 00 refuses it with result code xx — 84 83 "command not
 * possible" for a busy terminal or an unknown command (Portalum.Zvt ReceiveHandler, 2.67).
 */
import type { Apdu } from './apdu.ts';
import { encodeApdu } from './apdu.ts';

export const ACK = encodeApdu({ cls: 0x80, instr: 0x00, data: new Uint8Array(0) });

export const NOT_POSSIBLE = 0x83;

export function encodeNak(code: number): Uint8Array {
	if (!Number.isInteger(code) || code <= 0 || code > 0xff) {
		throw new RangeError(`a negative acknowledgement's code is 01…FF, got ${code}`);
	}
	return encodeApdu({ cls: 0x84, instr: code, data: new Uint8Array(0) });
}

export type Acknowledgement = { positive: true } | { positive: false; code: number };

/** The acknowledgement an APDU is, or null when it is none. */
export function acknowledgementOf({ cls, instr }: Apdu): Acknowledgement | null {
	if (cls === 0x80 && instr === 0x00) return { positive: true };
	if (cls !== 0x84) return null;
	return instr === 0x00 ? { positive: true } : { positive: false, code: instr };
}
