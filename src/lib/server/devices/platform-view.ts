/**
 * What the platform says about each device, cached in the store and refreshed periodically —
 * never fetched per sale (spec 1: identity "fetched at start-up and refreshed periodically";
 * the deposit configuration "cached and refreshed periodically"). A failed refresh keeps the
 * last good answer and records the error, so screens start at once and survive a flaky network.
 */
import type { ExternalDevice } from '../platform/identity.ts';
import type { DepositConfiguration } from '../platform/deposits.ts';
import { isDepositSchemeOff } from '../platform/deposits.ts';
import { PlatformApiError, PlatformClientError } from '../platform/errors.ts';
import type { PlatformClient } from '../platform/client.ts';
import type { Database } from '../store/database.ts';

/** `active`: configuration answered 200; `off`: 400 NOT_ENABLED or 404 (spec 1 recovery rule 1). */
export type DepositState = 'active' | 'off' | 'unknown';

export interface PlatformView {
	identity: ExternalDevice | null;
	identityFetchedAt: string | null;
	identityError: string | null;
	deposits: DepositState;
	depositConfiguration: DepositConfiguration | null;
	depositsFetchedAt: string | null;
	depositsError: string | null;
}

export interface Features {
	/** REVO and a configuration that answers 200. */
	deposits: boolean;
	/** CREDIT: loyalty credit payments. */
	loyalty: boolean;
	/** ORDER: the order board. */
	orderBoard: boolean;
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

interface SnapshotRow {
	kind: 'identity' | 'deposit-configuration';
	state: string;
	body: string | null;
	error: string | null;
	fetched_at: string;
}

/** A short, key-free description of why a call failed, for staff. */
export function describeFailure(error: unknown): string {
	if (error instanceof PlatformApiError) return `${error.status} ${error.errorCode}`;
	if (error instanceof PlatformClientError) return error.kind;
	return 'internal error';
}

export class PlatformViewStore {
	readonly #db: Database;
	readonly #now: () => Date;

	constructor(db: Database, now: () => Date = () => new Date()) {
		this.#db = db;
		this.#now = now;
	}

	get(deviceId: string): PlatformView {
		const rows = this.#db
			.prepare(
				'SELECT kind, state, body, error, fetched_at FROM device_snapshots WHERE device_id = ?'
			)
			.all(deviceId) as unknown as SnapshotRow[];
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
			this.#save(deviceId, 'identity', 'ok', identity, null);
			if (identity.authorities.includes('REVO')) {
				await this.#refreshDeposits(deviceId, platform);
			} else {
				this.#save(deviceId, 'deposit-configuration', 'off', null, null);
			}
		} catch (error) {
			this.#saveError(deviceId, 'identity', describeFailure(error));
		}
		return this.get(deviceId);
	}

	async #refreshDeposits(deviceId: string, platform: PlatformClient): Promise<void> {
		try {
			const configuration = await platform.deposits.getConfiguration();
			this.#save(deviceId, 'deposit-configuration', 'active', configuration, null);
		} catch (error) {
			if (isDepositSchemeOff(error)) {
				this.#save(deviceId, 'deposit-configuration', 'off', null, describeFailure(error));
			} else {
				this.#saveError(deviceId, 'deposit-configuration', describeFailure(error));
			}
		}
	}

	#save(
		deviceId: string,
		kind: SnapshotRow['kind'],
		state: string,
		body: unknown,
		error: string | null
	) {
		this.#db
			.prepare(
				`INSERT INTO device_snapshots (device_id, kind, state, body, error, fetched_at) VALUES (?, ?, ?, ?, ?, ?)
				 ON CONFLICT (device_id, kind) DO UPDATE SET state = excluded.state, body = excluded.body,
				   error = excluded.error, fetched_at = excluded.fetched_at`
			)
			.run(
				deviceId,
				kind,
				state,
				body === null ? null : JSON.stringify(body),
				error,
				this.#now().toISOString()
			);
	}

	/** Keeps the last good answer; only the error changes (a first failure stores state unknown). */
	#saveError(deviceId: string, kind: SnapshotRow['kind'], error: string) {
		this.#db
			.prepare(
				`INSERT INTO device_snapshots (device_id, kind, state, body, error, fetched_at) VALUES (?, ?, 'unknown', NULL, ?, ?)
				 ON CONFLICT (device_id, kind) DO UPDATE SET error = excluded.error`
			)
			.run(deviceId, kind, error, this.#now().toISOString());
	}
}
