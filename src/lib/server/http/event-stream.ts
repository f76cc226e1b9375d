/**
 * A server-sent events response (text/event-stream) that sends `event` whenever `subscribe`'s
 * callback fires, and a comment line every `heartbeatMs` so proxies and the browser keep the
 * connection open. The subscription ends when the browser goes away.
 */
export function eventStream(
	event: string,
	subscribe: (notify: () => void) => () => void,
	heartbeatMs = 25_000
): Response {
	const encoder = new TextEncoder();
	let stop = () => {};
	const body = new ReadableStream<Uint8Array>({
		start(controller) {
			const send = (text: string) => {
				try {
					controller.enqueue(encoder.encode(text));
				} catch {
					stop(); // closed meanwhile
				}
			};
			// Tells the browser how long to wait before reconnecting, and that the stream is open.
			send('retry: 2000\n\n');
			const unsubscribe = subscribe(() => send(`event: ${event}\ndata: {}\n\n`));
			const heartbeat = setInterval(() => send(': heartbeat\n\n'), heartbeatMs);
			stop = () => {
				clearInterval(heartbeat);
				unsubscribe();
			};
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
