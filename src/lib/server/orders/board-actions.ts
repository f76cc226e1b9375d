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
 * Staff checked the guest's ID for an age-restricted kiosk order (`saleId`): recorded (once) and
 * audited as the board, so "collected" is possible (orders/kiosk-orders.ts enforces it).
 */
export async function kioskIdCheck(
	context: ServerContext,
	boardDeviceId: string,
	form: FormData
): Promise<BoardActionResult> {
	const saleId = textField(form, 'saleId');
	if (!ID.test(saleId)) return { ok: false, error: 'bad-request' };
	const [board, checked] = await Promise.all([
		context.devices.get(boardDeviceId),
		context.kioskOrders.checkId(boardDeviceId, saleId)
	]);
	if (!board || !checked) return { ok: false, error: 'unknown-order', key: kioskOrderKey(saleId) };
	if (checked.recorded)
		await context.audit.write(boardStaff(board), 'order.id-checked', checked.order.orderNumber, {
			board: board.id,
			order: kioskOrderKey(saleId),
			age: checked.order.minAge
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
