/**
 * The headers the kiosk server's hooks put on every answer (hooks.server.ts), besides the
 * Content-Security-Policy SvelteKit adds to each page (content-security-policy.ts):
 * - `nosniff` (an upload is never run as a script), a referrer for this site only, and no
 *   framing (`x-frame-options` for browsers that do not read the CSP's `frame-ancestors`);
 * - `Cache-Control: no-store` on every setup page and every API answer, errors and redirects
 *   included: what staff see (sales, the audit log, devices) and what the API says (money, live
 *   state, a screen's snapshot) is never kept by a browser's or a proxy's cache. Everything else
 *   keeps its own: the pictures and clips under `/media` their ETag and max-age
 *   (media-response.ts), the build's files theirs, and the screens' pages are kept by the
 *   service worker by its own rules (lib/pwa/cache-policy.ts).
 */
import { isSetupPath, routedPath } from './routed-path.ts';

/** Answers no cache may keep: the setup pages and the API. */
export function isNeverStored(url: URL): boolean {
	const path = routedPath(url);
	return isSetupPath(path) || path === '/api' || path.startsWith('/api/');
}

const ALWAYS: Readonly<Record<string, string>> = {
	'x-content-type-options': 'nosniff',
	'referrer-policy': 'same-origin',
	'x-frame-options': 'DENY'
};
const NEVER_STORED: Readonly<Record<string, string>> = { ...ALWAYS, 'cache-control': 'no-store' };

/** The headers of an answer at `url`. */
export function securityHeadersOf(url: URL): Readonly<Record<string, string>> {
	return isNeverStored(url) ? NEVER_STORED : ALWAYS;
}

export function setSecurityHeaders(url: URL, headers: Headers): void {
	for (const [name, value] of Object.entries(securityHeadersOf(url))) headers.set(name, value);
}
