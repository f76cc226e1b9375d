/**
 * The host a request names must be this server's, when the operator says which it is: with
 * ORIGIN set (adapter-node's variable, which also makes it every request's URL), a request whose
 * Host header names another host is refused with 421 Misdirected Request before anything runs.
 * That closes DNS rebinding — a page of another site whose name is made to resolve to the kiosk
 * server's address, so that the visitor's browser reaches the server in the site's name: the
 * first-run page, the staff login, the guest API. Without ORIGIN any host is answered (a venue
 * LAN reached by address), as before.
 *
 * The health endpoint is answered for any host: a supervisor's or balancer's probe asks by the
 * machine's address, and the answer holds nothing but "up".
 */
import type { Handle } from '@sveltejs/kit/hooks';

const ANY_HOST_PATHS = new Set(['/api/health']);

/** What a Host header may hold: a name or address and a port, nothing else. */
const HOST_HEADER = /^[a-z0-9.:[\]-]+$/i;

/**
 * Whether a request with this Host header is for `origin` (none: never). Compared as URLs spell
 * hosts: any case, the default port written or not.
 */
export function isAllowedHost(hostHeader: string | null, origin: string): boolean {
	if (!hostHeader || !HOST_HEADER.test(hostHeader)) return false;
	const allowed = new URL(origin);
	try {
		return new URL(`${allowed.protocol}//${hostHeader}`).host === allowed.host;
	} catch {
		return false;
	}
}

/** The hook: with an origin set (read per request: the server's config), only requests naming its host go on. */
export function allowedHost(originOf: () => string | undefined): Handle {
	return ({ event, resolve }) => {
		const origin = originOf();
		if (
			origin === undefined ||
			ANY_HOST_PATHS.has(event.url.pathname) ||
			isAllowedHost(event.request.headers.get('host'), origin)
		) {
			return resolve(event);
		}
		return new Response('Misdirected request: this server does not answer for this host name.\n', {
			status: 421,
			headers: { 'content-type': 'text/plain; charset=utf-8' }
		});
	};
}
