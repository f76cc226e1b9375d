import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
	announcesTooLarge,
	MAX_PICTURE_BYTES,
	MAX_PICTURE_FORM_BYTES,
	readPictureUpload
} from './picture-upload.ts';

const photo = (format: 'jpeg' | 'png' | 'webp' | 'gif' | 'tiff') =>
	sharp({ create: { width: 1000, height: 700, channels: 3, background: '#e07a1f' } })
		.toFormat(format)
		.toBuffer();

const file = (bytes: Uint8Array | string, name = 'pretzel.jpg', type = 'image/jpeg') =>
	new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name, { type });

/** A grey PNG of 89 bytes whose header claims `side` × `side` pixels: a decompression bomb. */
function claimedPng(side: number): Uint8Array {
	const chunk = (type: string, data: Buffer) => {
		const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
		const length = Buffer.alloc(4);
		length.writeUInt32BE(data.length);
		const crc = Buffer.alloc(4);
		crc.writeUInt32BE(crc32(body));
		return Buffer.concat([length, body, crc]);
	};
	const header = Buffer.alloc(13);
	header.writeUInt32BE(side, 0);
	header.writeUInt32BE(side, 4);
	header[8] = 8; // bit depth; colour type 0 (grey)
	return Buffer.concat([
		Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
		chunk('IHDR', header),
		chunk('IDAT', deflateSync(Buffer.alloc(side + 1))),
		chunk('IEND', Buffer.alloc(0))
	]);
}

describe('readPictureUpload', () => {
	it.each(['jpeg', 'png', 'webp'] as const)(
		'takes a %s and renders the card picture',
		async (format) => {
			const result = await readPictureUpload(file(await photo(format), `photo.${format}`));
			if (!result.ok) throw new Error(result.problem);
			const meta = await sharp(result.picture.bytes).metadata();
			expect([meta.format, meta.width, meta.height]).toEqual(['webp', 800, 600]);
		}
	);

	it('goes by the bytes, not by the name or the type the browser claims', async () => {
		const png = await photo('png');
		expect(await readPictureUpload(file(png, 'menu.csv', 'text/csv'))).toMatchObject({ ok: true });
		expect(await readPictureUpload(file('id,name\n1,Pretzel\n', 'pretzel.jpg'))).toEqual({
			ok: false,
			problem: 'not-an-image'
		});
	});

	it('refuses other picture formats, SVG included', async () => {
		const svg =
			'<svg xmlns="http://www.w3.org/2000/svg" width="8" height="6"><rect width="8" height="6"/></svg>';
		for (const bytes of [await photo('gif'), await photo('tiff'), new TextEncoder().encode(svg)]) {
			expect(await readPictureUpload(file(bytes))).toEqual({ ok: false, problem: 'not-an-image' });
		}
	});

	it('refuses a damaged picture: a JPEG cut short, a PNG signature before garbage', async () => {
		const jpeg = await photo('jpeg');
		const cut = jpeg.subarray(0, Math.floor(jpeg.length / 2));
		const garbage = Buffer.concat([(await photo('png')).subarray(0, 8), Buffer.alloc(500, 7)]);
		for (const bytes of [cut, garbage]) {
			expect(await readPictureUpload(file(bytes))).toEqual({ ok: false, problem: 'not-an-image' });
		}
	});

	it('refuses more than 8 MB, and a small file that unpacks to too many pixels', async () => {
		const large = new Uint8Array(MAX_PICTURE_BYTES + 1);
		large.set([0xff, 0xd8, 0xff]);
		expect(await readPictureUpload(file(large))).toEqual({ ok: false, problem: 'too-large' });
		expect(await readPictureUpload(file(claimedPng(10_000), 'bomb.png'))).toEqual({
			ok: false,
			problem: 'too-large'
		});
	});

	it('asks for a file when there is none', async () => {
		for (const entry of [null, 'pretzel.jpg', file(new Uint8Array(0))]) {
			expect(await readPictureUpload(entry)).toEqual({ ok: false, problem: 'missing' });
		}
	});
});

describe('announcesTooLarge', () => {
	it('refuses a body announced larger than any picture form, before it is read', () => {
		const request = (length?: number) =>
			new Request('http://kiosk.test/setup/menu?/picture', {
				method: 'POST',
				headers: length === undefined ? {} : { 'content-length': String(length) }
			});
		expect(announcesTooLarge(request(MAX_PICTURE_FORM_BYTES + 1))).toBe(true);
		expect(announcesTooLarge(request(MAX_PICTURE_FORM_BYTES))).toBe(false);
		expect(announcesTooLarge(request())).toBe(false);
	});
});
