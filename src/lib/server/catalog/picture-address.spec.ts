import { describe, expect, it } from 'vitest';
import { pictureHashOfFile, pictureHashOfUrl, pictureUrl } from './picture-address.ts';

const hash = '0123456789abcdef01234567';

describe('picture addresses', () => {
	it('name a picture by its hash, and give the hash back', () => {
		expect(pictureUrl(hash)).toBe(`/media/products/${hash}.webp`);
		expect(pictureHashOfFile(`${hash}.webp`)).toBe(hash);
		expect(pictureHashOfUrl(pictureUrl(hash))).toBe(hash);
	});

	it('know no other address', () => {
		for (const file of [`${hash}.png`, `${hash}x.webp`, `${hash.slice(1)}.webp`, '../x.webp', ''])
			expect(pictureHashOfFile(file), file).toBeNull();
		for (const url of [
			null,
			`https://cdn.example/media/products/${hash}.webp`,
			`/media/products/x/${hash}.webp`,
			`/media/${hash}.webp`
		])
			expect(pictureHashOfUrl(url), String(url)).toBeNull();
	});
});
