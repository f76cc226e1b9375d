/**
 * A step staff take on a counter order from a board: checked against the order as last read (only
 * what spec 2 allows from there, order-steps.ts), then queued in the durable outbox and handed
 * to the sender. The board shows "sending…" until the sender settles it.
 */
import type { CounterOrderAction } from '#lib/shared/order-board.ts';
import { REJECTION_MESSAGE_MAX } from '../platform/counter-orders.ts';
import type { CounterOrder } from '../platform/counter-orders.ts';
import type { CounterOrderRepository } from './counter-order-repository.ts';
import type { OrderOutbox } from './order-outbox.ts';
import { stepsFor } from './order-steps.ts';

export type StepRefusal =
	/** The board's place has no such order. */
	| 'unknown-order'
	/** Not a step spec 2 (or the payment rule) allows from the order's current state. */
	| 'not-offered'
	/** Another step of this order is still on its way. */
	| 'busy'
	/** spec 2 Limits: "rejectionMessage: at most 2000 characters". */
	| 'message-too-long'
	/** "Picked up" before staff recorded the ID check of an age-restricted order. */
	| 'id-check-needed';

export interface StaffStepsDeps {
	orders: CounterOrderRepository;
	outbox: OrderOutbox;
	/** The board device's place. */
	placeOf(deviceId: string): Promise<string | undefined>;
	/** A step was queued (the sender starts, the boards show it). */
	queued(): void;
	/**
	 * The order holds a product the menu sells only from an age and staff have not recorded its
	 * ID check (orders/id-checks.ts): "picked up" waits for it. None: no check.
	 */
	idCheckPending?(order: CounterOrder): Promise<boolean>;
}

export class StaffSteps {
	readonly #deps: StaffStepsDeps;

	constructor(deps: StaffStepsDeps) {
		this.#deps = deps;
	}

	async request(
		boardDeviceId: string,
		orderId: string,
		action: CounterOrderAction,
		rejectionMessage?: string
	): Promise<{ ok: true } | { ok: false; refusal: StepRefusal }> {
		const stored = await this.#deps.orders.get(orderId);
		const placeId = await this.#deps.placeOf(boardDeviceId);
		if (!stored || !placeId || stored.placeId !== placeId) {
			return { ok: false, refusal: 'unknown-order' };
		}
		if (!stepsFor(stored.order).includes(action)) return { ok: false, refusal: 'not-offered' };
		if (action === 'picked-up' && (await this.#deps.idCheckPending?.(stored.order)))
			return { ok: false, refusal: 'id-check-needed' };
		// Counted in UTF-16 units: never more than the platform's count in characters.
		const message = action === 'reject' ? rejectionMessage?.trim() || undefined : undefined;
		if (message !== undefined && message.length > REJECTION_MESSAGE_MAX) {
			return { ok: false, refusal: 'message-too-long' };
		}
		const queued = await this.#deps.outbox.enqueue({
			orderId,
			deviceId: boardDeviceId,
			action,
			rejectionMessage: message
		});
		if (!queued) return { ok: false, refusal: 'busy' };
		this.#deps.queued();
		return { ok: true };
	}
}
