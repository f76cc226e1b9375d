import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HeartbeatAnswer, ScreenReport } from '#lib/shared/fleet.ts';
import { HEARTBEAT_PATH, Heartbeat } from './heartbeat.ts';

const REPORT: ScreenReport = {
	version: 'v1',
	paused: [],
	printer: null,
	terminal: null,
	busy: false,
	visible: true,
	battery: null,
	charging: null
};

/** A server answering `answer` (or not at all while down); every beat's body is kept. */
function server(answer: HeartbeatAnswer) {
	const state = { up: true, bodies: [] as unknown[], answer };
	const fetcher = vi.fn(async (url: string, init: RequestInit) => {
		expect(url).toBe(HEARTBEAT_PATH);
		if (!state.up) throw new TypeError('Failed to fetch');
		state.bodies.push(JSON.parse(String(init.body)));
		return Response.json(state.answer);
	});
	return { state, fetcher };
}

describe('Heartbeat', () => {
	beforeEach(() => vi.useFakeTimers());
	afterEach(() => vi.useRealTimers());

	it('beats at once, then as often as the answer says, with the report of the moment', async () => {
		const { state, fetcher } = server({ nextBeatMs: 5_000, outOfOrder: null, reload: false });
		let busy = false;
		const answers: HeartbeatAnswer[] = [];
		const heartbeat = new Heartbeat({
			report: () => ({ ...REPORT, busy }),
			onAnswer: (answer) => answers.push(answer),
			fetcher
		});
		heartbeat.start();
		await vi.advanceTimersByTimeAsync(0);
		expect(state.bodies).toEqual([REPORT]);
		busy = true;
		await vi.advanceTimersByTimeAsync(15_000);
		expect(state.bodies).toHaveLength(4);
		expect(state.bodies[3]).toEqual({ ...REPORT, busy: true });
		expect(answers).toHaveLength(4);
		heartbeat.stop();
		await vi.advanceTimersByTimeAsync(15_000);
		expect(state.bodies).toHaveLength(4);
	});

	it('beats at once on a change, and tries again after a beat found no server', async () => {
		const { state, fetcher } = server({ nextBeatMs: 15_000, outOfOrder: null, reload: true });
		const onAnswer = vi.fn();
		const heartbeat = new Heartbeat({ report: () => REPORT, onAnswer, fetcher });
		heartbeat.start();
		await vi.advanceTimersByTimeAsync(0);
		heartbeat.changed();
		await vi.advanceTimersByTimeAsync(0);
		expect(state.bodies).toHaveLength(2);
		state.up = false;
		await vi.advanceTimersByTimeAsync(15_000);
		expect(onAnswer).toHaveBeenCalledTimes(2);
		state.up = true;
		await vi.advanceTimersByTimeAsync(15_000);
		expect(state.bodies).toHaveLength(3);
		expect(onAnswer).toHaveBeenLastCalledWith(expect.objectContaining({ reload: true }));
		heartbeat.stop();
	});
});
