/**
 * The kiosk server's security headers as a browser gets them: every page carries a strict
 * Content-Security-Policy (a fresh nonce for SvelteKit's start-up script, no inline script, no
 * eval), the setup pages and the API are never kept by a cache (errors and redirects included),
 * and the pictures keep their own caching. That the policy lets every screen work is checked by
 * every browser test (tests/e2e/test.ts fails a test on any CSP violation).
 */
import { expect, takeCspViolations, test } from './test.ts';
import { DEMO_MANAGER_NAME, DEMO_MANAGER_PASSWORD, simulator } from './support.ts';

test.beforeEach(async ({ request }) => {
	await request.post(`${simulator}/_sim/reset`);
});

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | undefined): Map<string, string[]> {
	expect(header, 'a Content-Security-Policy header').toBeTruthy();
	return new Map(
		header!
			.split(';')
			.map((part) => part.trim().split(/\s+/))
			.filter((words) => words[0])
			.map(([name, ...sources]) => [name!, sources])
	);
}

test('every page has a strict CSP whose nonce is the start-up script’s, fresh each time', async ({
	request
}) => {
	const nonces = new Set<string>();
	for (const path of ['/', '/setup/login', '/screen', '/no/such/page']) {
		const response = await request.get(path);
		const policy = directives(response.headers()['content-security-policy']);
		const scripts = policy.get('script-src')!;
		const nonce = scripts.find((source) => source.startsWith("'nonce-"))!;
		expect(scripts, path).toEqual(["'self'", nonce]);
		expect(policy.get('style-src'), path).toEqual(["'self'"]);
		expect(policy.get('object-src'), path).toEqual(["'none'"]);
		expect(policy.get('frame-ancestors'), path).toEqual(["'none'"]);
		expect(policy.get('base-uri'), path).toEqual(["'self'"]);
		expect(policy.get('form-action'), path).toEqual(["'self'"]);
		for (const [name, sources] of policy) {
			for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", "'wasm-unsafe-eval'", '*'])
				expect(sources, `${path} ${name}`).not.toContain(unsafe);
		}
		const html = await response.text();
		const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>/g)].map((tag) => tag[1]!);
		expect(inline.length, path).toBeGreaterThan(0);
		for (const attributes of inline)
			expect(attributes, path).toContain(`nonce="${nonce.slice(7, -1)}"`);
		nonces.add(nonce);
	}
	expect(nonces.size).toBe(4);
});

test('a page refuses a script or a style attribute it did not send, and the tests see it', async ({
	page
}) => {
	await page.goto('/');
	const injected = await page.evaluate(() => {
		const script = document.createElement('script');
		script.textContent = 'document.body.dataset.injected = "yes"';
		document.body.append(script);
		const probe = document.createElement('div');
		probe.setAttribute('style', 'position: absolute; width: 7px');
		document.body.append(probe);
		const width = getComputedStyle(probe).width;
		probe.remove();
		return { ran: document.body.dataset.injected === 'yes', width };
	});
	expect(injected.ran).toBe(false);
	expect(injected.width).not.toBe('7px');
	const seen: string[] = [];
	await expect
		.poll(() => {
			seen.push(...takeCspViolations());
			return seen.length;
		})
		.toBe(2);
	expect(seen.filter((violation) => violation.includes("'style-src-attr"))).toHaveLength(1);
	expect(seen.filter((violation) => violation.includes("'script-src 'self'"))).toHaveLength(1);
});

test('setup pages and API answers are never stored, errors and redirects included', async ({
	request,
	baseURL
}) => {
	const noStore = async (label: string, response: Promise<{ headers(): Record<string, string> }>) =>
		expect((await response).headers()['cache-control'], label).toBe('no-store');
	const get = (path: string, headers: Record<string, string> = {}) =>
		request.get(path, { headers, maxRedirects: 0 });

	// Logged out: the login page, and the redirect to it, however the path is written.
	await noStore('/setup/login', get('/setup/login'));
	for (const path of ['/setup', '/setup/menu', '/set%75p', '/%73etup/audit']) {
		const response = await get(path);
		expect(response.status(), path).toBe(303);
		expect(response.headers()['location'], path).toMatch(/^\/setup\/login\?next=/);
		await noStore(path, Promise.resolve(response));
	}

	const login = await request.post('/setup/login', {
		form: { name: DEMO_MANAGER_NAME, password: DEMO_MANAGER_PASSWORD },
		headers: { origin: baseURL!, accept: 'text/html' },
		maxRedirects: 0
	});
	expect(login.status()).toBe(303);
	await noStore('login post', Promise.resolve(login));
	const staff = { cookie: login.headers()['set-cookie']!.split(';')[0]! };
	for (const path of ['/setup', '/setup/menu', '/setup/menu/export.csv', '/setup/devices/nope'])
		await noStore(path, get(path, staff));

	for (const path of ['/api/health', '/api/products', '/api/kiosk/snapshot', '/api/no/such'])
		await noStore(path, get(path));
	await noStore(
		'/api/return/preview with a bad body',
		request.post('/api/return/preview', { data: 'not json', headers: { origin: baseURL! } })
	);
	await noStore(
		'/api/orders/callback with an unknown token',
		request.post('/api/orders/callback/unknown-token?orderId=1')
	);

	// Not the guest pages, nor the pictures, which keep their own caching.
	expect((await get('/')).headers()['cache-control']).toBeUndefined();
	const menu = (await (await get('/setup/menu/export.json', staff)).json()) as {
		products: { image: string | null }[];
	};
	const picture = menu.products.find((product) => product.image)!.image!;
	expect((await get(picture)).headers()['cache-control']).toBe(
		'public, max-age=31536000, immutable'
	);
});
