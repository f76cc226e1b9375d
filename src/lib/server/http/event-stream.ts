/**
 * A server-sent events response (text/event-stream) that sends `event` with the change's
 * sequence number as its id whenever the feed changes, and a `ping` event every `heartbeatMs`, so
 * proxies keep the connection open and the screen can tell a live stream from a dead one (a
 * comment line would not reach the page). A browser that reconnects sends the last id it saw
 * (Last-Event-ID): if the feed moved on meanwhile, it gets one event at once and catches up.
 */
export interface ChangeFeed {
	/** Read from the store (asynchronous): only asked when the browser says what it saw. */
	current(): Promise<number>;
	subscribe(listener: (sequence: number) => void): () => void;
}

export function eventStream(
	event: string,
	feed: ChangeFeed,
	lastEventId: string | null,
	heartbeatMs = 10_000
): Response {
	const encoder = new TextEncoder();
	let stop = () => {};
	const body = new ReadableStream<Uint8Array>({
		async start(controller) {
			const send = (text: string) => {
				try {
					controller.enqueue(encoder.encode(text));
				} catch {
					stop(); // closed meanwhile
				}
			};
			const change = (sequence: number) => send(`id: ${sequence}\nevent: ${event}\ndata: {}\n\n`);
			// How long the browser waits before reconnecting; the first ping says the stream is open.
			send('retry: 2000\n\n');
			send('event: ping\ndata: {}\n\n');
			// Listening before the number is read: a change meanwhile is sent (maybe twice), not lost.
			const unsubscribe = feed.subscribe(change);
			const heartbeat = setInterval(() => send('event: ping\ndata: {}\n\n'), heartbeatMs);
			stop = () => {
				clearInterval(heartbeat);
				unsubscribe();
			};
			const seen = lastEventId === null ? NaN : Number(lastEventId);
			if (!Number.isInteger(seen)) return;
			const current = await feed.current();
			if (seen !== current) change(current);
		},
		cancel() {
			stop();
		}
	});
	return new Response(body, {
		headers: {
			'content-type': 'text/event-stream; charset=utf-8',
			'cache-control': 'no-store',
			'x-accel-buffering': 'no'
		}
	});
}
