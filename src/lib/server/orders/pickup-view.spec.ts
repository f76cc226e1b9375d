import { describe, expect, it } from 'vitest';
import type { CounterBoardOrder, BoardOrder, KioskBoardOrder } from '#lib/shared/order-board.ts';
import { PICKUP_LIMIT, pickupView } from './pickup-view.ts';

const kiosk = (number: string, stage: BoardOrder['stage'], since: string): KioskBoardOrder => ({
	kind: 'kiosk',
	key: `kiosk:${number}`,
	saleId: number,
	orderNumber: number,
	stage,
	since,
	lines: [],
	kioskName: 'Kiosk 1',
	status: stage === 'ready' ? 'ready' : stage === 'done' ? 'collected' : 'new',
	containers: [],
	next: null,
	previous: null,
	idCheck: null
});

const app = (number: string, stage: BoardOrder['stage'], since: string): CounterBoardOrder =>
	({
		kind: 'counter',
		key: `app:${number}`,
		orderId: number,
		orderNumber: number,
		stage,
		since,
		lines: [],
		idCheck: null,
		desk: { id: 'desk_1', name: 'Bar counter', type: 'COUNTER' }
	}) as unknown as CounterBoardOrder;

describe('the pickup screen', () => {
	it('shows accepted orders being prepared and ready ones with their desk, longest waiting first', () => {
		const view = pickupView('Main Stage Bar', [
			app('M-002', 'approve', '2026-11-22T12:00:00Z'),
			kiosk('K-002', 'preparing', '2026-11-22T12:05:00Z'),
			app('M-001', 'preparing', '2026-11-22T12:01:00Z'),
			app('M-003', 'ready', '2026-11-22T12:03:00Z'),
			{
				...kiosk('K-001', 'ready', '2026-11-22T12:02:00Z'),
				idCheck: { age: 18, checked: false }
			},
			{
				...app('M-004', 'ready', '2026-11-22T12:04:00Z'),
				idCheck: { age: 16, checked: true }
			},
			kiosk('K-000', 'done', '2026-11-22T11:00:00Z')
		]);
		expect(view).toEqual({
			placeName: 'Main Stage Bar',
			preparing: [
				{ key: 'app:M-001', orderNumber: 'M-001' },
				{ key: 'kiosk:K-002', orderNumber: 'K-002' }
			],
			ready: [
				// Not checked yet: the guest brings an ID; checked: nothing more to say.
				{ key: 'kiosk:K-001', orderNumber: 'K-001', desk: null, idCheck: true },
				{ key: 'app:M-003', orderNumber: 'M-003', desk: 'Bar counter', idCheck: false },
				{ key: 'app:M-004', orderNumber: 'M-004', desk: 'Bar counter', idCheck: false }
			]
		});
	});

	it('keeps to what a screen can show', () => {
		const many = Array.from({ length: PICKUP_LIMIT + 5 }, (_, index) =>
			kiosk(`K-${index}`, 'ready', new Date(Date.UTC(2026, 10, 22, 12, index)).toISOString())
		);
		const { ready } = pickupView(null, many);
		expect(ready).toHaveLength(PICKUP_LIMIT);
		expect(ready[0]?.orderNumber).toBe('K-0');
	});
});
