/**
 * What the bundle tests share: a page's initial JavaScript as the built app serves it — the
 * files its HTML preloads (`modulepreload` links) and everything they import statically (Vite's
 * client manifest) — and its gzip size, counted as `npm run bench:bundle` counts it (level 9, as
 * adapter-node precompresses). Dynamic imports are not initial: they load when their code runs.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

export const CLIENT = '.svelte-kit/output/client';
/** The screens' budget of initial JavaScript, gzip. */
export const INITIAL_BUDGET_BYTES = 60 * 1024;

interface ManifestEntry {
	file: string;
	imports?: string[];
}

export function clientManifest(): Record<string, ManifestEntry> {
	return JSON.parse(readFileSync(`${CLIENT}/.vite/manifest.json`, 'utf8'));
}

/** The initial files (paths from the site's root) of the page whose HTML is `html`. */
export function initialFiles(html: string, pageUrl: string): Set<string> {
	const preloaded = [...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)].map(
		([tag]) => new URL(/\bhref="([^"]+)"/.exec(tag)![1]!, pageUrl).pathname
	);
	const manifest = clientManifest();
	const byFile = new Map(Object.values(manifest).map((entry) => [`/${entry.file}`, entry]));
	const initial = new Set<string>();
	const visit = (file: string) => {
		if (initial.has(file)) return;
		initial.add(file);
		for (const key of byFile.get(file)?.imports ?? []) visit(`/${manifest[key]!.file}`);
	};
	for (const file of preloaded) visit(file);
	return initial;
}

/** The gzip size in bytes of the JavaScript among `files`. */
export function gzipBytes(files: Iterable<string>): number {
	return [...files]
		.filter((file) => file.endsWith('.js'))
		.reduce(
			(sum, file) => sum + gzipSync(readFileSync(`${CLIENT}${file}`), { level: 9 }).length,
			0
		);
}
