import prettier from 'eslint-config-prettier';
import path from 'node:path';
import js from '@eslint/js';
import svelte from 'eslint-plugin-svelte';
import { defineConfig, includeIgnoreFile } from 'eslint/config';
import globals from 'globals';
import ts from 'typescript-eslint';

const gitignorePath = path.resolve(import.meta.dirname, '.gitignore');

// The layers (CONTRIBUTING.md, Where code goes): the screens (every folder of src/lib but server/
// and shared/, the routes' pages) and the server (src/lib/server, the routes' server files) meet
// only in src/lib/shared, the types the screens receive and the pure logic both run. A screen
// never imports the server, the server never a screen's folder, shared neither.
const SERVER_ONLY = {
	regex: String.raw`^(\$|#)lib/server(/|$)|^(\.\.?/)+(lib/)?server/`,
	message: 'A screen imports src/lib/shared, never the server: declare the type there.'
};
const SCREENS = {
	regex: String.raw`^(\$|#)lib/(?!(shared|server|paraglide)/|[\w.-]+\.ts$)|^(\.\./)+lib/(?!(shared|server|paraglide)/)`,
	message: "The server imports src/lib/shared, never a screen's folder: move what both use there."
};
const SHARED_ONLY = {
	regex: String.raw`^(\$|#)lib/(?!(shared|paraglide)/|[\w.-]+\.ts$)|^(\.\.?/)+(lib/)?server/`,
	message: 'Shared code (src/lib/shared, src/lib/*.ts) imports only shared code: both sides run it.'
};
/** A relative import from `depth` folders below `folder` that climbs out of it into src/lib. */
const leaving = (folder, depth) => ({
	regex: String.raw`^${String.raw`\.\./`.repeat(depth + 1)}(?!\.\./)`,
	message: `Out of ${folder} only through #lib/… (so the layer rules can see where it goes).`
});
const layerRule = (...patterns) => ({
	'no-restricted-imports': ['error', { patterns }]
});
/** Folder depths below src/lib/server and src/lib/shared (a glob cannot count them). */
const DEPTHS = [0, 1, 2, 3, 4, 5, 6, 7];
const below = (folder, depth) => [`${folder}/${'*/'.repeat(depth)}*.ts`];

export default defineConfig(
	includeIgnoreFile(gitignorePath),
	js.configs.recommended,
	ts.configs.recommended,
	svelte.configs.recommended,
	prettier,
	svelte.configs.prettier,
	{
		languageOptions: { globals: { ...globals.browser, ...globals.node } },
		rules: {
			// TypeScript checks undefined names itself (typescript-eslint FAQ).
			'no-undef': 'off'
		}
	},
	{
		files: ['**/*.svelte', '**/*.svelte.ts', '**/*.svelte.js'],
		languageOptions: {
			parserOptions: {
				projectService: true,
				extraFileExtensions: ['.svelte'],
				parser: ts.parser
			}
		}
	},
	{
		// The store is asynchronous: a call whose promise nobody awaits, or a promise
		// taken for its value in a condition, is a bug the type checker alone does not see.
		files: ['src/**/*.ts', 'packages/*/src/**/*.ts', 'tests/**/*.ts', 'scripts/**/*.ts'],
		ignores: ['src/service-worker/**'],
		languageOptions: { parserOptions: { projectService: true } },
		rules: {
			'@typescript-eslint/no-floating-promises': 'error',
			'@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
			'@typescript-eslint/await-thenable': 'error'
		}
	},
	{
		// A message looked up by a key built at run time keeps every message of the app in the
		// page's JavaScript: a screen names its messages (CONTRIBUTING.md, Benches). translate()
		// is the one lookup by key, for the staff pages.
		files: ['src/**/*.ts', 'src/**/*.svelte'],
		ignores: ['src/**/*.spec.ts', 'src/lib/shared/message.ts', 'src/lib/paraglide/**'],
		rules: {
			'no-restricted-syntax': [
				'error',
				...[
					"MemberExpression[computed=true][object.name='m']",
					"MemberExpression[computed=true][object.expression.name='m']",
					"MemberExpression[computed=true][object.expression.expression.name='m']"
				].map((selector) => ({
					selector,
					message: 'Name the message (m.some_message): a lookup by key bundles them all.'
				}))
			]
		}
	},
	{
		// A wait for real I/O gives up only on a hang: vi.waitFor gives up after one second.
		files: ['tests/**/*.ts', 'src/**/*.spec.ts', 'src/**/testing/*.ts', 'scripts/**/*.spec.ts'],
		rules: {
			'no-restricted-properties': [
				'error',
				{
					object: 'vi',
					property: 'waitFor',
					message: 'Use expect.poll: its limit (vite.config.ts) only detects a hang.'
				}
			]
		}
	},
	{
		// Tests read loosely typed JSON bodies of the simulator.
		files: [
			'tests/**/*.ts',
			'{src,packages/*/src}/**/*.spec.ts',
			'{src,packages/*/src}/**/testing/*.ts'
		],
		rules: { '@typescript-eslint/no-explicit-any': 'off' }
	},
	{
		// The simulator and the device doubles are development packages: the app's own code, what
		// the build bundles, never imports them; its specs and testing/ fixtures may. (typescript-
		// eslint's twin of the rule, so that the layers' own no-restricted-imports below, set per
		// file, does not replace it.)
		files: ['src/**/*.ts', 'src/**/*.svelte'],
		ignores: ['src/**/*.spec.ts', 'src/**/testing/**'],
		rules: {
			'@typescript-eslint/no-restricted-imports': [
				'error',
				{
					patterns: [
						{
							group: [
								'@venue-kiosk/platform-sim',
								'@venue-kiosk/device-doubles',
								'@venue-kiosk/platform-sim/*',
								'@venue-kiosk/device-doubles/*'
							],
							message: 'The simulator and the doubles are for tests and the demo: not in the build.'
						}
					]
				}
			]
		}
	},
	{
		// The packages stand apart from the app: they import each other by name, never src/.
		files: ['packages/*/src/**/*.ts'],
		rules: {
			'no-restricted-imports': [
				'error',
				{
					patterns: [
						{
							regex: '^#lib(/|$)|^(\\.\\./){3,}(src|scripts|tests)/',
							message: 'A package imports no app code: share it through a package.'
						}
					]
				}
			]
		}
	},
	{
		files: [
			'src/lib/**/*.ts',
			'src/lib/**/*.svelte',
			'src/routes/**/*.svelte',
			'src/service-worker/**/*.ts'
		],
		ignores: ['src/lib/server/**', 'src/lib/shared/**', 'src/lib/paraglide/**', 'src/lib/*.ts'],
		rules: layerRule(SERVER_ONLY)
	},
	...DEPTHS.map((depth) => ({
		files: below('src/lib/server', depth),
		rules: layerRule(SCREENS, leaving('src/lib/server', depth))
	})),
	{
		files: ['src/routes/**/*.ts', 'src/hooks.server.ts'],
		rules: layerRule(SCREENS)
	},
	...DEPTHS.map((depth) => ({
		files: below('src/lib/shared', depth),
		rules: layerRule(SHARED_ONLY, leaving('src/lib/shared', depth))
	})),
	{
		files: ['src/lib/*.ts'],
		rules: layerRule(SHARED_ONLY)
	},
	{
		// Every browser test fails on a CSP violation: its `test` comes from tests/e2e/test.ts.
		files: ['tests/e2e/**/*.ts'],
		ignores: ['tests/e2e/test.ts'],
		rules: {
			'no-restricted-imports': [
				'error',
				{
					paths: [
						{
							name: '@playwright/test',
							importNames: ['test'],
							message: "Import test from './test.ts': it fails a test on a CSP violation."
						}
					]
				}
			]
		}
	}
);
