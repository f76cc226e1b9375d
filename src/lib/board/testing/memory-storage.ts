/** A browser storage for the specs: what the page remembers, in memory. */
import type { StorageLike } from '../remembered-sound.svelte.ts';

export class MemoryStorage implements StorageLike {
	readonly values = new Map<string, string>();
	getItem(key: string) {
		return this.values.get(key) ?? null;
	}
	setItem(key: string, value: string) {
		this.values.set(key, value);
	}
}
