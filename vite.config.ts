import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { paraglideVitePlugin } from '@inlang/paraglide-js';
import adapter from '@sveltejs/adapter-node';
import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vitest/config';
import { paraglideOptions } from './paraglide.config.ts';
import settings from './project.inlang/settings.json' with { type: 'json' };
import { splitGuestTexts } from './src/lib/i18n/build/split-guest-texts.ts';
import { SAID_IN_EVERY_LANGUAGE } from './src/lib/i18n/languages.ts';
import { isStaffLocale } from './src/lib/shared/staff-languages.ts';
import { contentSecurityPolicy } from './src/lib/server/http/content-security-policy.ts';

const UNIT_SPECS = ['src', 'packages', 'tests', 'scripts'];

/**
 * The unit specs that open a store: those that import the test stores or a schema of the
 * PostgreSQL cluster (src/lib/server/store/testing/test-stores.ts, tests/postgres/schema.ts).
 * Read from the files rather than kept as a list or marked by a name: what makes a spec need
 * PostgreSQL is that import, so a new store spec joins `unit-postgres` without anyone listing or
 * renaming it, and a spec that stops opening a store leaves it. (A spec that reached the cluster
 * only through a helper would be missed here; in `unit` it fails with a message that says so.)
 */
function storeSpecs(): string[] {
	const opensStore = /from '[^']*\b(?:testing\/test-stores|postgres\/schema)\.ts'/;
	return UNIT_SPECS.flatMap((root) =>
		readdirSync(join(import.meta.dirname, root), { recursive: true, encoding: 'utf8' })
			.filter((file) => file.endsWith('.spec.ts'))
			.map((file) => join(root, file))
			.filter((spec) => opensStore.test(readFileSync(join(import.meta.dirname, spec), 'utf8')))
	);
}

/**
 * How the unit specs run: the files of a worker share one module graph (vitest's `isolate: false`).
 * Importing the server's modules afresh for each of ~180 files was most of a run's time (worker
 * threads instead of the default processes made no difference). So a spec leaves nothing behind
 * that the next file would meet — it restores real timers and its spies — and takes its fakes by
 * injection, not `vi.mock` (a module another file imported first stays as it was).
 */
const SHARED_MODULES = { isolate: false } as const;

// SvelteKit 3 reads its configuration here (svelte.config.js is no longer supported).
export default defineConfig({
	plugins: [
		sveltekit({
			compilerOptions: {
				// Runes everywhere in our code; libraries decide for themselves.
				runes: ({ filename }) =>
					filename.split(/[/\\]/).includes('node_modules') ? undefined : true
			},
			adapter: adapter(),
			// SvelteKit's check would refuse the platform's body-less order callback before any
			// hook runs; hooks.server.ts applies the same rule to everything else (http/csrf.ts).
			csrf: { trustedOrigins: ['*'] },
			// Every page's Content-Security-Policy: what it allows, and why, is said there.
			csp: contentSecurityPolicy,
			// Registered by the app with workbox-window, which also swaps versions in when a screen
			// is idle (src/lib/pwa/app-update.svelte.ts).
			serviceWorker: { register: false },
			// The server names the route of a link followed: the guest screens do not carry every
			// route of the app (the back office's grew the kiosk's initial JavaScript past its
			// 60 KB budget: npm run bench:bundle), and do not show staff which routes there are.
			router: { resolution: 'server' }
		}),
		// Vitest runs on messages compiled by `prepare`/`check`; the plugin's watcher would keep it alive.
		...(process.env.VITEST
			? []
			: [paraglideVitePlugin({ ...paraglideOptions, strategy: [...paraglideOptions.strategy] })]),
		// The browser's messages carry English and German; a guest-only language's texts load when
		// a screen needs them (src/lib/i18n/guest-texts.svelte.ts).
		splitGuestTexts(
			settings.locales.filter((locale) => !isStaffLocale(locale)),
			settings.baseLocale,
			SAID_IN_EVERY_LANGUAGE
		)
	],
	test: {
		expect: {
			requireAssertions: true,
			// `expect.poll` waits for a state that comes through real I/O (a store, a socket, a
			// listening connection): its limit, like the tests', detects a hang and nothing else.
			poll: { timeout: 30_000 }
		},
		// A time limit is a hang detector, not a speed check: scrypt hashes, store set-ups and the
		// simulator's round trips take seconds on a loaded machine, and no test asserts its speed.
		testTimeout: 60_000,
		hookTimeout: 60_000,
		// The server's info lines (a line per request and per platform call) would bury the
		// tests' own output; warnings and errors still show (lib/server/logging/logger.ts).
		env: { LOG_LEVEL: 'warn' },
		projects: [
			{
				// Every spec, the store's on SQLite (in memory): no database server, the fast loop.
				extends: './vite.config.ts',
				test: {
					name: 'unit',
					environment: 'node',
					include: UNIT_SPECS.map((root) => `${root}/**/*.spec.ts`),
					...SHARED_MODULES
				}
			},
			{
				// The specs that open a store, again on PostgreSQL: a throwaway cluster for the run.
				extends: './vite.config.ts',
				test: {
					name: 'unit-postgres',
					environment: 'node',
					include: storeSpecs(),
					env: { UNIT_STORE: 'postgres' },
					globalSetup: ['tests/postgres/global-setup.ts'],
					...SHARED_MODULES
				}
			},
			{
				extends: './vite.config.ts',
				test: {
					name: 'contract',
					environment: 'node',
					include: ['tests/contract/**/*.test.ts']
				}
			},
			{
				// The contract tests that keep state, again on PostgreSQL (tests/contract/contract-store.ts).
				extends: './vite.config.ts',
				test: {
					name: 'contract-postgres',
					environment: 'node',
					include: [
						'tests/contract/checkout.test.ts',
						'tests/contract/day-report.test.ts',
						'tests/contract/checkout-calls.test.ts',
						'tests/contract/fault-matrix.test.ts',
						'tests/contract/journal-resolver.test.ts',
						'tests/contract/platform-view.test.ts',
						'tests/contract/refunds.test.ts',
						'tests/contract/returns.test.ts'
					],
					env: { CONTRACT_STORE: 'postgres' },
					globalSetup: ['tests/postgres/global-setup.ts']
				}
			}
		]
	}
});
