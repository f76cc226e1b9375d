/**
 * `prepare` (npm runs it after `npm install` and `npm ci`) and the first step of `npm run check`:
 * compiles the messages (scripts/compile-messages.ts) and has SvelteKit write its generated types
 * and tsconfig (`svelte-kit sync`), which the type check, the tests and the editor read.
 *
 * A production install (`npm ci --omit=dev`) has neither tool and needs neither, the build
 * carrying the compiled messages: there it says so and does nothing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const svelteKit = join(
	import.meta.dirname,
	'..',
	'node_modules',
	'@sveltejs',
	'kit',
	'svelte-kit.js'
);

if (!existsSync(svelteKit)) {
	console.log('prepare: a production install (no development dependencies), nothing to prepare');
} else {
	await import('./compile-messages.ts');
	const sync = spawnSync(process.execPath, [svelteKit, 'sync'], { stdio: 'inherit' });
	if (sync.status !== 0) process.exit(sync.status ?? 1);
}
