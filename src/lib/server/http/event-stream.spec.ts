import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventStream, type ChangeFeed } from './event-stream.ts';

function fakeFeed(current: number) {
	const listeners = new Set<(sequence: number) => void>();
	const feed: ChangeFeed & { change(): void; listeners: Set<unknown> } = {
		current: async () => current,
		subscribe(listener) {
			listeners.add(listener);
			return () => listeners.delete(listener);
		},
		change() {
			current += 1;
			for (const listener of listeners) listener(current);
		},
		listeners
	};
	return feed;
}

/** Reads what the stream has sent so far (without waiting for more). */
async function sent(reader: ReadableStreamDefaultReader<Uint8Array>, chunks: number) {
	const decoder = new TextDecoder();
	let text = '';
	for (let i = 0; i < chunks; i += 1) {
		const { value } = await reader.read();
		text += decoder.decode(value);
	}
	return text;
}

const PING = 'event: ping\ndata: {}\n\n';
const OPENING = `retry: 2000\n\n${PING}`;

afterEach(() => {
	vi.useRealTimers();
});

describe('eventStream', () => {
	it('is an event stream that is not cached or buffered', () => {
		const response = eventStream('orders', fakeFeed(0), null);
		expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
		expect(response.headers.get('cache-control')).toBe('no-store');
		expect(response.headers.get('x-accel-buffering')).toBe('no');
		void response.body!.cancel();
	});

	it('opens with a ping, then sends each change with its number as the id', async () => {
		const feed = fakeFeed(7);
		const reader = eventStream('orders', feed, null).body!.getReader();
		expect(await sent(reader, 2)).toBe(OPENING);
		feed.change();
		feed.change();
		expect(await sent(reader, 2)).toBe(
			'id: 8\nevent: orders\ndata: {}\n\nid: 9\nevent: orders\ndata: {}\n\n'
		);
		await reader.cancel();
		expect(feed.listeners.size).toBe(0);
	});

	it('replays one event at once when the Last-Event-ID is behind', async () => {
		const reader = eventStream('orders', fakeFeed(12), '9').body!.getReader();
		expect(await sent(reader, 3)).toBe(`${OPENING}id: 12\nevent: orders\ndata: {}\n\n`);
		await reader.cancel();
	});

	it('replays nothing when the Last-Event-ID is current (or not a number)', async () => {
		for (const lastEventId of ['12', 'abc']) {
			const feed = fakeFeed(12);
			const reader = eventStream('orders', feed, lastEventId).body!.getReader();
			expect(await sent(reader, 2)).toBe(OPENING);
			feed.change();
			expect(await sent(reader, 1)).toBe('id: 13\nevent: orders\ndata: {}\n\n');
			await reader.cancel();
		}
	});

	it('sends a ping event every heartbeat, and stops when the browser goes', async () => {
		vi.useFakeTimers();
		const feed = fakeFeed(0);
		const reader = eventStream('orders', feed, null, 1_000).body!.getReader();
		expect(await sent(reader, 2)).toBe(OPENING);
		vi.advanceTimersByTime(3_000);
		expect(await sent(reader, 3)).toBe(PING.repeat(3));
		await reader.cancel();
		expect(vi.getTimerCount()).toBe(0);
		expect(feed.listeners.size).toBe(0);
	});
});
