/**
 * Starts watching whether the screen reaches its server (ServerReachability) without putting
 * that code into the screen's initial JavaScript: it is loaded once the screen is up, and handed
 * to the screen's session. A screen that goes away before it has loaded starts nothing.
 */
import type { ServerReachability } from './server-reachability.svelte.ts';

export function watchServer(use: (watcher: ServerReachability) => void): {
	start(): void;
	stop(): void;
} {
	let watcher: ServerReachability | null = null;
	let stopped = false;
	return {
		start() {
			import('./server-reachability.svelte.ts')
				.then(({ ServerReachability }) => {
					if (stopped) return;
					watcher = new ServerReachability();
					use(watcher);
					watcher.start();
				})
				// Not loaded (no network and no cache): the screen's calls still fail clearly.
				.catch(() => undefined);
		},
		stop() {
			stopped = true;
			watcher?.stop();
		}
	};
}
