import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { StoreLogBroken, WalSync } from './wal-sync.ts';

/** A flush that ends when the test says so; how many were begun. */
function controlledFlush() {
	const runs: { end: () => void; fail: (error: Error) => void }[] = [];
	const flush = () =>
		new Promise<void>((end, fail) => {
			runs.push({ end, fail });
		});
	return { flush, runs };
}

/** Lets every pending promise reaction run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('WalSync', () => {
	it('flushes at once when no flush runs', async () => {
		const { flush, runs } = controlledFlush();
		const wal = new WalSync(flush);
		let synced = false;
		void wal.synced().then(() => (synced = true));
		expect(runs).toHaveLength(1);
		await settle();
		expect(synced).toBe(false);
		runs[0]!.end();
		await settle();
		expect(synced).toBe(true);
	});

	it('a commit asking while a flush runs waits for the next one, which serves all who asked', async () => {
		const { flush, runs } = controlledFlush();
		const wal = new WalSync(flush);
		const first = wal.synced();
		const done: number[] = [];
		for (const index of [1, 2, 3]) void wal.synced().then(() => done.push(index));
		expect(runs).toHaveLength(1);
		runs[0]!.end();
		await first;
		await settle();
		expect(done).toEqual([]);
		expect(runs).toHaveLength(2);
		runs[1]!.end();
		await settle();
		expect(done).toEqual([1, 2, 3]);
		expect(runs).toHaveLength(2);
	});

	it('a failed flush fails those who wait for it and every commit after it', async () => {
		const { flush, runs } = controlledFlush();
		const wal = new WalSync(flush);
		const broken = vi.fn();
		wal.onBroken = broken;
		const failing = wal.synced();
		const waiting = wal.synced();
		runs[0]!.fail(new Error('EIO'));
		await expect(failing).rejects.toThrow(StoreLogBroken);
		await expect(failing).rejects.toThrow(/EIO.*Restart the server/);
		await expect(waiting).rejects.toThrow(StoreLogBroken);
		// A later flush could succeed over pages the system dropped: none is trusted.
		await expect(wal.synced()).rejects.toThrow(StoreLogBroken);
		expect(runs).toHaveLength(1);
		expect(broken).toHaveBeenCalledOnce();
	});

	it('flushes the file it opened at the start', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'kiosk-wal-'));
		try {
			const path = join(dir, 'kiosk.sqlite-wal');
			writeFileSync(path, 'frames');
			const wal = WalSync.ofFile(path);
			await expect(wal.synced()).resolves.toBeUndefined();
			// The file it opened, whatever becomes of its name (SQLite keeps writing that one).
			rmSync(path);
			await expect(wal.synced()).resolves.toBeUndefined();
			wal.close();
			expect(() => WalSync.ofFile(path)).toThrow(/ENOENT/);
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});
});
