/**
 * Where a menu picture may be: on this kiosk server (a path, http/local-path.ts: an upload's
 * `/media/products/…` or a file the venue serves itself) or on an `https://` host. Anything else
 * would load a picture from a host nobody chose (`//host`, `/\host`), over plain http, or no
 * picture at all (`javascript:`, `data:`). The rule holds where an address comes in (a menu's
 * import: product.ts) and where one is read (catalog-repository.ts: an address an older version
 * stored that breaks it is shown as none). The pages' CSP allows pictures from the same places.
 */
import { isPlainAddress, localPath } from '../http/local-path.ts';

export function isImageAddress(value: string): boolean {
	return localPath(value) !== null || isHttpsAddress(value);
}

function isHttpsAddress(value: string): boolean {
	if (!value.startsWith('https://') || !isPlainAddress(value)) return false;
	const url = URL.parse(value);
	return url !== null && url.hostname !== '' && url.username === '' && url.password === '';
}
