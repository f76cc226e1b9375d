/**
 * A product's picture as the guest screens show it on a product card: 800 × 600 (4:3), cropped
 * to fill, WebP, upright as the camera held it, and without metadata — no camera EXIF, place or
 * colour profile goes out to guests (sharp writes none unless told, and converts to sRGB).
 * Renders whatever sharp decodes: what staff may upload is decided at the boundary
 * (setup/picture-upload.ts); the demo set-up renders its own SVG drawings here too.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { PICTURE_HASH_LENGTH } from './picture-address.ts';

export const CARD_WIDTH = 800;
export const CARD_HEIGHT = 600;
/** Decoding stops past this: a few megabytes of PNG can unpack to gigabytes of pixels. */
export const MAX_INPUT_PIXELS = 50_000_000;

export interface CardPicture {
	contentType: 'image/webp';
	bytes: Uint8Array;
	/** Of the bytes: names the picture in its address and as its ETag. */
	hash: string;
}

/** Rejects when the input is not a picture sharp can decode completely. */
export async function renderCardPicture(input: Uint8Array): Promise<CardPicture> {
	const bytes = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
		.autoOrient()
		.resize(CARD_WIDTH, CARD_HEIGHT, { fit: 'cover' })
		.webp({ quality: 82 })
		.toBuffer();
	return { contentType: 'image/webp', bytes, hash: hashOf(bytes) };
}

function hashOf(bytes: Uint8Array): string {
	return createHash('sha256').update(bytes).digest('hex').slice(0, PICTURE_HASH_LENGTH);
}
