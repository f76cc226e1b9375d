/**
 * `npm run bench:bundle [-- /route …]` (after `npm run build`): the gzip size of a route's
 * initial JavaScript (what SvelteKit has the browser load before the page runs: its start and
 * app entries, the route's layout and page nodes and their static imports; dynamic imports
 * excluded) and, separately, of the camera scanner chunk (html5-qrcode, loaded by a dynamic
 * import when a scan screen opens). Default routes: /, /screen, /kiosk, /return, /pickup,
 * /board and /setup/scanner.
 * `--files` lists each route's files as well, largest first, with the source each was built from.
 *
 * Sources: SvelteKit's server manifest (.svelte-kit/output/server/manifest.js: the routes, their
 * nodes and the client entry imports, as used for the modulepreload links) and Vite's client
 * manifest (.svelte-kit/output/client/.vite/manifest.json: the scanner chunk and its imports).
 * Sizes are gzip level 9 of the built files, as adapter-node precompresses them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { reportFigures, type Figure } from './bench-goals.ts';

const OUTPUT = resolve(import.meta.dirname, '../.svelte-kit/output');
const CLIENT = join(OUTPUT, 'client');
const VITE_MANIFEST = join(CLIENT, '.vite/manifest.json');
const SERVER_MANIFEST = join(OUTPUT, 'server/manifest.js');
const SCANNER_SOURCE = 'src/lib/scanner/camera-scanner.ts';
/** The screens' budget: initial JavaScript, gzip, before the scanner loads. */
const INITIAL_BUDGET_KB = 60;
/**
 * The home page, the paired screen's entry (/screen), the guest ordering screen (/kiosk), the
 * return station, the pickup screen, the order board and the staff's scanner check: the routes
 * held to the budget.
 */
const DEFAULT_ROUTES = ['/', '/screen', '/kiosk', '/return', '/pickup', '/board', '/setup/scanner'];

interface ViteChunk {
	file: string;
	/** The chunk's name: for a shared chunk (key `_….js`), the module it is named after. */
	name?: string;
	imports?: string[];
	dynamicImports?: string[];
	isDynamicEntry?: boolean;
}

interface ServerManifestData {
	client: { start: string; app: string; imports: string[] };
	routes: {
		id: string;
		pattern: RegExp;
		page: { layouts: (number | undefined)[]; leaf: number } | null;
	}[];
}
/** SvelteKit 3 has the data at the top; SvelteKit 2 had it under `_`. */
type ServerManifest = ServerManifestData & { _?: ServerManifestData };

for (const file of [VITE_MANIFEST, SERVER_MANIFEST]) {
	if (!existsSync(file)) {
		console.error(`${file} is missing: run \`npm run build\` first.`);
		process.exit(1);
	}
}

const vite = JSON.parse(readFileSync(VITE_MANIFEST, 'utf8')) as Record<string, ViteChunk>;
const { manifest: serverManifest } = (await import(pathToFileURL(SERVER_MANIFEST).href)) as {
	manifest: ServerManifest;
};
const manifest = serverManifest._ ?? serverManifest;

const gzipCache = new Map<string, number>();
/** gzip size in bytes of a client file (path relative to the client output). */
function gzipSize(file: string): number {
	let size = gzipCache.get(file);
	if (size === undefined) {
		size = gzipSync(readFileSync(join(CLIENT, file)), { level: 9 }).length;
		gzipCache.set(file, size);
	}
	return size;
}

/** The client files a server node has preloaded (`export const imports = [...]` in its module). */
function nodeImports(index: number): string[] {
	const source = readFileSync(join(OUTPUT, `server/nodes/${index}.js`), 'utf8');
	const match = /export const imports = (\[[^\]]*\]);/.exec(source);
	return match ? (JSON.parse(match[1]!) as string[]) : [];
}

/** A route's initial JavaScript files. */
function initialFiles(path: string): { id: string; files: string[] } {
	const route = manifest.routes.find((r) => r.page && r.pattern.test(path));
	if (!route?.page) {
		const pages = manifest.routes.filter((r) => r.page).map((r) => r.id);
		console.error(`No page route matches ${path}. Page routes: ${pages.join(' ')}`);
		process.exit(1);
	}
	const nodes = [...route.page.layouts, route.page.leaf].filter(
		(n): n is number => typeof n === 'number'
	);
	const files = new Set(
		[...manifest.client.imports, ...nodes.flatMap(nodeImports)].filter((f) => f.endsWith('.js'))
	);
	return { id: route.id, files: [...files] };
}

/** A chunk and its static imports, recursively (Vite manifest keys). */
function staticClosure(key: string, seen = new Set<string>()): Set<string> {
	if (seen.has(key)) return seen;
	seen.add(key);
	for (const imported of vite[key]?.imports ?? []) staticClosure(imported, seen);
	return seen;
}

const kb = (bytes: number) => bytes / 1024;
const routes = process.argv.slice(2).filter((a) => a.startsWith('/'));
const listFiles = process.argv.includes('--files');
/** The source a client file was built from (its Vite manifest key), for the --files listing. */
const sourceOf = new Map(
	Object.entries(vite).map(([key, chunk]) => [
		chunk.file,
		key.startsWith('_') ? `${key} (${chunk.name})` : key
	])
);
const listings: string[] = [];
const figures: Figure[] = [];

const scannerChunk = vite[SCANNER_SOURCE];
if (!scannerChunk?.isDynamicEntry) throw new Error(`${SCANNER_SOURCE} is not a dynamic chunk`);

for (const path of routes.length ? routes : DEFAULT_ROUTES) {
	const { id, files } = initialFiles(path);
	const total = files.reduce((sum, f) => sum + gzipSize(f), 0);
	if (files.includes(scannerChunk.file)) {
		throw new Error(`the scanner chunk is in the initial JavaScript of ${path}`);
	}
	figures.push({
		what: `initial JS of ${path} (route ${id}, ${files.length} files)`,
		value: kb(total),
		unit: 'KB gzip',
		...(DEFAULT_ROUTES.includes(path) ? { goal: { max: INITIAL_BUDGET_KB } } : {})
	});
	if (listFiles) {
		listings.push(`\n${path}:`);
		for (const file of [...files].sort((a, b) => gzipSize(b) - gzipSize(a))) {
			const size = kb(gzipSize(file)).toFixed(1);
			listings.push(`${size.padStart(6)} KB  ${sourceOf.get(file) ?? file}`);
		}
	}
}

// The scanner chunk alone, and with its imports that are not shared with every page: on demand.
const initialOfAll = new Set(manifest.client.imports);
const scannerExtra = [...staticClosure(SCANNER_SOURCE)]
	.map((key) => vite[key]!.file)
	.filter((file) => !initialOfAll.has(file));
figures.push(
	{
		what: 'scanner chunk (html5-qrcode + camera-scanner.ts), on demand',
		value: kb(gzipSize(scannerChunk.file)),
		unit: 'KB gzip'
	},
	{
		what: `scanner chunk with its imports beyond the app entries (${scannerExtra.length} files)`,
		value: kb(scannerExtra.reduce((sum, f) => sum + gzipSize(f), 0)),
		unit: 'KB gzip'
	}
);

for (const listing of listings) console.log(listing);
reportFigures(figures);
