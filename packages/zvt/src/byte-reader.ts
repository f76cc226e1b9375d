/**
 * A cursor over received bytes. Every read checks the bytes are there and throws a
 * `truncated` ZvtDecodeError naming what was being read, so decoders never index past the end.
 */
import { ZvtDecodeError } from './decode-error.ts';

export class ByteReader {
	readonly #bytes: Uint8Array;
	/** Where `bytes` start in the enclosing message, for error offsets. */
	readonly #base: number;
	#offset = 0;

	constructor(bytes: Uint8Array, base = 0) {
		this.#bytes = bytes;
		this.#base = base;
	}

	get offset(): number {
		return this.#base + this.#offset;
	}

	get remaining(): number {
		return this.#bytes.length - this.#offset;
	}

	byte(what: string): number {
		return this.take(1, what)[0] as number;
	}

	take(count: number, what: string): Uint8Array {
		if (count > this.remaining) {
			throw new ZvtDecodeError(
				'truncated',
				this.offset,
				`${what} needs ${count} bytes, ${this.remaining} left`
			);
		}
		const slice = this.#bytes.subarray(this.#offset, this.#offset + count);
		this.#offset += count;
		return slice;
	}

	/** The byte at the cursor without consuming it; undefined at the end. */
	peek(): number | undefined {
		return this.#bytes[this.#offset];
	}

	rest(): Uint8Array {
		return this.take(this.remaining, 'rest');
	}
}
