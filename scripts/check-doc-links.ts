/**
 * `node scripts/check-doc-links.ts` (part of `npm run check`): every relative link in the
 * project's Markdown files points at a file or folder that exists, and every `#anchor` at a
 * heading of its target (or of the same file), as GitHub makes anchors of headings. Links to
 * other sites are not followed. Prints each broken link with its file and line; exits 1 if any.
 *
 * The README and the documents under docs/ cite each other by section, and the code's comments
 * cite them: a section renamed or a file moved must not leave a link that leads nowhere.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** Folders that hold no Markdown of the project's own. */
const SKIPPED = new Set([
	'node_modules',
	'.git',
	'.svelte-kit',
	'build',
	'data',
	'test-results',
	'playwright-report',
	'paraglide'
]);

export interface MarkdownLink {
	target: string;
	line: number;
}

/** The lines outside fenced code blocks, with inline code blanked out (kept 1-based). */
function proseLines(text: string): string[] {
	let fenced = false;
	return text.split('\n').map((line) => {
		if (/^\s*(```|~~~)/.test(line)) {
			fenced = !fenced;
			return '';
		}
		return fenced ? '' : line.replace(/`[^`]*`/g, '``');
	});
}

/** Inline links and images, `[text](target)`, outside code. */
export function markdownLinks(text: string): MarkdownLink[] {
	return proseLines(text).flatMap((line, index) =>
		[...line.matchAll(/\]\(<?([^)\s>]+)>?(?:\s+"[^"]*")?\)/g)].map(([, target]) => ({
			target: target!,
			line: index + 1
		}))
	);
}

/** GitHub's anchor of a heading's text: lower case, no punctuation, spaces as hyphens. */
export function headingSlug(heading: string): string {
	return heading
		.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
		.trim()
		.toLowerCase()
		.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
		.replace(/ /g, '-');
}

/** The anchors of a Markdown text's headings; a repeated one gets -1, -2, … as on GitHub. */
export function headingAnchors(text: string): Set<string> {
	const anchors = new Set<string>();
	const seen = new Map<string, number>();
	let fenced = false;
	for (const line of text.split('\n')) {
		if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
		const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
		if (!heading) continue;
		const slug = headingSlug(heading[1]!);
		const count = seen.get(slug) ?? 0;
		seen.set(slug, count + 1);
		anchors.add(count === 0 ? slug : `${slug}-${count}`);
	}
	return anchors;
}

/** The project's Markdown files under `root`, relative to it. */
export function markdownFiles(root: string, dir = ''): string[] {
	return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : markdownFiles(root, path);
		return entry.name.endsWith('.md') ? [path] : [];
	});
}

/** Every broken relative link of the Markdown files under `root`, as `file:line: why`. */
export function brokenLinks(root: string): string[] {
	const problems: string[] = [];
	const anchorsOf = new Map<string, Set<string>>();
	const anchors = (file: string) => {
		let found = anchorsOf.get(file);
		if (!found) anchorsOf.set(file, (found = headingAnchors(readFileSync(file, 'utf8'))));
		return found;
	};
	for (const file of markdownFiles(root)) {
		const source = join(root, file);
		for (const { target, line } of markdownLinks(readFileSync(source, 'utf8'))) {
			if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
			const [path, anchor] = target.split('#', 2) as [string, string | undefined];
			const resolved = path ? resolve(dirname(source), decodeURI(path)) : source;
			const where = `${file}:${line}: ${target}`;
			if (!existsSync(resolved)) {
				problems.push(`${where} — no such file`);
			} else if (anchor !== undefined && resolved.endsWith('.md')) {
				if (!anchors(resolved).has(decodeURIComponent(anchor)))
					problems.push(`${where} — no heading "#${anchor}" in ${relative(root, resolved)}`);
			} else if (anchor !== undefined && !statSync(resolved).isFile()) {
				problems.push(`${where} — an anchor in a folder`);
			}
		}
	}
	return problems;
}

if (import.meta.main) {
	const problems = brokenLinks(join(import.meta.dirname, '..'));
	if (problems.length > 0) {
		console.error(`Broken links in the Markdown files:\n${problems.join('\n')}`);
		process.exit(1);
	}
}
