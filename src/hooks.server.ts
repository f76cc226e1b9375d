import { redirect } from '@sveltejs/kit';
import {
	sequence,
	type Handle,
	type HandleServerError,
	type ServerInit
} from '@sveltejs/kit/hooks';
import { paraglideMiddleware } from '#lib/paraglide/server.js';
import { announceSetupCode } from '#lib/server/auth/setup-code.ts';
import { loadServerConfig, modeLine } from '#lib/server/config.ts';
import { createServerContext, serverContext, setServerContext } from '#lib/server/context.ts';
import { setUpDemo } from '#lib/server/demo-setup.ts';
import { allowedHost } from '#lib/server/http/allowed-host.ts';
import { SCREEN_COOKIE, STAFF_COOKIE } from '#lib/server/http/cookies.ts';
import { CALLBACK_PATH } from '#lib/server/counter-orders/callback-tokens.ts';
import { isCrossSiteForm } from '#lib/server/http/csrf.ts';

export const init: ServerInit = async () => {
	const config = loadServerConfig();
	console.log(modeLine(config));
	const context = await createServerContext(config);
	setServerContext(context);
	try {
		await setUpDemo(context);
	} catch (error) {
		console.error(`Demo set-up failed: ${(error as Error).message}`);
	}
	// After the demo's set-up, which makes the passwords: a code only while none exists.
	await announceSetupCode(() => context.staff.isSet(), context.setupCode);
	void context.refreshAll();
	// Sales first: the journal resolver leaves the entries of sales in payment to their recovery.
	void context.recoverSales().then(() => context.resolveJournal());
};

/** Unexpected errors: logged on the server (platform errors carry no key); the page stays generic. */
export const handleError: HandleServerError = ({ kind, error }) => {
	if (kind === 'unknown') {
		console.error('Unexpected error:', error instanceof Error ? error.message : String(error));
	}
};

/** Setup pages open without a staff session: logging in and creating the first password. */
const PUBLIC_SETUP_PATHS = new Set(['/setup/login', '/setup/first-run']);

const sessions: Handle = async ({ event, resolve }) => {
	const { sessions } = serverContext();
	const [staff, screen] = await Promise.all([
		sessions.find(event.cookies.get(STAFF_COOKIE)),
		sessions.find(event.cookies.get(SCREEN_COOKIE))
	]);
	// A staff session from before roles has no name or role: logged out, the person logs in again.
	event.locals.staff = staff?.kind === 'staff' ? staff.staff : null;
	event.locals.screenDeviceId = screen?.kind === 'screen' ? screen.deviceId : null;

	const { pathname, search } = event.url;
	const isSetup = pathname === '/setup' || pathname.startsWith('/setup/');
	if (isSetup && !event.locals.staff && !PUBLIC_SETUP_PATHS.has(pathname)) {
		// Also for form posts: nothing runs, the staff member logs in (again) first.
		redirect(303, `/setup/login?next=${encodeURIComponent(pathname + search)}`);
	}
	return resolve(event);
};

/** The request's locale (cookie, then Accept-Language) for server rendering; no URL rewriting. */
const i18n: Handle = ({ event, resolve }) =>
	paraglideMiddleware(event.request, ({ locale }) => {
		return resolve(event, {
			transformPageChunk: ({ html }) => html.replace('%paraglide.lang%', locale)
		});
	});

/** Cross-site form posts are refused before anything runs (http/csrf.ts says why it is ours). */
const csrf: Handle = ({ event, resolve }) => {
	if (isCrossSiteForm(event.request, event.url)) {
		return new Response(`Cross-site ${event.request.method} form submissions are forbidden`, {
			status: 403
		});
	}
	return resolve(event);
};

const securityHeaders: Handle = async ({ event, resolve }) => {
	const response = await resolve(event);
	response.headers.set('x-content-type-options', 'nosniff');
	response.headers.set('referrer-policy', 'same-origin');
	response.headers.set('x-frame-options', 'DENY');
	return response;
};

const everything = sequence(securityHeaders, csrf, i18n, sessions);

/**
 * The platform's order callbacks skip the rest: no cookies, no language, no page — and they come
 * in bursts, where every fraction of a millisecond delays the answer the platform waits for.
 */
const byPath: Handle = (input) =>
	input.event.url.pathname.startsWith(`${CALLBACK_PATH}/`)
		? input.resolve(input.event)
		: everything(input);

/** First, for every request: one naming another host than ORIGIN's goes no further. */
export const handle: Handle = sequence(
	allowedHost(() => serverContext().config.origin),
	byPath
);
