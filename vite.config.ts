import { paraglideVitePlugin } from '@inlang/paraglide-js';
import adapter from '@sveltejs/adapter-node';
import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vitest/config';
import { paraglideOptions } from './paraglide.config.ts';
import { contentSecurityPolicy } from './src/lib/server/http/content-security-policy.ts';

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
			: [paraglideVitePlugin({ ...paraglideOptions, strategy: [...paraglideOptions.strategy] })])
	],
	test: {
		expect: { requireAssertions: true },
		// A time limit is a hang detector, not a speed check: scrypt hashes, store set-ups and the
		// simulator's round trips take seconds on a loaded machine, and no test asserts its speed.
		testTimeout: 60_000,
		hookTimeout: 60_000,
		projects: [
			{
				extends: './vite.config.ts',
				test: {
					name: 'unit',
					environment: 'node',
					include: [
						'src/**/*.spec.ts',
						'packages/*/src/**/*.spec.ts',
						'tests/**/*.spec.ts',
						'scripts/**/*.spec.ts'
					],
					// A throwaway PostgreSQL cluster: the store's code runs on both engines.
					globalSetup: ['tests/postgres/global-setup.ts']
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
