/**
 * The desks of a board's key (spec 2: GET /v1/integrations/me/desks "all desks of the key with
 * current enabled state"; PUT /v1/integrations/desks/status opens or closes several at once).
 * The last list read is kept per device so a board loads without a platform call; every change
 * is followed by a fresh read, so the board shows what the platform says, not what was asked.
 */
import type { BoardDesk } from '#lib/shared/order-board.ts';
import type { OrderFeed } from '../orders/order-feed.ts';
import type { PlatformFor } from '../platform/client.ts';
import type { Desk } from '../platform/counter-orders.ts';
import type { DeviceHealthTracker } from './device-health.ts';

export interface BoardDesksDeps {
	platformFor: PlatformFor;
	feed: OrderFeed;
	health: DeviceHealthTracker;
}

export type DeskChange = { ok: true; desks: BoardDesk[] } | { ok: false; error: unknown };

const toBoardDesk = (desk: Desk): BoardDesk => ({
	id: desk.id,
	name: desk.name,
	type: desk.type,
	enabled: desk.enabled
});

export class BoardDesks {
	readonly #deps: BoardDesksDeps;
	readonly #known = new Map<string, BoardDesk[]>();

	constructor(deps: BoardDesksDeps) {
		this.#deps = deps;
	}

	/** The last list read for the device, or null before the first read. */
	known(deviceId: string): BoardDesk[] | null {
		return this.#known.get(deviceId) ?? null;
	}

	/** Reads the desks again; null when the platform could not be asked. */
	async refresh(deviceId: string): Promise<BoardDesk[] | null> {
		try {
			const desks = (await (await this.#deps.platformFor(deviceId)).counterOrders.listDesks()).map(
				toBoardDesk
			);
			this.#deps.health.answered(deviceId);
			const before = JSON.stringify(this.#known.get(deviceId) ?? null);
			this.#known.set(deviceId, desks);
			if (before !== JSON.stringify(desks)) this.#deps.feed.changed();
			return desks;
		} catch (error) {
			this.#deps.health.failed(deviceId, error);
			return null;
		}
	}

	/** Opens or closes the desks, then reads the list again. */
	async change(deviceId: string, deskIds: string[], enabled: boolean): Promise<DeskChange> {
		try {
			await (
				await this.#deps.platformFor(deviceId)
			).counterOrders.changeDeskStatuses({ deskIds, enabled });
		} catch (error) {
			this.#deps.health.failed(deviceId, error);
			await this.refresh(deviceId);
			return { ok: false, error };
		}
		const desks = await this.refresh(deviceId);
		return desks ? { ok: true, desks } : { ok: false, error: new Error('desks not read back') };
	}
}
