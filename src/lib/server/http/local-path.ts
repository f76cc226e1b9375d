/**
 * A path on this site: the only place the server sends a browser back to after a form (the
 * language switch), and one of the two kinds of menu picture address (catalog/image-address.ts).
 * It starts with a single `/`: browsers read `//host` and `/\host` as another site. It has no
 * `\` anywhere, which browsers read as `/`, and no control character: browsers drop tabs and
 * newlines from an address, so `/<tab>/host` would be `//host`. A percent-encoded `%2F` or `%5C`
 * stays in the path, where it is harmless.
 */

/** No `\` and no control character: nothing a browser would read as another address. */
export function isPlainAddress(value: string): boolean {
	return !/[\\\p{Cc}]/u.test(value);
}

const BASE = 'http://local-path.invalid';

/** The path as a header carries it (percent-encoded), or null when it is not one on this site. */
export function localPath(value: string): string | null {
	if (!/^\/(?!\/)/.test(value) || !isPlainAddress(value)) return null;
	const url = URL.parse(value, BASE);
	return url?.origin === BASE ? url.pathname + url.search + url.hash : null;
}
