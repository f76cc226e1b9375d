/**
 * Cross-site request forgery protection. SvelteKit's own check refuses every body-less POST from
 * another origin, and it runs before any hook — but the platform's order callback is exactly that
 * (spec 2, Events: `POST {callback_url}?orderId=…`, no body) and proves itself with the token in
 * its address. So SvelteKit's check is off (`csrf.trustedOrigins: ['*']` in vite.config.ts) and
 * this one applies the same rule to everything else: a POST, PUT, PATCH or DELETE with a form's
 * content type (or none) must come from this origin.
 */
import { CALLBACK_PATH } from '../counter-orders/callback-tokens.ts';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];

export function isCrossSiteForm(request: Request, url: URL): boolean {
	if (!MUTATING.has(request.method)) return false;
	if (url.pathname.startsWith(`${CALLBACK_PATH}/`)) return false;
	const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
	if (type && !FORM_TYPES.includes(type)) return false;
	return request.headers.get('origin') !== url.origin;
}
