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
import { offerDirectRoute } from '#lib/server/http/direct-route.ts';
import { SCREEN_COOKIE, STAFF_COOKIE } from '#lib/server/http/cookies.ts';
import { CALLBACK_PATH } from '#lib/server/counter-orders/callback-tokens.ts';
import { directCallbacks } from '#lib/server/counter-orders/direct-callbacks.ts';
import { METRICS_PATH } from '#lib/server/metrics/metrics-endpoint.ts';
import { isCrossSiteForm } from '#lib/server/http/csrf.ts';
import { localeRequest, pageLocale } from '#lib/server/http/locale-request.ts';
import { isSetupPath, routedPath } from '#lib/server/http/routed-path.ts';
import { guestLanguages } from '#lib/server/screens/guest-languages.ts';
import { requestLog } from '#lib/server/http/request-log.ts';
import { setSecurityHeaders } from '#lib/server/http/security-headers.ts';
import { configureLogging, log, logUnexpected, messageOf } from '#lib/server/logging/logger.ts';

export const init: ServerInit = async () => {
	const config = loadServerConfig();
	configureLogging(config);
	log.info(modeLine(config));
	const context = await createServerContext(config);
	setServerContext(context);
	offerDirectRoute(
		directCallbacks({ counterOrders: context.counterOrders, originOf: () => config.origin })
	);
	try {
		await setUpDemo(context);
	} catch (error) {
		log.error(`Demo set-up failed: ${messageOf(error)}`);
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
		logUnexpected(error);
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

	const path = routedPath(event.url);
	if (isSetupPath(path) && !event.locals.staff && !PUBLIC_SETUP_PATHS.has(path)) {
		// Also for form posts: nothing runs, the staff member logs in (again) first. Answered, not
		// thrown: SvelteKit answers a redirect thrown in a hook after every hook has run, so the
		// answer would lack the security headers.
		const location = `/setup/login?next=${encodeURIComponent(path + event.url.search)}`;
		return new Response(null, { status: 303, headers: { location } });
	}
	return resolve(event);
};

/**
 * The page's language for server rendering (http/locale-request.ts: a guest screen's house
 * language, else the request's staff language); no URL rewriting.
 */
const i18n: Handle = async ({ event, resolve }) => {
	const locale = await pageLocale(event.request, routedPath(event.url), async () => {
		return (await guestLanguages(serverContext().settings)).house;
	});
	return paraglideMiddleware(localeRequest(event.request, locale), () => {
		return resolve(event, {
			transformPageChunk: ({ html }) => html.replace('%paraglide.lang%', locale)
		});
	});
};

/** Cross-site form posts are refused before anything runs (http/csrf.ts says why it is ours). */
const csrf: Handle = ({ event, resolve }) => {
	if (isCrossSiteForm(event.request, event.url)) {
		return new Response(`Cross-site ${event.request.method} form submissions are forbidden`, {
			status: 403
		});
	}
	return resolve(event);
};

/** On every answer, the order callbacks' included (http/security-headers.ts says which). */
const securityHeaders: Handle = async ({ event, resolve }) => {
	const response = await resolve(event);
	setSecurityHeaders(event.url, response.headers);
	return response;
};

const pages = sequence(csrf, i18n, sessions);

/**
 * The screens' JSON APIs answer codes the screen translates (and the receipt printer is told its
 * language in the body): no language to find. Finding it copied every posted request, three per
 * card sale.
 */
const apis = sequence(csrf, sessions);

/**
 * The platform's order callbacks skip the rest: no cookies, no language, no page — and they come
 * in bursts, where every fraction of a millisecond delays the answer the platform waits for (the
 * built server answers them before SvelteKit: counter-orders/direct-callbacks.ts).
 * Prometheus' scrape of /metrics needs none of them either.
 */
const callbacksApisOrPages: Handle = (input) => {
	const { pathname } = input.event.url;
	if (pathname.startsWith(`${CALLBACK_PATH}/`) || pathname === METRICS_PATH) {
		return input.resolve(input.event);
	}
	return pathname.startsWith('/api/') ? apis(input) : pages(input);
};

/**
 * Every request: its log line and id (http/request-log.ts); the security headers on whatever
 * answers it; then one naming another host than ORIGIN's goes no further.
 */
export const handle: Handle = sequence(
	requestLog,
	securityHeaders,
	allowedHost(() => serverContext().config.origin),
	callbacksApisOrPages
);
