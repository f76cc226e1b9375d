/**
 * The 40-character return code given to the guest (spec 1, Limits). Characters come from
 * 0-9 and A-Z without I and O: all of them are in the QR alphanumeric set (5.5 bits per
 * character there instead of 8), and none can be misread as 1 or 0 when typed from a receipt.
 * 40 characters of 34 symbols give about 203 bits from the operating system's CSPRNG.
 */
import { randomInt } from 'node:crypto';

export const RETURN_CODE_LENGTH = 40;
export const RETURN_CODE_ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** A fresh code that `isTaken` does not know yet; `pick(n)` is a uniform integer in [0, n). */
export function generateReturnCode(
	isTaken: (code: string) => boolean,
	pick: (exclusiveMax: number) => number = randomInt
): string {
	for (let attempt = 0; attempt < 100; attempt += 1) {
		let code = '';
		for (let index = 0; index < RETURN_CODE_LENGTH; index += 1) {
			code += RETURN_CODE_ALPHABET[pick(RETURN_CODE_ALPHABET.length)];
		}
		if (!isTaken(code)) return code;
	}
	throw new Error('could not find an unused return code');
}
