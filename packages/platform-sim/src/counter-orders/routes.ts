/**
 * The counter-order API (spec 2, "Endpoints"). Every operation needs the ORDER authority (spec 2
 * Authentication 3); a 401 carries `UNAUTHORIZED` (spec: "not shown";
 * docs/platform-assumptions.md). Order of checks: key (401), authority (403), body (400), order or
 * desk (404, then 403), then the rule itself (400).
 */
import { z } from 'zod';
import type { PlatformContext, PlatformRoute, Reply } from '../routing.ts';
import type { CounterOrder } from '../state.ts';
import { serializeDesk } from '../identity/routes.ts';
import { parseWith } from '../validation.ts';
import { changeDeskStatuses, desksOfPlace } from './desks.ts';
import {
	cancelExternalPayment,
	finalizeExternalPayment,
	findOrderForDevice,
	UPDATABLE_STATUSES,
	updateStatus
} from './orders.ts';
import { serializeOrder } from './serialize.ts';

/** spec 2 Limits: "rejectionMessage: at most 2000 characters" (counted as Unicode code points). */
export const REJECTION_MESSAGE_MAX = 2000;

const statusUpdateSchema = z
	.strictObject({
		status: z.enum(UPDATABLE_STATUSES),
		rejectionMessage: z
			.string()
			.refine((text) => [...text].length <= REJECTION_MESSAGE_MAX, {
				message: `at most ${REJECTION_MESSAGE_MAX} characters`
			})
			.nullish()
	})
	.superRefine((body, context) => {
		if (body.status !== 'REJECTED' && body.rejectionMessage != null) {
			context.addIssue({
				code: 'custom',
				path: ['rejectionMessage'],
				message: 'only allowed with status REJECTED'
			});
		}
	});

const deskStatusSchema = z.strictObject({
	deskIds: z
		.array(z.string().min(1))
		.min(1)
		.refine((ids) => new Set(ids).size === ids.length, { message: 'must be unique' }),
	enabled: z.boolean()
});

type Change = (order: CounterOrder, context: PlatformContext) => void;

/** Finds the order of the path (404, then 403), applies `change` and answers the order. */
function withOrder(change: Change) {
	return (context: PlatformContext): Reply => {
		const { state } = context.sim;
		const order = findOrderForDevice(state, context.device, context.request.params.orderId ?? '');
		change(order, context);
		return { status: 200, body: serializeOrder(state, order) };
	};
}

const getOrder = withOrder(() => {});

function updateOrderStatus(context: PlatformContext): Reply {
	const { status, rejectionMessage } = parseWith(statusUpdateSchema, context.request.body);
	return withOrder((order, { now }) =>
		updateStatus(order, status, now, rejectionMessage ?? undefined)
	)(context);
}

function getDesks(context: PlatformContext): Reply {
	const desks = desksOfPlace(context.sim.state, context.device.placeId);
	return { status: 200, body: desks.map(serializeDesk) };
}

function changeDesks(context: PlatformContext): Reply {
	const { deskIds, enabled } = parseWith(deskStatusSchema, context.request.body);
	const desks = changeDeskStatuses(context.sim.state, context.device, deskIds, enabled);
	return { status: 200, body: desks.map(serializeDesk) };
}

const ORDER_PATH = '/v1/integrations/counter-orders/:orderId';

export const counterOrderRoutes: PlatformRoute[] = [
	{
		method: 'GET',
		path: ORDER_PATH,
		operationId: 'getCounterOrderByIdByIntegration',
		unauthorizedCode: 'UNAUTHORIZED',
		authority: 'ORDER',
		handle: getOrder
	},
	{
		method: 'PUT',
		path: `${ORDER_PATH}/status`,
		operationId: 'updateCounterOrderStatusByIntegration',
		unauthorizedCode: 'UNAUTHORIZED',
		authority: 'ORDER',
		handle: updateOrderStatus
	},
	{
		method: 'PUT',
		path: `${ORDER_PATH}/finalize-external-payment`,
		operationId: 'finalizeExternalCounterOrderPayment',
		unauthorizedCode: 'UNAUTHORIZED',
		authority: 'ORDER',
		handle: withOrder(finalizeExternalPayment)
	},
	{
		method: 'PUT',
		path: `${ORDER_PATH}/cancel-external-payment`,
		operationId: 'cancelExternalCounterOrderPayment',
		unauthorizedCode: 'UNAUTHORIZED',
		authority: 'ORDER',
		handle: withOrder(cancelExternalPayment)
	},
	{
		method: 'GET',
		path: '/v1/integrations/me/desks',
		operationId: 'getDesksForIntegration',
		unauthorizedCode: 'UNAUTHORIZED',
		authority: 'ORDER',
		handle: getDesks
	},
	{
		method: 'PUT',
		path: '/v1/integrations/desks/status',
		operationId: 'changeDeskStatusesByIntegration',
		unauthorizedCode: 'UNAUTHORIZED',
		authority: 'ORDER',
		handle: changeDesks
	}
];
