/** Byte helpers shared by the encoders and the log lines of this folder. */

export function concat(parts: readonly Uint8Array[]): Uint8Array {
	const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
	let offset = 0;
	for (const part of parts) {
		bytes.set(part, offset);
		offset += part.length;
	}
	return bytes;
}

/** "06 01 07 04 …": how docs/zvt.md and the tests write bytes. */
export function toHex(bytes: ArrayLike<number>): string {
	return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0').toUpperCase()).join(' ');
}

/** The inverse of `toHex`; spaces and dashes between bytes are ignored. */
export function fromHex(text: string): Uint8Array {
	const digits = text.replace(/[\s-]/g, '');
	if (!/^([\da-fA-F]{2})*$/.test(digits)) throw new TypeError(`not hex bytes: ${text}`);
	return Uint8Array.from(digits.match(/../g) ?? [], (pair) => parseInt(pair, 16));
}
