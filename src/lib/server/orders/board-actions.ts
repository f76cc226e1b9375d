/**
 * The order board's form actions, read at the boundary: each field checked, a refusal named by
 * a `BoardActionError` the board shows in words, nothing changed on bad input.
 */
import {
	COUNTER_ORDER_ACTIONS,
	type BoardActionError,
	type CounterOrderAction
} from '#lib/shared/order-board.ts';
import { KIOSK_ORDER_STATUSES, type KioskOrderStatus } from '#lib/shared/kiosk-order.ts';
import type { ServerContext } from '../context.ts';
import { counterOrderKey } from '../counter-orders/counter-order-card.ts';
import { kioskOrderKey } from './kiosk-orders.ts';
import { boardStaff } from './sold-out.ts';
import { textField } from '../http/forms.ts';
import { isOrderId } from '../counter-orders/order-id.ts';
import { isRefusal } from '../platform/errors.ts';

export type BoardActionResult = { ok: true } | { ok: false; error: BoardActionError; key?: string };

/** A kiosk sale's or a desk's id. */
const ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** A step on a counter order: `orderId`, `action`, and for a rejection `rejectionMessage`. */
export async function counterOrderStep(
	context: ServerContext,
	boardDeviceId: string,
	form: FormData
): Promise<BoardActionResult> {
	const orderId = textField(form, 'orderId');
	const action = textField(form, 'action') as CounterOrderAction;
	if (!isOrderId(orderId) || !COUNTER_ORDER_ACTIONS.includes(action)) {
		return { ok: false, error: 'bad-request' };
	}
	const result = await context.counterOrders.steps.request(
		boardDeviceId,
		orderId,
		action,
		textField(form, 'rejectionMessage')
	);
	return result.ok ? result : { ok: false, error: result.refusal, key: `app:${orderId}` };
}

/** A kiosk order moved forward or back: `saleId`, `status`. */
export async function kioskOrderStep(
	context: ServerContext,
	boardDeviceId: string,
	form: FormData
): Promise<BoardActionResult> {
	const saleId = textField(form, 'saleId');
	const status = textField(form, 'status') as KioskOrderStatus;
	if (!ID.test(saleId) || !KIOSK_ORDER_STATUSES.includes(status)) {
		return { ok: false, error: 'bad-request' };
	}
	const outcome = await context.kioskOrders.setStatus(boardDeviceId, saleId, status);
	return outcome === 'done'
		? { ok: true }
		: { ok: false, error: outcome, key: kioskOrderKey(saleId) };
}

/**
 * Staff checked the guest's ID for an age-restricted order: a kiosk order (`saleId`) or an app
 * order holding a product the menu knows as restricted (`orderId`). Recorded once
 * (orders/id-checks.ts) and audited as the board, so "collected" (kiosk-orders.ts) and "picked
 * up" (counter-orders/staff-steps.ts) are possible; a repeated tap changes nothing.
 */
export async function idCheck(
	context: ServerContext,
	boardDeviceId: string,
	form: FormData
): Promise<BoardActionResult> {
	const saleId = textField(form, 'saleId');
	const orderId = textField(form, 'orderId');
	const board = await context.devices.get(boardDeviceId);
	let checked: { key: string; orderNumber: string; age: number; recorded: boolean } | null = null;
	if (ID.test(saleId)) {
		const kiosk = await context.kioskOrders.checkId(boardDeviceId, saleId);
		if (kiosk)
			checked = {
				key: kioskOrderKey(saleId),
				orderNumber: kiosk.order.orderNumber,
				age: kiosk.order.minAge,
				recorded: kiosk.recorded
			};
	} else if (isOrderId(orderId)) {
		const placeId = (await context.places.placeOf(boardDeviceId))?.id;
		const app = placeId
			? (await context.orderBoard.ordersAtPlace(placeId)).find(
					(order) => order.key === counterOrderKey(orderId)
				)
			: undefined;
		if (app?.idCheck)
			checked = {
				key: app.key,
				orderNumber: app.orderNumber,
				age: app.idCheck.age,
				recorded: await context.idChecks.record(app.key)
			};
		if (checked?.recorded) context.orderFeed.changed();
	} else return { ok: false, error: 'bad-request' };
	if (!board || !checked)
		return {
			ok: false,
			error: 'unknown-order',
			key: saleId ? kioskOrderKey(saleId) : counterOrderKey(orderId)
		};
	if (checked.recorded)
		await context.audit.write(boardStaff(board), 'order.id-checked', checked.orderNumber, {
			board: board.id,
			order: checked.key,
			age: checked.age
		});
	return { ok: true };
}

/** Opens or closes desks: `deskId` (one or more), `enabled` ('true' or 'false'). */
export async function changeDesks(
	context: ServerContext,
	boardDeviceId: string,
	form: FormData
): Promise<BoardActionResult> {
	const deskIds = form.getAll('deskId');
	const enabled = textField(form, 'enabled');
	if (
		deskIds.length === 0 ||
		deskIds.length > 200 ||
		!deskIds.every((id): id is string => typeof id === 'string' && ID.test(id)) ||
		new Set(deskIds).size !== deskIds.length ||
		(enabled !== 'true' && enabled !== 'false')
	) {
		return { ok: false, error: 'bad-request' };
	}
	const change = await context.counterOrders.desks.change(
		boardDeviceId,
		deskIds,
		enabled === 'true'
	);
	if (change.ok) return { ok: true };
	return { ok: false, error: isRefusal(change.error) ? 'desks-refused' : 'desks-unreachable' };
}
