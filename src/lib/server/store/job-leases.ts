/**
 * Periodic jobs run by one kiosk server at a time (docs/server.md, Several kiosk servers on one
 * PostgreSQL): every server has the same timers (refresh of the platform view, journal resolution,
 * sale recovery), and a job runs where it holds the job's lease — a row with an owner and an
 * expiry, taken in one statement. The owner takes it again on its next tick; another server takes
 * it only once it has lapsed (its owner died or stalled), so a job moves to a surviving server
 * within one interval. While a run takes longer than the interval the lease is renewed, so no
 * second run starts beside it.
 */
import { sql } from 'kysely';
import type { Store } from './store.ts';

export interface JobLeaseOptions {
	/** Unique per server process. */
	owner: string;
	now?: () => Date;
}

export class JobLeases {
	readonly #store: Store;
	readonly #owner: string;
	readonly #now: () => Date;

	constructor(store: Store, options: JobLeaseOptions) {
		this.#store = store;
		this.#owner = options.owner;
		this.#now = options.now ?? (() => new Date());
	}

	/**
	 * Runs `work` if this server holds (or can take) job `name`'s lease for `intervalMs`; answers
	 * undefined without running it while another server holds the lease.
	 */
	async runExclusive<T>(
		name: string,
		intervalMs: number,
		work: () => Promise<T>
	): Promise<T | undefined> {
		if (!(await this.#claim(name, intervalMs))) return undefined;
		const renewal = setInterval(
			() => void this.#claim(name, intervalMs).catch(() => {}),
			Math.max(1, Math.floor(intervalMs / 2))
		);
		renewal.unref();
		try {
			return await work();
		} finally {
			clearInterval(renewal);
		}
	}

	/** Takes or extends the lease. */
	#claim(name: string, intervalMs: number): Promise<boolean> {
		return claimLease(this.#store, { name, owner: this.#owner, now: this.#now(), ms: intervalMs });
	}
}

/**
 * Takes or extends lease `name` for `ms`: one upsert that writes only over a lapsed lease or one
 * `owner` holds already, so of several servers claiming at once exactly one gets it.
 */
export async function claimLease(
	store: Store,
	lease: { name: string; owner: string; now: Date; ms: number }
): Promise<boolean> {
	const { name, owner, now } = lease;
	const until = new Date(now.getTime() + lease.ms).toISOString();
	const taken = await store.db
		.insertInto('job_leases')
		.values({ name, owner, until })
		.onConflict((conflict) =>
			conflict
				.column('name')
				.doUpdateSet({ owner, until })
				.where((eb) =>
					eb.or([
						eb('job_leases.until', '<=', now.toISOString()),
						eb('job_leases.owner', '=', owner)
					])
				)
		)
		.returning(sql<string>`owner`.as('owner'))
		.executeTakeFirst();
	return taken?.owner === owner;
}

/** Gives lease `name` up, if `owner` still holds it. */
export async function releaseLease(
	store: Store,
	lease: { name: string; owner: string }
): Promise<void> {
	await store.db
		.deleteFrom('job_leases')
		.where('name', '=', lease.name)
		.where('owner', '=', lease.owner)
		.execute();
}
