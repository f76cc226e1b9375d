/**
 * Which messages a guest can see: every `m.<key>` in the modules the guest screens load, followed
 * from their pages through every import — static and dynamic (the steps and panels loaded
 * later), through the #lib/shared helpers — and in the printed receipt, which is printed in the
 * guest's language. The guest screens name their messages (a lookup by key would carry the whole
 * catalogue into their bundle), so reading the names finds them all; the roots below are the one
 * place that says what a guest screen is.
 *
 * Read from the source as it is, so a message a guest screen starts to show is a guest message
 * at once (i18n/messages.spec.ts then wants it in every language).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..', '..', '..');

/** The guest screens' pages and what else reaches a guest in their language. */
export const GUEST_ROOTS = [
	'src/routes/kiosk/+page.svelte',
	'src/routes/return/+page.svelte',
	'src/routes/pickup/+page.svelte',
	// Shown on a guest screen too, in its language, when a page fails.
	'src/routes/+error.svelte',
	// The guest's receipt, printed in the guest's language.
	'src/lib/server/printer/receipt-layout.ts'
];

const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;
const MESSAGE = /\bm\.(\w+)/g;

function resolveImport(specifier: string, from: string): string | null {
	let path: string;
	if (specifier.startsWith('#lib/') || specifier.startsWith('$lib/')) {
		path = join(ROOT, 'src', 'lib', specifier.slice(5));
	} else if (specifier.startsWith('.')) {
		path = resolve(dirname(from), specifier);
	} else {
		return null; // a package, or SvelteKit's own ($app/…)
	}
	// The compiled catalogue is what is looked for, not a module to read.
	if (path.includes(`${join('src', 'lib', 'paraglide')}`)) return null;
	return existsSync(path) ? path : null;
}

/** The message keys the guest can see, and for each a module that shows it. */
export function guestMessages(): Map<string, string> {
	const seen = new Set<string>();
	const keys = new Map<string, string>();
	const pending = GUEST_ROOTS.map((root) => join(ROOT, root));
	for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
		if (seen.has(file)) continue;
		seen.add(file);
		const source = readFileSync(file, 'utf8');
		for (const [, key] of source.matchAll(MESSAGE)) {
			if (!keys.has(key!)) keys.set(key!, relative(ROOT, file));
		}
		for (const [, specifier] of source.matchAll(IMPORT)) {
			const target = resolveImport(specifier!, file);
			if (target) pending.push(target);
		}
	}
	return keys;
}
