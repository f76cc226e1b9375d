/**
 * `npm run build`: the app into `build/`, stamped with a fingerprint of what it was built from, so
 * `npm start` (scripts/start.ts) serves the build it has when nothing changed, and still builds a
 * fresh clone or a changed tree by itself.
 *
 * The fingerprint is a SHA-256 over the path and content of every build input (BUILD_INPUTS): the
 * app's sources, its static files and messages, and the files that decide how they are built and
 * with which package versions. Contents, not modification times: a checkout or a copy that
 * touches every file does not force a build, and an edit that keeps the time does not hide one.
 * The stamp is written after the build succeeded, so a build that failed or was killed half-way
 * leaves none and the next start builds again.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
/** Where the build goes; `scripts/serve.ts` serves it. */
export const BUILD_DIR = join(ROOT, 'build');
/** The fingerprint of the inputs `build/` was built from (gone: the next start builds). */
export const BUILD_STAMP = join(BUILD_DIR, '.inputs.sha256');

/** What the build reads, relative to the project root: folders whole, and single files. */
const BUILD_INPUTS = [
	'src',
	'static',
	'messages',
	'project.inlang/settings.json',
	'package.json',
	'package-lock.json',
	'vite.config.ts',
	'paraglide.config.ts',
	'tsconfig.json'
];
/** Written by the build itself (the compiled messages), so never an input of it. */
const GENERATED = join('src', 'lib', 'paraglide') + sep;

function filesOf(root: string, input: string): string[] {
	const path = join(root, input);
	if (!existsSync(path)) return [];
	if (!statSync(path).isDirectory()) return [input];
	return readdirSync(path, { withFileTypes: true, recursive: true })
		.filter((entry) => entry.isFile())
		.map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

/** The fingerprint of the build inputs of the tree at `root` as they are now. */
export function inputsFingerprint(root = ROOT): string {
	const files = BUILD_INPUTS.flatMap((input) => filesOf(root, input))
		.filter((file) => !file.startsWith(GENERATED))
		.sort();
	const hash = createHash('sha256');
	for (const file of files) {
		hash.update(`${file.split(sep).join('/')}\0`);
		hash.update(readFileSync(join(root, file)));
		hash.update('\0');
	}
	return hash.digest('hex');
}

/** True when `build/` was built from the tree as it is now. */
export function buildIsCurrent(): boolean {
	return (
		existsSync(BUILD_STAMP) && readFileSync(BUILD_STAMP, 'utf8').trim() === inputsFingerprint()
	);
}

/** Builds the app with Vite and stamps the build; throws when the build fails. */
export function build(): void {
	const fingerprint = inputsFingerprint();
	const vite = join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
	const result = spawnSync(process.execPath, [vite, 'build'], { cwd: ROOT, stdio: 'inherit' });
	if (result.status !== 0) throw new Error(`vite build failed (${result.signal ?? result.status})`);
	writeFileSync(BUILD_STAMP, `${fingerprint}\n`);
}

if (import.meta.main) {
	try {
		build();
	} catch (error) {
		console.error((error as Error).message);
		process.exit(1);
	}
}
