import { afterEach, describe, expect, it } from 'vitest';
import { OrderFeed } from '../orders/order-feed.ts';
import { envelope, json, type RecordedCall } from '../platform/testing/fake-fetch.ts';
import { fakeClient } from '../platform/testing/fake-client.ts';
import type { Engine, Store } from '../store/store.ts';
import { ENGINES, openTestStore } from '../store/testing/test-stores.ts';
import { BoardDesks } from './board-desks.ts';
import { DeviceHealthTracker } from './device-health.ts';

const DESKS = [
	{ id: 'desk_main_counter', name: 'Bar counter', type: 'COUNTER', enabled: true },
	{ id: 'desk_main_table_1', name: 'Table 1', type: 'TABLE', enabled: true },
	{ id: 'desk_main_table_2', name: 'Table 2', type: 'TABLE', enabled: true }
];

/** The stores the rigs opened, closed after each test. */
const opened: Store[] = [];

/** A platform with the desks above; `change` answers the PUT (by default: applies it). */
async function rig(engine: Engine, change?: (call: RecordedCall) => Response | Error) {
	const desks = structuredClone(DESKS);
	const state = { down: false };
	const { client, calls } = fakeClient(
		[
			(call) => {
				if (state.down) return envelope(503, 'SERVICE_UNAVAILABLE');
				if (call.method === 'GET') return json(desks);
				if (change) return change(call);
				const { deskIds, enabled } = call.body as { deskIds: string[]; enabled: boolean };
				for (const desk of desks) if (deskIds.includes(desk.id)) desk.enabled = enabled;
				return json(desks.filter((desk) => deskIds.includes(desk.id)));
			}
		],
		{ apiKey: 'board-key', timeoutMs: 50 }
	);
	const store = await openTestStore(engine);
	opened.push(store);
	const feed = new OrderFeed(store);
	const health = new DeviceHealthTracker();
	const boardDesks = new BoardDesks({ platformFor: async () => client, feed, health });
	return { desks, calls, feed, health, boardDesks, state };
}

describe.each(ENGINES)('BoardDesks on %s', (engine) => {
	afterEach(async () => {
		await Promise.all(opened.splice(0).map((store) => store.close()));
	});

	it('knows nothing before the first read, then the list the platform gave', async () => {
		const r = await rig(engine);
		expect(r.boardDesks.known('dev-1')).toBeNull();
		expect(await r.boardDesks.refresh('dev-1')).toEqual(DESKS);
		expect(r.boardDesks.known('dev-1')).toEqual(DESKS);
		expect(await r.feed.current()).toBe(1);
		await r.boardDesks.refresh('dev-1');
		expect(await r.feed.current()).toBe(1); // nothing changed
	});

	it.each([
		['one desk', ['desk_main_table_1']],
		['several desks', ['desk_main_table_1', 'desk_main_table_2']],
		['all desks', DESKS.map((desk) => desk.id)]
	])('closes and opens %s, and shows what it reads back', async (_, ids) => {
		const r = await rig(engine);
		const closed = await r.boardDesks.change('dev-1', ids, false);
		expect(r.calls.map((call) => call.method)).toEqual(['PUT', 'GET']);
		expect(r.calls[0]!.body).toEqual({ deskIds: ids, enabled: false });
		expect(closed).toEqual({
			ok: true,
			desks: DESKS.map((desk) => ({ ...desk, enabled: !ids.includes(desk.id) }))
		});
		expect(r.boardDesks.known('dev-1')).toEqual(closed.ok && closed.desks);
		const opened = await r.boardDesks.change('dev-1', ids, true);
		expect(opened).toEqual({ ok: true, desks: DESKS });
	});

	it('shows the platform’s state, not what was asked, when the answer differs', async () => {
		// The PUT answers 200 but the platform kept one desk open (e.g. changed elsewhere).
		const r = await rig(engine, () => json([]));
		const change = await r.boardDesks.change('dev-1', ['desk_main_counter'], false);
		expect(change).toEqual({ ok: true, desks: DESKS });
	});

	it('reads the list again after a refused change and reports the refusal', async () => {
		const r = await rig(engine, () =>
			envelope(403, 'DEVICE_CANNOT_ACCESS_DESK', ['desk_garden_counter'])
		);
		const change = await r.boardDesks.change('dev-1', ['desk_garden_counter'], false);
		expect(change.ok).toBe(false);
		expect(!change.ok && (change.error as { status: number }).status).toBe(403);
		expect(r.calls.map((call) => call.method)).toEqual(['PUT', 'GET']);
		expect(r.boardDesks.known('dev-1')).toEqual(DESKS);
		expect(r.health.of('dev-1').failing).toBe(false);
	});

	it('keeps the last list when the platform cannot be asked', async () => {
		const r = await rig(engine);
		await r.boardDesks.refresh('dev-1');
		r.state.down = true;
		expect(await r.boardDesks.refresh('dev-1')).toBeNull();
		expect(r.boardDesks.known('dev-1')).toEqual(DESKS);
		expect(r.health.of('dev-1').failing).toBe(true);
		const change = await r.boardDesks.change('dev-1', ['desk_main_counter'], false);
		expect(change.ok).toBe(false);
		expect(r.boardDesks.known('dev-1')).toEqual(DESKS);
	});
});
