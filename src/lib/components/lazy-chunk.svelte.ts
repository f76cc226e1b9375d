/**
 * A chunk of a screen loaded on demand (its later steps): not in the initial JavaScript, asked
 * for once the screen is up, and asked for again by the next `load` if that failed (no network
 * and nothing cached yet). The service worker precaches every chunk, so offline it loads too.
 */
export class LazyChunk<T> {
	current: T | null = $state(null);

	readonly #import: () => Promise<T>;
	#loading: Promise<void> | null = null;

	constructor(load: () => Promise<T>) {
		this.#import = load;
	}

	load(): void {
		if (this.current || this.#loading) return;
		this.#loading = this.#import()
			.then((module) => {
				this.current = module;
			})
			.catch(() => {
				this.#loading = null;
			});
	}
}
