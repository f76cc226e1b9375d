/**
 * Bad input to the kiosk server: every page, endpoint and form action, with and without a staff
 * session, fed malformed bodies, wrong content types, oversized bodies and random fields. Nothing
 * may answer 500, and a refused request changes nothing.
 */
import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './test.ts';
import { DEMO_MANAGER_NAME, DEMO_MANAGER_PASSWORD, simulator } from './support.ts';

const GET_PATHS = [
	'/',
	'/setup',
	'/setup/login',
	'/setup/first-run',
	'/setup/devices/new',
	'/setup/devices/not-a-device',
	'/setup/diagnostics',
	'/setup/diagnostics/journal.csv',
	'/setup/menu',
	'/setup/menu/export.json',
	'/setup/menu/export.csv',
	'/setup/audit',
	'/setup/audit/audit.csv',
	'/screen',
	'/return',
	'/api/products',
	'/no/such/page'
];

/**
 * Form actions; none that would remove the test's own devices or session. Login and the screen
 * exit count failed attempts per client (rate limit), so they get targeted tests below instead.
 */
const ACTIONS = [
	'/setup/first-run',
	'/setup?/pin',
	'/setup?/returnStation',
	'/setup?/password',
	'/setup/devices/new',
	'/setup/devices/not-a-device?/refresh',
	'/setup/devices/not-a-device?/pair',
	'/setup/devices/not-a-device?/remove',
	'/setup/diagnostics?/refresh',
	'/setup/diagnostics?/resolve',
	'/setup/diagnostics?/handled',
	'/setup/menu?/import',
	'/setup/menu?/availability',
	'/setup/menu?/picture',
	'/setup/menu?/removePicture',
	'/setup/menu?/names',
	'/demo/pair',
	'/language'
];

const QUERIES = [
	'',
	'?page=-1',
	'?pageSize=99999',
	'?page=abc',
	'?status=%00',
	'?next=//evil.test',
	'?operation=' + 'x'.repeat(3000),
	'?%E0%A4%A'
];

function random(seed: number) {
	return () => {
		seed = (seed + 0x6d2b79f5) | 0;
		let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

const FIELDS = [
	'password',
	'confirm',
	'pin',
	'name',
	'apiKey',
	'environment',
	'baseUrl',
	'mode',
	'id',
	'available',
	'file',
	'next'
];
const VALUES = [
	'',
	'0',
	'1234',
	'true',
	'kiosk',
	'custom',
	'javascript:alert(1)',
	'ü🍺',
	'x'.repeat(5000),
	'../../etc/passwd',
	'<script>',
	'http://127.0.0.1:9'
];

async function staffContext(
	request: APIRequestContext,
	baseURL: string
): Promise<Record<string, string>> {
	const response = await request.post('/setup/login', {
		form: { name: DEMO_MANAGER_NAME, password: DEMO_MANAGER_PASSWORD },
		headers: { origin: baseURL, accept: 'text/html' },
		maxRedirects: 0
	});
	expect(response.status()).toBe(303);
	const cookie = response.headers()['set-cookie']?.split(';')[0];
	expect(cookie).toMatch(/^kiosk_staff=/);
	return { cookie: cookie! };
}

test.beforeEach(async ({ request }) => {
	await request.post(`${simulator}/_sim/reset`);
});

test('every page and endpoint answers below 500 to odd query strings, logged in or not', async ({
	request,
	baseURL
}) => {
	const staff = await staffContext(request, baseURL!);
	for (const headers of [{}, staff]) {
		for (const path of GET_PATHS) {
			for (const query of QUERIES) {
				const url = path + query;
				const response = await request.get(url, { headers, maxRedirects: 0 });
				expect(response.status(), `GET ${url}`).toBeLessThan(500);
			}
		}
	}
});

test('600 random form posts to every action: below 500, and the menu and devices unchanged', async ({
	request,
	baseURL
}) => {
	const staff = await staffContext(request, baseURL!);
	const before = await Promise.all([
		(await request.get('/setup/menu/export.json', { headers: staff })).text(),
		(await request.get('/setup', { headers: staff })).text()
	]);
	const next = random(22112026);
	const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
	for (let i = 0; i < 600; i += 1) {
		const action = pick(ACTIONS);
		const headers = { origin: baseURL!, ...(next() < 0.7 ? staff : {}) };
		const fields = Object.fromEntries(
			FIELDS.filter(() => next() < 0.4).map((f) => [f, pick(VALUES)])
		);
		const kind = pick(['form', 'multipart', 'json', 'garbage', 'empty']);
		const options =
			kind === 'form'
				? { form: fields }
				: kind === 'multipart'
					? {
							multipart: {
								...fields,
								file: {
									name: 'menu.json',
									mimeType: 'application/json',
									buffer: Buffer.from(pick(['[', '{}', '[{"id":1}]', 'id,name\n1']))
								}
							}
						}
					: kind === 'json'
						? { data: fields }
						: kind === 'garbage'
							? {
									data: Buffer.from([0xff, 0xfe, 0x00, 0x41]),
									headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }
								}
							: {};
		const response = await request.post(action, { headers, maxRedirects: 0, ...options });
		expect(
			response.status(),
			`POST ${action} (${kind}) ${JSON.stringify(fields).slice(0, 200)}`
		).toBeLessThan(500);
	}
	const after = await Promise.all([
		(await request.get('/setup/menu/export.json', { headers: staff })).text(),
		(await request.get('/setup', { headers: staff })).text()
	]);
	expect(after[0]).toBe(before[0]);
	expect(after[1].match(/Main Stage [\w ]+/g)).toEqual(before[1].match(/Main Stage [\w ]+/g));
});

test('a menu file over the size limit is refused with a message, and nothing changes', async ({
	request,
	baseURL
}) => {
	const staff = await staffContext(request, baseURL!);
	const before = await (await request.get('/setup/menu/export.json', { headers: staff })).text();
	const response = await request.post('/setup/menu?/import', {
		headers: { origin: baseURL!, accept: 'text/html', ...staff },
		multipart: {
			file: {
				name: 'menu.json',
				mimeType: 'application/json',
				buffer: Buffer.alloc(3 * 1024 * 1024, 32)
			}
		}
	});
	expect(response.status()).toBe(400);
	expect(await response.text()).toContain('Please choose a file (at most 1 MB).');
	expect(await (await request.get('/setup/menu/export.json', { headers: staff })).text()).toBe(
		before
	);
});

test('login and the screen exit refuse malformed bodies with their own message', async ({
	request,
	baseURL
}) => {
	const login = await request.post('/setup/login', {
		headers: {
			origin: baseURL!,
			accept: 'text/html',
			'content-type': 'application/x-www-form-urlencoded'
		},
		data: Buffer.from([0xff, 0xfe, 0x00])
	});
	expect(login.status()).toBe(400);
	// An empty form: the name is asked for first.
	expect(await login.text()).toContain('Please enter your name.');
	const exit = await request.post('/screen?/exit', {
		headers: { origin: baseURL!, accept: 'text/html' },
		multipart: { pin: 'x'.repeat(5000) },
		maxRedirects: 0
	});
	// Not paired as a screen: nothing to leave, nothing read or counted; on to the setup pages.
	expect(exit.status()).toBe(303);
});

test('a body past the server’s limit is answered 413 with a clear message, forms and JSON alike', async ({
	request,
	baseURL
}) => {
	// 10 MB: past BODY_SIZE_LIMIT (9M), announced by Content-Length.
	const big = 'x'.repeat(10 * 1024 * 1024);
	const login = await request.post('/setup/login', {
		headers: {
			origin: baseURL!,
			accept: 'text/html',
			'content-type': 'application/x-www-form-urlencoded'
		},
		data: `name=Sam&password=${big}`
	});
	expect(login.status()).toBe(413);
	expect(await login.text()).toContain(
		'What was sent is larger than this server accepts. Nothing was changed.'
	);
	const confirm = await request.post('/api/return/confirm', {
		headers: { origin: baseURL! },
		data: { returnId: big, code: '', quantities: {} }
	});
	expect(confirm.status()).toBe(413);
	expect(await confirm.json()).toEqual({ error: { failure: 'body-too-large' } });
});

test('a form post from another origin is refused (CSRF)', async ({ request }) => {
	const response = await request.post('/setup/login', {
		form: { name: DEMO_MANAGER_NAME, password: DEMO_MANAGER_PASSWORD },
		headers: { origin: 'http://evil.test' },
		maxRedirects: 0
	});
	expect(response.status()).toBe(403);
});

test('the language switch returns to a page on this site only; anything else is refused, unchanged', async ({
	request,
	baseURL
}) => {
	const headers = { origin: baseURL!, accept: 'text/html' };
	const to = (locale: string, next: string) =>
		request.post('/language', { form: { locale, next }, headers, maxRedirects: 0 });
	for (const next of [
		'//evil.example',
		'/\\evil.example',
		'\\/evil.example',
		'/\t/evil.example',
		'/\n/evil.example',
		'https://evil.example/',
		'javascript:alert(1)'
	]) {
		const response = await to('de', next);
		expect(response.status(), JSON.stringify(next)).toBe(400);
		expect(await response.text()).toContain('This language switch is not valid');
		expect(response.headers()['set-cookie'], JSON.stringify(next)).toBeUndefined();
	}
	// A guest-only language is not the staff screens': the guest screens switch without a cookie.
	for (const locale of ['xx', 'fr']) {
		const refused = await to(locale, '/setup');
		expect(refused.status(), locale).toBe(400);
		expect(refused.headers()['set-cookie'], locale).toBeUndefined();
	}

	const back = await to('de', '/kiosk?idle=10');
	expect(back.status()).toBe(303);
	expect(back.headers()['location']).toBe('/kiosk?idle=10');
	expect(back.headers()['set-cookie']).toMatch(/^PARAGLIDE_LOCALE=de;/);
	// Encoded, so a path with letters beyond ASCII is a header like any other.
	expect((await to('en', '/men\u00fc')).headers()['location']).toBe('/men%C3%BC');
	expect((await to('en', '')).headers()['location']).toBe('/');
});
