import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inputsFingerprint } from './build.ts';

let root: string;
const write = (path: string, text: string) => {
	mkdirSync(dirname(join(root, path)), { recursive: true });
	writeFileSync(join(root, path), text);
};

beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), 'build-inputs-'));
	write('package.json', '{}');
	write('src/routes/+page.svelte', '<h1>Hello</h1>');
	write('messages/en.json', '{"hello":"Hello"}');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the build inputs fingerprint (does npm start build?)', () => {
	it('changes with a source, a message or a package file', () => {
		for (const [path, text] of [
			['src/routes/+page.svelte', '<h1>Hallo</h1>'],
			['messages/en.json', '{"hello":"Hi"}'],
			['package.json', '{"name":"x"}'],
			['src/lib/new.ts', 'export {};']
		] as const) {
			const before = inputsFingerprint(root);
			write(path, text);
			expect(inputsFingerprint(root), path).not.toBe(before);
		}
	});

	it('tells a renamed file from the same content elsewhere', () => {
		const before = inputsFingerprint(root);
		rmSync(join(root, 'src/routes/+page.svelte'));
		write('src/routes/about/+page.svelte', '<h1>Hello</h1>');
		expect(inputsFingerprint(root)).not.toBe(before);
	});

	it('ignores modification times, the compiled messages and files the build does not read', () => {
		const before = inputsFingerprint(root);
		utimesSync(join(root, 'src/routes/+page.svelte'), new Date(0), new Date(0));
		write('src/lib/paraglide/messages.js', 'export const hello = () => "Hello";');
		write('README.md', '# changed');
		write('tests/e2e/new.e2e.ts', 'export {};');
		expect(inputsFingerprint(root)).toBe(before);
	});
});
