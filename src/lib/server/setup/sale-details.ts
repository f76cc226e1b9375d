/**
 * A sale as the back office shows it: what the guest saw and was given (the receipt's view),
 * what it came to, the kiosk and its place, the journal entries of its calls, its refunds and
 * what may still be refunded (refunds/sale-refunds.ts), and where its
 * containers stand now — read from the platform as the page opens (spec 1 preview, a read), and
 * said to be out of reach rather than shown stale when it does not answer.
 */
import type { ServerContext } from '../context.ts';
import { PlatformClientError } from '../platform/errors.ts';
import { containerCounts, type ContainerCount } from '../sales/container-counts.ts';
import { amountsOf } from '../sales/sale-amounts.ts';
import { saleView } from '../sales/sale-view.ts';
import { venueNames } from '../catalog/menu-names.ts';
import type { IssuedDeposit } from '#lib/shared/sale-view.ts';

export type ContainersReading =
	| { kind: 'none' }
	| { kind: 'read'; counts: ContainerCount[]; readAt: string }
	| { kind: 'unreachable' };

type Context = Pick<
	ServerContext,
	'sales' | 'journal' | 'devices' | 'views' | 'platformFor' | 'refunds' | 'settings'
>;

export async function saleDetails(context: Context, id: string, now: Date) {
	const sale = await context.sales.get(id);
	if (!sale) return undefined;
	const device = await context.devices.get(sale.deviceId);
	const shown = saleView(sale, (await venueNames(context.settings)).containers);
	const [view, entries, containers, refund] = await Promise.all([
		context.views.get(sale.deviceId),
		context.journal.list({ reference: sale.id, limit: 100 }),
		// A removed device's key is gone with it: nothing can be read for its sales.
		device ? readContainers(context, sale.deviceId, shown.deposit, now) : unreachable,
		context.refunds.offerAndTasks(sale, now)
	]);
	return {
		sale: shown,
		amounts: amountsOf(sale),
		createdAt: sale.createdAt,
		paidAt: sale.paidAt,
		device: { id: sale.deviceId, name: device?.name ?? sale.deviceId },
		organization: view.identity?.organization.name ?? null,
		place: view.identity?.place.name ?? null,
		journal: entries.reverse().map(({ id, operation, status, errorCode, attempts, createdAt }) => ({
			id,
			operation,
			status,
			errorCode,
			attempts,
			createdAt
		})),
		containers,
		refunds: sale.refunds,
		refundOffer: refund.offer,
		refundTasks: refund.tasks
	};
}

const unreachable: ContainersReading = { kind: 'unreachable' };

/** Where the containers of the sale's `deposit` (with the names staff gave them) stand now. */
async function readContainers(
	context: Context,
	deviceId: string,
	deposit: IssuedDeposit | null,
	now: Date
): Promise<ContainersReading> {
	if (!deposit) return { kind: 'none' };
	try {
		const platform = await context.platformFor(deviceId);
		const preview = await platform.deposits.previewTransaction(deposit.code);
		return {
			kind: 'read',
			counts: containerCounts(deposit, preview, now),
			readAt: now.toISOString()
		};
	} catch (error) {
		// Out of reach or refused: the page still shows the sale.
		if (error instanceof PlatformClientError) return unreachable;
		throw error;
	}
}
