import { describe, expect, it } from 'vitest';
import { ApduSplitter, decodeApdu, encodeApdu } from './apdu.ts';
import { fromHex, toHex } from './bytes.ts';
import { ZvtDecodeError } from './decode-error.ts';
import { thrownBy } from './testing/thrown.ts';

describe('APDU framing', () => {
	it('frames short data with a one-byte length (EVerest capture of End-of-Day)', () => {
		const bytes = encodeApdu({ cls: 0x06, instr: 0x50, data: fromHex('12 34 56') });
		expect(toHex(bytes)).toBe('06 50 03 12 34 56');
		expect(decodeApdu(bytes)).toEqual({ cls: 0x06, instr: 0x50, data: fromHex('12 34 56') });
	});

	it('frames an empty APDU, as acknowledgements are', () => {
		expect(toHex(encodeApdu({ cls: 0x80, instr: 0x00, data: new Uint8Array(0) }))).toBe('80 00 00');
	});

	it('switches to FF + 2 bytes little-endian at 255 bytes of data', () => {
		expect(
			toHex(encodeApdu({ cls: 6, instr: 0xd3, data: new Uint8Array(254) }).subarray(0, 3))
		).toBe('06 D3 FE');
		const at255 = encodeApdu({ cls: 6, instr: 0xd3, data: new Uint8Array(255) });
		expect(toHex(at255.subarray(0, 5))).toBe('06 D3 FF FF 00');
		expect(at255.length).toBe(260);
		// EVerest capture 1680728215.585561000_pt_ecr.blob opens 06 D3 FF 61 04: 0x0461 bytes.
		const large = encodeApdu({ cls: 6, instr: 0xd3, data: new Uint8Array(0x0461) });
		expect(toHex(large.subarray(0, 5))).toBe('06 D3 FF 61 04');
		for (const size of [0, 1, 254, 255, 256, 0x0461, 0xffff]) {
			const data = Uint8Array.from({ length: size }, (_, index) => index % 251);
			expect(decodeApdu(encodeApdu({ cls: 4, instr: 0x0f, data })).data).toEqual(data);
		}
		expect(() => encodeApdu({ cls: 4, instr: 0x0f, data: new Uint8Array(0x10000) })).toThrow(
			RangeError
		);
	});

	it('reports truncation, a length overrun and trailing bytes', () => {
		expect(thrownBy(() => decodeApdu(fromHex('06')))).toBeInstanceOf(ZvtDecodeError);
		expect(thrownBy(() => decodeApdu(fromHex('06 01')))).toMatchObject({ kind: 'truncated' });
		expect(thrownBy(() => decodeApdu(fromHex('06 D3 FF 61')))).toMatchObject({ kind: 'truncated' });
		expect(thrownBy(() => decodeApdu(fromHex('06 01 07 04 00')))).toMatchObject({
			kind: 'length-overrun',
			offset: 3
		});
		expect(thrownBy(() => decodeApdu(fromHex('80 00 00 80')))).toMatchObject({
			kind: 'bad-layout'
		});
	});
});

describe('ApduSplitter', () => {
	it('cuts a stream into APDUs however TCP chunks it', () => {
		const stream = fromHex('80 00 00 04 FF 01 17 06 0F 00');
		for (let cut = 0; cut <= stream.length; cut += 1) {
			const splitter = new ApduSplitter();
			const apdus = [
				...splitter.push(stream.subarray(0, cut)),
				...splitter.push(stream.subarray(cut))
			];
			expect(apdus.map((apdu) => toHex([apdu.cls, apdu.instr]))).toEqual([
				'80 00',
				'04 FF',
				'06 0F'
			]);
			expect(splitter.pendingBytes).toBe(0);
		}
	});

	it('waits for the rest of an extended-length APDU', () => {
		const message = encodeApdu({ cls: 6, instr: 0xd3, data: new Uint8Array(300).fill(7) });
		const splitter = new ApduSplitter();
		expect(splitter.push(message.subarray(0, 4))).toEqual([]);
		expect(splitter.push(message.subarray(4, 100))).toEqual([]);
		expect(splitter.pendingBytes).toBe(100);
		const [apdu] = splitter.push(message.subarray(100));
		expect(apdu?.data.length).toBe(300);
	});
});
