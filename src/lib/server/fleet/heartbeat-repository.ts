/**
 * Each screen's last heartbeat, in the store so that every server sharing it sees every screen
 * (docs/server.md, Fleet health). One row per device, written over by each beat — one upsert,
 * no history: a festival's fifty screens beating every 15 s add no rows. The row also holds what
 * staff asked of the screen (server/fleet/fleet.ts): out of order until put back, and a reload,
 * which the next beat's answer carries once and clears.
 *
 * Whether a screen is out of order is read at every sale's start, so on SQLite it is kept in
 * memory (`StoreReadCache`, topic `screen_out_of_order`) until staff change it or a device is
 * removed.
 */
import type { ScreenReport } from '#lib/shared/fleet.ts';
import { StoreReadCache } from '../store/read-cache.ts';
import type { Store, StoreDb } from '../store/store.ts';
import type { HeartbeatRow } from './screen-condition.ts';

/** What a beat learns of staff's wishes. */
export interface BeatOutcome {
	outOfOrder: boolean;
	reload: boolean;
}

export class HeartbeatRepository {
	readonly #db: StoreDb;
	readonly #outOfOrder: StoreReadCache<boolean>;

	constructor(store: Store) {
		this.#db = store.db;
		this.#outOfOrder = new StoreReadCache(store, 'screen_out_of_order', {
			clearedBy: ['devices'],
			keptOnSharedStore: true
		});
	}

	/** Stores the beat (one upsert); a reload asked is answered once. */
	async beat(deviceId: string, report: ScreenReport, now: Date): Promise<BeatOutcome> {
		const values = { seen_at: now.toISOString(), report: JSON.stringify(report) };
		const row = await this.#db
			.insertInto('screen_heartbeats')
			.values({ device_id: deviceId, ...values })
			.onConflict((conflict) => conflict.column('device_id').doUpdateSet(values))
			.returning(['out_of_order', 'reload_asked_at'])
			.executeTakeFirstOrThrow();
		let reload = false;
		if (row.reload_asked_at !== null) {
			// Only the beat that clears it reloads (two servers, two beats: one reload).
			const cleared = await this.#db
				.updateTable('screen_heartbeats')
				.set({ reload_asked_at: null })
				.where('device_id', '=', deviceId)
				.where('reload_asked_at', '=', row.reload_asked_at)
				.executeTakeFirst();
			reload = Number(cleared.numUpdatedRows) === 1;
		}
		return { outOfOrder: row.out_of_order === 1, reload };
	}

	/** Every screen's row that has one. */
	async list(): Promise<HeartbeatRow[]> {
		const rows = await this.#db.selectFrom('screen_heartbeats').selectAll().execute();
		return rows.map((row) => ({
			deviceId: row.device_id,
			seenAt: row.seen_at,
			report: row.report === null ? null : (JSON.parse(row.report) as ScreenReport),
			outOfOrder: row.out_of_order === 1
		}));
	}

	isOutOfOrder(deviceId: string): Promise<boolean> {
		return this.#outOfOrder.read(deviceId, async () => {
			const row = await this.#db
				.selectFrom('screen_heartbeats')
				.select('out_of_order')
				.where('device_id', '=', deviceId)
				.executeTakeFirst();
			return row?.out_of_order === 1;
		});
	}

	/** Puts the screen out of order or back; whether that changed anything. */
	async setOutOfOrder(deviceId: string, outOfOrder: boolean): Promise<boolean> {
		const flag = outOfOrder ? 1 : 0;
		const row = await this.#db
			.insertInto('screen_heartbeats')
			.values({ device_id: deviceId, out_of_order: flag })
			.onConflict((conflict) =>
				conflict
					.column('device_id')
					.doUpdateSet({ out_of_order: flag })
					.where('screen_heartbeats.out_of_order', '!=', flag)
			)
			.returning('device_id')
			.executeTakeFirst();
		await this.#outOfOrder.changed(deviceId);
		return row !== undefined;
	}

	/** Asks the screen to reload with its next beat. */
	async askReload(deviceId: string, now: Date): Promise<void> {
		const at = now.toISOString();
		await this.#db
			.insertInto('screen_heartbeats')
			.values({ device_id: deviceId, reload_asked_at: at })
			.onConflict((conflict) => conflict.column('device_id').doUpdateSet({ reload_asked_at: at }))
			.execute();
	}
}
