/**
 * The pictures a guest screen is about to show, fetched and decoded while it waits for a guest:
 * a menu category opened for the first time shows its cards with their pictures, never blank
 * while they load. Each picture is held by an `Image` of its own, which keeps it in the browser's
 * memory cache and decoded, so an `<img>` of the same address is complete as soon as it is made.
 *
 * Each `keep` loads them anew: one already in the cache is there at once, one a fetch of its
 * address took out (the screen keeper's, ScreenData.mediaFetches) is loaded again. `ready` says
 * that every picture of the last `keep` has settled: loaded, or failed (a broken picture shows as
 * it would anyway). The kiosk shows it on its root as `data-pictures-ready`.
 */
export class KeptPictures {
	ready = $state(false);
	/** Held so that the browser keeps them. */
	#images: HTMLImageElement[] = [];
	#asked = 0;

	/** Keeps `addresses` (and lets go of the pictures kept before). */
	keep(addresses: readonly string[]): void {
		this.#images = addresses.map((address) => {
			const image = new Image();
			image.src = address;
			return image;
		});
		const settled = this.#images.map((image) => image.decode().catch(() => undefined));
		const asked = ++this.#asked;
		this.ready = false;
		void Promise.all(settled).then(() => {
			if (asked === this.#asked) this.ready = true;
		});
	}
}
