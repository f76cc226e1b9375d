/**
 * What the pickup screen shows guests (pure): the numbers being prepared and the numbers ready,
 * with the desk to collect at. A counter order still waiting for approval is not shown: it is not
 * accepted yet (spec 2: APPROVABLE → APPROVED or REJECTED). Longest waiting first, so the number
 * a guest has waited for longest is never pushed off the screen. A ready order of age-restricted
 * goods whose ID staff have not checked yet says "ID check" beside its number, so the guest
 * brings one to the counter.
 */
import type { BoardOrder, PickupView } from '#lib/shared/order-board.ts';

/** What fits on a screen read from 5 m away. */
export const PICKUP_LIMIT = 24;

export function pickupView(placeName: string | null, orders: BoardOrder[]): PickupView {
	const inStage = (stage: BoardOrder['stage']) =>
		orders
			.filter((order) => order.stage === stage)
			.toSorted((a, b) => Date.parse(a.since) - Date.parse(b.since))
			.slice(0, PICKUP_LIMIT);
	return {
		placeName,
		preparing: inStage('preparing').map(({ key, orderNumber }) => ({ key, orderNumber })),
		ready: inStage('ready').map((order) => ({
			key: order.key,
			orderNumber: order.orderNumber,
			desk: order.kind === 'counter' ? order.desk.name : null,
			idCheck: order.idCheck !== null && !order.idCheck.checked
		}))
	};
}
