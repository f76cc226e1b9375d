/**
 * How long an order has waited at the counter, and the order the board lists orders in (pure:
 * every call is given the time).
 */
import type { BoardOrder, BoardSettings, BoardStage } from '#lib/shared/order-board.ts';

/** fresh → warn (amber) at `warnAfterMinutes` → late (red) at `lateAfterMinutes`. */
type AgeBand = 'fresh' | 'warn' | 'late';

export interface OrderAge {
	/** Whole minutes waited. */
	minutes: number;
	/** "4:07", or "1:02:09" from an hour on. */
	label: string;
	band: AgeBand;
}

/** Stages in which the guest is still waiting for the kitchen. */
const WAITING_STAGES: ReadonlySet<BoardStage> = new Set(['approve', 'preparing']);

export function orderAge(
	since: string,
	now: Date | number,
	settings: Pick<BoardSettings, 'warnAfterMinutes' | 'lateAfterMinutes'>
): OrderAge {
	const elapsedMs = Number(now) - Date.parse(since);
	// A `since` ahead of this tablet's clock (skew between server and tablet) is a new order, and
	// an unreadable one must not show "NaN:NaN" on the card.
	const seconds = Number.isFinite(elapsedMs) ? Math.max(0, Math.floor(elapsedMs / 1000)) : 0;
	const minutes = Math.floor(seconds / 60);
	// Compared in seconds, not in whole minutes: a threshold may be a fraction of a minute.
	const band: AgeBand =
		seconds >= settings.lateAfterMinutes * 60
			? 'late'
			: seconds >= settings.warnAfterMinutes * 60
				? 'warn'
				: 'fresh';
	return { minutes, label: formatDuration(seconds), band };
}

function formatDuration(totalSeconds: number): string {
	const hours = Math.floor(totalSeconds / 3600);
	const minutes = Math.floor(totalSeconds / 60) % 60;
	const seconds = String(totalSeconds % 60).padStart(2, '0');
	if (hours === 0) return `${minutes}:${seconds}`;
	return `${hours}:${String(minutes).padStart(2, '0')}:${seconds}`;
}

/** The board's order: oldest first (or newest first), then by order number, then by key. */
export function sortForBoard<T extends BoardOrder>(
	orders: readonly T[],
	newestFirst: boolean
): T[] {
	const direction = newestFirst ? -1 : 1;
	return orders.toSorted((a, b) => direction * compareByAge(a, b));
}

/**
 * The order that has waited longest for the kitchen (to approve or in preparation), or null: once
 * it is late, the board suggests pausing a desk.
 */
export function oldestWaiting<T extends BoardOrder>(orders: readonly T[]): T | null {
	let oldest: T | null = null;
	for (const order of orders) {
		if (!WAITING_STAGES.has(order.stage)) continue;
		if (oldest === null || compareByAge(order, oldest) < 0) oldest = order;
	}
	return oldest;
}

/** Older first. */
function compareByAge(a: BoardOrder, b: BoardOrder): number {
	// Parsed, not compared as text: the same instant can be written with another offset or precision.
	return (
		Date.parse(a.since) - Date.parse(b.since) ||
		// Numeric: order "9" came before order "10".
		a.orderNumber.localeCompare(b.orderNumber, 'en', { numeric: true }) ||
		// An app and a kiosk order can share a number: the key keeps the order stable across reloads.
		(a.key < b.key ? -1 : a.key > b.key ? 1 : 0)
	);
}
