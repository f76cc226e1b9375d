/**
 * What the platform says about each device, cached in the store and refreshed periodically —
 * never fetched per sale (spec 1: identity "fetched at start-up and refreshed periodically";
 * the deposit configuration "cached and refreshed periodically"). A failed refresh keeps the
 * last good answer and records the error, so screens start at once and survive a flaky network.
 *
 * Every sale's start reads its kiosk's view: the stored rows are kept in memory between refreshes
 * (store/read-cache.ts; every write here tells the cache), and each read parses them afresh, so no
 * caller can change another's view. A removed device's rows go with it (cascade) and its id is
 * never used again: the rows kept of it are never asked for.
 */
import type { Features } from '#lib/shared/features.ts';
import type { ExternalDevice } from '../platform/identity.ts';
import type { DepositConfiguration } from '../platform/deposits.ts';
import { isDepositSchemeOff } from '../platform/deposits.ts';
import { PlatformApiError, PlatformClientError } from '../platform/errors.ts';
import type { PlatformClient } from '../platform/client.ts';
import { StoreReadCache } from '../store/read-cache.ts';
import type { Store } from '../store/store.ts';
import type { Row } from '../store/tables.ts';

/** `active`: configuration answered 200; `off`: 400 NOT_ENABLED or 404 (spec 1 recovery rule 1). */
type DepositState = 'active' | 'off' | 'unknown';

export interface PlatformView {
	identity: ExternalDevice | null;
	identityFetchedAt: string | null;
	identityError: string | null;
	deposits: DepositState;
	depositConfiguration: DepositConfiguration | null;
	depositsFetchedAt: string | null;
	depositsError: string | null;
}

export function featuresOf(view: PlatformView): Features {
	const authorities = view.identity?.authorities ?? [];
	return {
		deposits: authorities.includes('REVO') && view.deposits === 'active',
		loyalty: authorities.includes('CREDIT'),
		orderBoard: authorities.includes('ORDER')
	};
}

/**
 * The deposit configuration sales are priced by: the cached one while it answered 200, else none
 * (spec 1 recovery rule 1: a scheme that is off — 400 NOT_ENABLED or 404 — issues nothing).
 */
export function activeDepositConfiguration(view: PlatformView): DepositConfiguration | null {
	return view.deposits === 'active' ? view.depositConfiguration : null;
}

type SnapshotKind = 'identity' | 'deposit-configuration';

/** A short, key-free description of why a call failed, for staff. */
function describeFailure(error: unknown): string {
	if (error instanceof PlatformApiError) return `${error.status} ${error.errorCode}`;
	if (error instanceof PlatformClientError) return error.kind;
	return 'internal error';
}

type SnapshotRow = Pick<
	Row<'device_snapshots'>,
	'kind' | 'state' | 'body' | 'error' | 'fetched_at'
>;

export class PlatformViewStore {
	readonly #store: Store;
	readonly #now: () => Date;
	readonly #stored: StoreReadCache<SnapshotRow[]>;

	constructor(store: Store, now: () => Date = () => new Date()) {
		this.#store = store;
		this.#now = now;
		this.#stored = new StoreReadCache(store, 'device_snapshots');
	}

	async get(deviceId: string): Promise<PlatformView> {
		const rows = await this.#stored.read(deviceId, () =>
			this.#store.db
				.selectFrom('device_snapshots')
				.select(['kind', 'state', 'body', 'error', 'fetched_at'])
				.where('device_id', '=', deviceId)
				.execute()
		);
		const identity = rows.find((row) => row.kind === 'identity');
		const deposits = rows.find((row) => row.kind === 'deposit-configuration');
		return {
			identity: identity?.body ? JSON.parse(identity.body) : null,
			identityFetchedAt: identity?.body ? identity.fetched_at : null,
			identityError: identity?.error ?? null,
			deposits: (deposits?.state as DepositState | undefined) ?? 'unknown',
			depositConfiguration: deposits?.body ? JSON.parse(deposits.body) : null,
			depositsFetchedAt: deposits?.state === 'unknown' ? null : (deposits?.fetched_at ?? null),
			depositsError: deposits?.error ?? null
		};
	}

	/** Fetches identity and, for REVO devices, the deposit configuration; stores what it learns. */
	async refresh(deviceId: string, platform: PlatformClient): Promise<PlatformView> {
		try {
			const identity = await platform.identity.getExternalDevice();
			await this.#save(deviceId, 'identity', 'ok', identity, null);
			if (identity.authorities.includes('REVO')) {
				await this.#refreshDeposits(deviceId, platform);
			} else {
				await this.#save(deviceId, 'deposit-configuration', 'off', null, null);
			}
		} catch (error) {
			await this.#saveError(deviceId, 'identity', describeFailure(error));
		}
		return this.get(deviceId);
	}

	async #refreshDeposits(deviceId: string, platform: PlatformClient): Promise<void> {
		try {
			const configuration = await platform.deposits.getConfiguration();
			await this.#save(deviceId, 'deposit-configuration', 'active', configuration, null);
		} catch (error) {
			if (isDepositSchemeOff(error)) {
				await this.#save(deviceId, 'deposit-configuration', 'off', null, describeFailure(error));
			} else {
				await this.#saveError(deviceId, 'deposit-configuration', describeFailure(error));
			}
		}
	}

	async #save(
		deviceId: string,
		kind: SnapshotKind,
		state: string,
		body: unknown,
		error: string | null
	): Promise<void> {
		const row = {
			state,
			body: body === null ? null : JSON.stringify(body),
			error,
			fetched_at: this.#now().toISOString()
		};
		await this.#store.db
			.insertInto('device_snapshots')
			.values({ device_id: deviceId, kind, ...row })
			.onConflict((conflict) => conflict.columns(['device_id', 'kind']).doUpdateSet(row))
			.execute();
		await this.#stored.changed(deviceId);
	}

	/** Keeps the last good answer; only the error changes (a first failure stores state unknown). */
	async #saveError(deviceId: string, kind: SnapshotKind, error: string): Promise<void> {
		await this.#store.db
			.insertInto('device_snapshots')
			.values({
				device_id: deviceId,
				kind,
				state: 'unknown',
				body: null,
				error,
				fetched_at: this.#now().toISOString()
			})
			.onConflict((conflict) => conflict.columns(['device_id', 'kind']).doUpdateSet({ error }))
			.execute();
		await this.#stored.changed(deviceId);
	}
}
