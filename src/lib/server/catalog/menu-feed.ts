/**
 * "The menu changed" for the ordering kiosks (a product sold out or back, the menu edited): the
 * kiosks' live feed (`/api/kiosk/events`, http/event-stream.ts) sends a `menu` event on every
 * change, and a kiosk fetches its snapshot at once — no kiosk waits for its next periodic read
 * to stop offering a product that is gone.
 *
 * Every change is published as a change notice (store/change-notices.ts), so on PostgreSQL a
 * product sold out through server A reaches the kiosks served by B. The number counts the
 * changes this server heard since it started; it is not stored: a kiosk that reconnects with
 * another number (this server restarted, or it is another server) gets one event and reads its
 * snapshot again — harmless, as a snapshot is always read from the store. After a lost listening
 * connection every kiosk is told, as a notice may have been missed meanwhile.
 */
import type { ChangeFeed } from '../http/event-stream.ts';
import type { Store } from '../store/store.ts';

const NOTICE_TOPIC = 'menu';

export class MenuFeed implements ChangeFeed {
	readonly #store: Store;
	readonly #listeners = new Set<(sequence: number) => void>();
	readonly #unsubscribe: () => void;
	#sequence = 0;

	constructor(store: Store) {
		this.#store = store;
		const heard = () => {
			this.#sequence += 1;
			for (const listener of this.#listeners) listener(this.#sequence);
		};
		this.#unsubscribe = store.notices.subscribe(NOTICE_TOPIC, {
			notice: heard,
			reconnected: heard
		});
	}

	async current(): Promise<number> {
		return this.#sequence;
	}

	subscribe(listener: (sequence: number) => void): () => void {
		this.#listeners.add(listener);
		return () => this.#listeners.delete(listener);
	}

	/** The menu changed (after the change is stored): every kiosk reads its snapshot again. */
	async changed(): Promise<void> {
		await this.#store.notices.publish(NOTICE_TOPIC, '');
	}

	close(): void {
		this.#unsubscribe();
	}
}
