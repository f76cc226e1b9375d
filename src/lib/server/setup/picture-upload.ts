/**
 * A product picture uploaded in the setup's menu: a JPEG, PNG or WebP file by its bytes (its
 * name and the type the browser claims are not trusted), at most 8 MB and 50 megapixels,
 * decoded in full, and rendered as the card picture (catalog/card-picture.ts). Anything else is
 * a problem for the page to name. Only those three formats reach the decoder: the leading bytes
 * are checked before sharp sees the file, so none of its other decoders (SVG, TIFF, PDF …) runs
 * on a staff upload.
 */
import sharp from 'sharp';
import { MAX_INPUT_PIXELS, renderCardPicture, type CardPicture } from '../catalog/card-picture.ts';

export const MAX_PICTURE_BYTES = 8 * 1024 * 1024;
export const MAX_PICTURE_MEGAPIXELS = MAX_INPUT_PIXELS / 1_000_000;
/** A form with a picture of the largest size, plus its boundaries and other fields. */
export const MAX_PICTURE_FORM_BYTES = MAX_PICTURE_BYTES + 64 * 1024;

export type PictureProblem = 'missing' | 'too-large' | 'not-an-image';

export type PictureUpload =
	{ ok: true; picture: CardPicture } | { ok: false; problem: PictureProblem };

type Format = 'jpeg' | 'png' | 'webp';

/** The format the file's leading bytes announce, if one we take. */
function announcedFormat(bytes: Uint8Array): Format | null {
	const starts = (offset: number, ...expected: number[]) =>
		expected.every((byte, index) => bytes[offset + index] === byte);
	if (starts(0, 0xff, 0xd8, 0xff)) return 'jpeg';
	if (starts(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
	// RIFF <length> WEBP
	if (starts(0, 0x52, 0x49, 0x46, 0x46) && starts(8, 0x57, 0x45, 0x42, 0x50)) return 'webp';
	return null;
}

/**
 * Whether the request announces a body larger than any picture form: answered before the form
 * is read (the server refuses to read past its body limit, which would look like no file).
 */
export function announcesTooLarge(request: Request): boolean {
	return Number(request.headers.get('content-length') ?? 0) > MAX_PICTURE_FORM_BYTES;
}

export async function readPictureUpload(file: FormDataEntryValue | null): Promise<PictureUpload> {
	if (!(file instanceof File) || file.size === 0) return { ok: false, problem: 'missing' };
	if (file.size > MAX_PICTURE_BYTES) return { ok: false, problem: 'too-large' };
	const bytes = new Uint8Array(await file.arrayBuffer());
	const format = announcedFormat(bytes);
	if (!format) return { ok: false, problem: 'not-an-image' };
	try {
		// The header alone: a picture too large to decode is refused before it is.
		const { format: decoded, width, height } = await sharp(bytes).metadata();
		if (decoded !== format) return { ok: false, problem: 'not-an-image' };
		if (width * height > MAX_INPUT_PIXELS) return { ok: false, problem: 'too-large' };
		return { ok: true, picture: await renderCardPicture(bytes) };
	} catch {
		// Not decodable to the end: truncated, corrupt, or only dressed up as a picture.
		return { ok: false, problem: 'not-an-image' };
	}
}
