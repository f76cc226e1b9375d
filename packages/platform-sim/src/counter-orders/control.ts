/**
 * Control API for counter orders (no key): what customers do in the platform's app.
 * - POST /_sim/counter-orders                      place an order → 201 the Order (NEW)
 * - POST /_sim/counter-orders/:orderId/confirm-payment   NEW → APPROVABLE, sends the callback
 * - POST /_sim/counter-orders/:orderId/cancel            NEW → CANCELLED (customer cancels)
 * - GET  /_sim/counter-orders                      every order, platform shape
 * A step the status table does not allow answers 409 INVALID_STATUS_TRANSITION.
 */
import type { ControlContext, ControlRoute, Reply } from '../routing.ts';
import { parseWith } from '../validation.ts';
import { confirmPayment, customerCancel, findOrder } from './orders.ts';
import { placeOrder, placeOrderSchema } from './place-order.ts';
import { serializeOrder } from './serialize.ts';

const CONFLICT = 409;

function orderStep(step: (context: ControlContext, orderId: string) => void) {
	return (context: ControlContext): Reply => {
		const orderId = context.request.params.orderId ?? '';
		step(context, orderId);
		const { state } = context.sim;
		return { status: 200, body: serializeOrder(state, findOrder(state, orderId)) };
	};
}

export const counterOrderControlRoutes: ControlRoute[] = [
	{
		method: 'POST',
		path: '/_sim/counter-orders',
		handle({ sim, request }) {
			const input = parseWith(placeOrderSchema, request.body);
			const order = placeOrder(sim.state, input, sim.state.clock.now());
			return { status: 201, body: serializeOrder(sim.state, order) };
		}
	},
	{
		method: 'GET',
		path: '/_sim/counter-orders',
		handle: ({ sim }) => ({
			status: 200,
			body: sim.state.counterOrders.map((order) => serializeOrder(sim.state, order))
		})
	},
	{
		method: 'POST',
		path: '/_sim/counter-orders/:orderId/confirm-payment',
		handle: orderStep(({ sim }, orderId) => {
			const order = findOrder(sim.state, orderId);
			confirmPayment(order, CONFLICT);
			sim.callbacks.orderBecameApprovable(order.id, order.placeId);
		})
	},
	{
		method: 'POST',
		path: '/_sim/counter-orders/:orderId/cancel',
		handle: orderStep(({ sim }, orderId) => customerCancel(findOrder(sim.state, orderId), CONFLICT))
	}
];
