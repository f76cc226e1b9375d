/**
 * The path of a request as SvelteKit's router reads it, for the rules the hooks apply by path
 * (the setup pages' login guard, which answers no cache may keep). The router matches routes on
 * the percent-decoded path, so a rule on the raw one would not see `/set%75p` as `/setup`: the
 * page would run, and the rule would not.
 */

/** The URL's path decoded as SvelteKit decodes it for routing (`%25` stays, `%2F` stays). */
export function routedPath(url: URL): string {
	try {
		return url.pathname.split('%25').map(decodeURI).join('%25');
	} catch {
		// Malformed: SvelteKit refuses such a request before any hook runs.
		return url.pathname;
	}
}

/** The back office: `/setup` and every page under it. */
export function isSetupPath(path: string): boolean {
	return path === '/setup' || path.startsWith('/setup/');
}
