/**
 * Runs server code in a request's language, as the server's i18n hook does
 * (hooks.server.ts: paraglide's middleware), so that its messages come out in `locale`.
 */
import { paraglideMiddleware } from '#lib/paraglide/server.js';
import type { Locale } from '#lib/paraglide/runtime.js';

export async function inLocale<T>(locale: Locale, work: () => T | Promise<T>): Promise<T> {
	let result: { value: T } | undefined;
	const request = new Request('http://kiosk.test/setup', {
		headers: { cookie: `PARAGLIDE_LOCALE=${locale}` }
	});
	await paraglideMiddleware(request, async () => {
		result = { value: await work() };
		return new Response(null);
	});
	if (!result) throw new Error('the work did not run');
	return result.value;
}
