/**
 * The printer test double's reader: an ESC/POS byte stream, in chunks as TCP delivers them,
 * becomes what a printer would do — printed lines with their alignment, bold and size, QR codes
 * (their payload from GS ( k's store command), feeds, cuts — and the status queries it must
 * answer. It reads the subset docs/printer.md lists; any other command is reported as unknown,
 * so a test can tell that the encoder sent nothing the double does not understand.
 *
 * Code page 858's characters come from iconv-lite, not from the kiosk's own table: a double that
 * shared the kiosk's table would agree with a wrong byte in it.
 */
import iconv from 'iconv-lite';

export type Alignment = 'left' | 'center' | 'right';

export type QrErrorLevel = 'L' | 'M' | 'Q' | 'H';

export type PrintedItem =
	| {
			kind: 'text';
			text: string;
			align: Alignment;
			bold: boolean;
			/** Character width and height multipliers (GS !). */
			width: number;
			height: number;
	  }
	| { kind: 'qr'; payload: string; align: Alignment; moduleDots: number; errorLevel: QrErrorLevel }
	| { kind: 'feed'; lines: number }
	| { kind: 'cut'; partial: boolean };

export type DecodedEvent =
	| { kind: 'print'; item: PrintedItem }
	/** DLE EOT n: answered at once, whatever the printer is doing. */
	| { kind: 'real-time-status'; n: number }
	/** GS r n: answered in turn, after everything before it has printed. */
	| { kind: 'transmit-status'; n: number }
	| { kind: 'unknown'; bytes: string };

/** ESC t's number for code page 858 on Epson and compatible printers. */
const CP858_TABLE_NUMBER = 19;
/** The character each byte prints in code page 858, by byte. */
const CP858 = iconv.decode(Buffer.from(Array.from({ length: 256 }, (_, byte) => byte)), 'cp858');

const ESC = 0x1b;
const GS = 0x1d;
const DLE = 0x10;

const ALIGNMENTS: Record<number, Alignment> = {
	0: 'left',
	48: 'left',
	1: 'center',
	49: 'center',
	2: 'right',
	50: 'right'
};
const ERROR_LEVELS: Record<number, QrErrorLevel> = { 48: 'L', 49: 'M', 50: 'Q', 51: 'H' };

/** What one command needs: its length in bytes, or `incomplete` until more bytes arrive. */
const INCOMPLETE = -1;

const hex = (bytes: readonly number[]) =>
	bytes.map((byte) => byte.toString(16).padStart(2, '0')).join(' ');

export class EscPosDecoder {
	#pending: number[] = [];
	#line = '';
	#align: Alignment = 'left';
	#bold = false;
	#width = 1;
	#height = 1;
	#codePage = 0;
	#qr = { payload: '', moduleDots: 3, errorLevel: 'L' as QrErrorLevel };

	/** The events of `chunk`; a command cut off at its end waits for the next chunk. */
	push(chunk: Uint8Array): DecodedEvent[] {
		this.#pending.push(...chunk);
		const events: DecodedEvent[] = [];
		let at = 0;
		while (at < this.#pending.length) {
			const used = this.#command(this.#pending, at, events);
			if (used === INCOMPLETE) break;
			at += used;
		}
		this.#pending = this.#pending.slice(at);
		return events;
	}

	#command(bytes: readonly number[], at: number, events: DecodedEvent[]): number {
		const byte = bytes[at]!;
		const arg = (offset: number) => bytes[at + offset];
		const need = (length: number) => at + length <= bytes.length;
		if (byte === 0x0a) {
			events.push(this.#flush());
			return 1;
		}
		if (byte === 0x0d) return 1;
		if (byte === DLE) {
			if (!need(3)) return INCOMPLETE;
			if (arg(1) === 0x04) {
				events.push({ kind: 'real-time-status', n: arg(2)! });
				return 3;
			}
			events.push({ kind: 'unknown', bytes: hex(bytes.slice(at, at + 2)) });
			return 2;
		}
		if (byte === ESC || byte === GS) {
			if (!need(2)) return INCOMPLETE;
			return byte === ESC ? this.#esc(bytes, at, events) : this.#gs(bytes, at, events);
		}
		if (byte < 0x20 || byte === 0x7f) {
			events.push({ kind: 'unknown', bytes: hex([byte]) });
			return 1;
		}
		this.#line +=
			this.#codePage === CP858_TABLE_NUMBER || byte < 0x80 ? CP858.charAt(byte) : '\ufffd';
		return 1;
	}

	#esc(bytes: readonly number[], at: number, events: DecodedEvent[]): number {
		const command = bytes[at + 1]!;
		if (command === 0x40) {
			this.#line = '';
			this.#align = 'left';
			this.#bold = false;
			this.#width = this.#height = 1;
			this.#codePage = 0;
			return 2;
		}
		if (![0x74, 0x61, 0x45, 0x64].includes(command)) {
			events.push({ kind: 'unknown', bytes: hex(bytes.slice(at, at + 2)) });
			return 2;
		}
		if (at + 3 > bytes.length) return INCOMPLETE;
		const n = bytes[at + 2]!;
		if (command === 0x74) this.#codePage = n;
		if (command === 0x61) this.#align = ALIGNMENTS[n] ?? this.#align;
		if (command === 0x45) this.#bold = (n & 1) === 1;
		if (command === 0x64) {
			if (this.#line !== '') events.push(this.#flush());
			events.push({ kind: 'print', item: { kind: 'feed', lines: n } });
		}
		return 3;
	}

	#gs(bytes: readonly number[], at: number, events: DecodedEvent[]): number {
		const command = bytes[at + 1]!;
		const need = (length: number) => at + length <= bytes.length;
		if (command === 0x21 || command === 0x72) {
			if (!need(3)) return INCOMPLETE;
			const n = bytes[at + 2]!;
			if (command === 0x21) {
				this.#width = (n >> 4) + 1;
				this.#height = (n & 0x0f) + 1;
			} else {
				events.push({ kind: 'transmit-status', n });
			}
			return 3;
		}
		if (command === 0x56) {
			if (!need(3)) return INCOMPLETE;
			const mode = bytes[at + 2]!;
			// Function A (m = 0, 1, 48, 49) has no n; function B (65, 66) feeds n units first.
			const withFeed = mode === 65 || mode === 66;
			if (withFeed && !need(4)) return INCOMPLETE;
			if (this.#line !== '') events.push(this.#flush());
			const partial = mode === 1 || mode === 49 || mode === 66;
			events.push({ kind: 'print', item: { kind: 'cut', partial } });
			return withFeed ? 4 : 3;
		}
		if (command === 0x28) {
			if (!need(5)) return INCOMPLETE;
			const length = 5 + bytes[at + 3]! + 256 * bytes[at + 4]!;
			if (!need(length)) return INCOMPLETE;
			if (bytes[at + 2] === 0x6b) this.#qrFunction(bytes.slice(at + 5, at + length), events);
			else events.push({ kind: 'unknown', bytes: hex(bytes.slice(at, at + 3)) });
			return length;
		}
		events.push({ kind: 'unknown', bytes: hex(bytes.slice(at, at + 2)) });
		return 2;
	}

	/** GS ( k with cn = 49 (QR code): `body` is cn fn and its parameters. */
	#qrFunction(body: readonly number[], events: DecodedEvent[]): void {
		const [cn, fn, first] = body;
		if (cn !== 0x31) {
			events.push({ kind: 'unknown', bytes: `1d 28 6b … ${hex(body.slice(0, 2))}` });
			return;
		}
		if (fn === 0x41 && first === 50) return; // model 2: the only one we print
		if (fn === 0x43 && first !== undefined) this.#qr.moduleDots = first;
		else if (fn === 0x45 && first !== undefined && ERROR_LEVELS[first]) {
			this.#qr.errorLevel = ERROR_LEVELS[first];
		} else if (fn === 0x50) {
			this.#qr.payload = new TextDecoder().decode(Uint8Array.from(body.slice(3)));
		} else if (fn === 0x51) {
			if (this.#line !== '') events.push(this.#flush());
			events.push({ kind: 'print', item: { kind: 'qr', align: this.#align, ...this.#qr } });
		} else {
			events.push({ kind: 'unknown', bytes: `1d 28 6b … ${hex(body.slice(0, 3))}` });
		}
	}

	#flush(): DecodedEvent {
		const item: PrintedItem = {
			kind: 'text',
			text: this.#line,
			align: this.#align,
			bold: this.#bold,
			width: this.#width,
			height: this.#height
		};
		this.#line = '';
		return { kind: 'print', item };
	}
}
