import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { brokenLinks, headingAnchors, headingSlug, markdownLinks } from './check-doc-links.ts';

let root: string;
const write = (path: string, text: string) => {
	mkdirSync(dirname(join(root, path)), { recursive: true });
	writeFileSync(join(root, path), text);
};

beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), 'doc-links-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('headingSlug', () => {
	it('makes the anchors GitHub makes', () => {
		expect(headingSlug("The kiosk's checkout under faults")).toBe(
			'the-kiosks-checkout-under-faults'
		);
		expect(headingSlug('7. First start: pairing')).toBe('7-first-start-pairing');
		expect(headingSlug('Refunds (spec 3 `refundCreditTransactionByIntegration`)')).toBe(
			'refunds-spec-3-refundcredittransactionbyintegration'
		);
		expect(headingSlug('Installable, and open without a network')).toBe(
			'installable-and-open-without-a-network'
		);
	});

	it('numbers a repeated heading', () => {
		expect([...headingAnchors('# Tests\n\n## Tests\n')]).toEqual(['tests', 'tests-1']);
	});
});

describe('markdownLinks', () => {
	it('finds links and images with their lines, not those in code', () => {
		const text = [
			'See [the manual](docs/manual.md#demo-mode) and ![a receipt](preview.png).',
			'`[not a link](nowhere.md)`',
			'```',
			'[nor this](nowhere.md)',
			'```'
		].join('\n');
		expect(markdownLinks(text)).toEqual([
			{ target: 'docs/manual.md#demo-mode', line: 1 },
			{ target: 'preview.png', line: 1 }
		]);
	});
});

describe('brokenLinks', () => {
	it('passes links to files, folders and headings that exist, and other sites', () => {
		write(
			'README.md',
			'[a](docs/a.md#usage) [b](docs/) [c](#top) [d](https://example.com/x.md)\n# Top\n'
		);
		write('docs/a.md', '# A\n\n## Usage\n\n[back](../README.md#top)\n');
		expect(brokenLinks(root)).toEqual([]);
	});

	it('names a missing file and a missing heading with file and line', () => {
		write('README.md', '# Top\n\n[a](docs/gone.md)\n[b](docs/a.md#renamed)\n');
		write('docs/a.md', '# A\n');
		expect(brokenLinks(root)).toEqual([
			'README.md:3: docs/gone.md — no such file',
			'README.md:4: docs/a.md#renamed — no heading "#renamed" in docs/a.md'
		]);
	});

	it('skips node_modules', () => {
		write('node_modules/x/README.md', '[a](gone.md)\n');
		expect(brokenLinks(root)).toEqual([]);
	});
});
