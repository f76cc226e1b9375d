/**
 * Where the menu's stored pictures are served: `/media/products/<hash>.webp`, the hash of the
 * picture's bytes. An address names one picture for ever, so browsers may cache it for good
 * (routes/media/products); a new picture of a product gets a new address, and the product's
 * `image` field points at it. The address holds no product id: ids may be any text, and the
 * field stays short and plain in a menu's JSON or CSV export.
 */
const PICTURE_PATH = '/media/products';

/** Hex digits of the SHA-256 of the bytes kept as a picture's hash: 96 bits. */
export const PICTURE_HASH_LENGTH = 24;

const FILE = new RegExp(`^([0-9a-f]{${PICTURE_HASH_LENGTH}})\\.webp$`);

export function pictureUrl(hash: string): string {
	return `${PICTURE_PATH}/${hash}.webp`;
}

/** The hash in the last segment of a picture's address (`<hash>.webp`), or null. */
export function pictureHashOfFile(file: string): string | null {
	return FILE.exec(file)?.[1] ?? null;
}

/** The hash of a product's `image` field when it is one of our stored pictures, else null. */
export function pictureHashOfUrl(url: string | null): string | null {
	if (!url?.startsWith(`${PICTURE_PATH}/`)) return null;
	return pictureHashOfFile(url.slice(PICTURE_PATH.length + 1));
}
