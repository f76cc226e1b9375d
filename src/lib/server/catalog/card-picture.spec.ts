import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CARD_HEIGHT, CARD_WIDTH, renderCardPicture } from './card-picture.ts';

/** A photo as a phone takes it: left half red, right half blue, with EXIF and an orientation. */
async function photo(orientation: number): Promise<Buffer> {
	const half = (colour: string) =>
		sharp({ create: { width: 600, height: 900, channels: 3, background: colour } })
			.png()
			.toBuffer();
	return sharp({ create: { width: 1200, height: 900, channels: 3, background: '#000' } })
		.composite([
			{ input: await half('#ff0000'), left: 0, top: 0 },
			{ input: await half('#0000ff'), left: 600, top: 0 }
		])
		.jpeg()
		.withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Phone 1' } })
		.withMetadata({ orientation })
		.toBuffer();
}

async function redAt(bytes: Uint8Array, x: number): Promise<boolean> {
	const { data } = await sharp(bytes)
		.extract({ left: x, top: CARD_HEIGHT / 2, width: 1, height: 1 })
		.raw()
		.toBuffer({ resolveWithObject: true });
	return data[0]! > 200 && data[2]! < 60;
}

describe('renderCardPicture', () => {
	it('makes an 800 × 600 WebP without metadata, named by the hash of its bytes', async () => {
		const input = await photo(1);
		expect((await sharp(input).metadata()).exif).toBeDefined();
		const picture = await renderCardPicture(input);
		const meta = await sharp(picture.bytes).metadata();
		expect([meta.format, meta.width, meta.height]).toEqual(['webp', CARD_WIDTH, CARD_HEIGHT]);
		expect(meta.exif).toBeUndefined();
		expect(meta.icc).toBeUndefined();
		expect(picture.contentType).toBe('image/webp');
		expect(picture.hash).toBe(
			createHash('sha256').update(picture.bytes).digest('hex').slice(0, 24)
		);
		expect(await redAt(picture.bytes, 10)).toBe(true);
	});

	it('turns a picture upright as the camera held it', async () => {
		// Orientation 3: stored upside down, so the red half shows on the right.
		const picture = await renderCardPicture(await photo(3));
		expect(await redAt(picture.bytes, 10)).toBe(false);
		expect(await redAt(picture.bytes, CARD_WIDTH - 10)).toBe(true);
	});

	it('crops a portrait picture to fill the card', async () => {
		const portrait = await sharp({
			create: { width: 300, height: 1000, channels: 3, background: '#22aa44' }
		})
			.png()
			.toBuffer();
		const meta = await sharp((await renderCardPicture(portrait)).bytes).metadata();
		expect([meta.width, meta.height]).toEqual([CARD_WIDTH, CARD_HEIGHT]);
	});

	it('rejects what it cannot decode', async () => {
		await expect(renderCardPicture(new TextEncoder().encode('not a picture'))).rejects.toThrow();
	});
});
