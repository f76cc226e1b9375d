import prettier from 'eslint-config-prettier';
import path from 'node:path';
import js from '@eslint/js';
import svelte from 'eslint-plugin-svelte';
import { defineConfig, includeIgnoreFile } from 'eslint/config';
import globals from 'globals';
import ts from 'typescript-eslint';

const gitignorePath = path.resolve(import.meta.dirname, '.gitignore');

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
		files: ['src/**/*.ts', 'tests/**/*.ts', 'scripts/**/*.ts'],
		ignores: ['src/service-worker/**'],
		languageOptions: { parserOptions: { projectService: true } },
		rules: {
			'@typescript-eslint/no-floating-promises': 'error',
			'@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
			'@typescript-eslint/await-thenable': 'error'
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
		files: ['tests/**/*.ts', 'src/**/*.spec.ts', 'src/**/testing/*.ts'],
		rules: { '@typescript-eslint/no-explicit-any': 'off' }
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
