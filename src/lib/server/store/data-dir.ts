/**
 * DATA_DIR holds the SQLite store (`kiosk.sqlite` with its `-wal` and `-shm` files) and, in demo
 * mode, the generated `secret.key`: for the server's own user only. The folder is made 0700 and
 * every file in it 0600, and what is there already — left by an older version, a copy, a
 * restore — is tightened the same way at each start. SQLite gives its `-wal` and `-shm` files the
 * permissions of the database file, so creating that one 0600 covers them.
 */
import { chmodSync, closeSync, lstatSync, mkdirSync, openSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { log } from '../logging/logger.ts';

const FOLDER_MODE = 0o700;
const FILE_MODE = 0o600;

/** Makes `dataDir` (and its parents) if missing, and tightens it and everything in it. */
export function prepareDataDir(dataDir: string): void {
	mkdirSync(dataDir, { recursive: true, mode: FOLDER_MODE });
	tighten(dataDir);
}

/** Creates `path` empty and owner-only if it does not exist (an existing file stays as it is). */
export function createPrivateFile(path: string): void {
	closeSync(openSync(path, 'a', FILE_MODE));
}

function tighten(path: string): void {
	const stat = lstatSync(path);
	// A link is not ours to change: what it points to may be anywhere.
	if (stat.isSymbolicLink()) return;
	const mode = stat.isDirectory() ? FOLDER_MODE : FILE_MODE;
	if ((stat.mode & 0o777) !== mode) {
		try {
			chmodSync(path, mode);
		} catch (error) {
			// Owned by another user (a mounted volume): the operator must see to it.
			log.warn(
				`DATA_DIR: could not make ${path} readable by its owner only: ${(error as Error).message}`
			);
		}
	}
	if (stat.isDirectory()) for (const entry of readdirSync(path)) tighten(join(path, entry));
}
