/**
 * Starts a guest screen's services (screen-services.svelte.ts: server reachability, the kept
 * snapshot, updates) without putting their code into the screen's initial JavaScript: they are
 * loaded once the screen is up. A screen that goes away before they have loaded starts nothing.
 */
import type { ScreenSnapshot } from '#lib/shared/screen-snapshot.ts';
import type { ScreenServicesOptions } from './screen-services.svelte.ts';

export function linkScreen<S extends ScreenSnapshot>(
	options: ScreenServicesOptions<S>
): { start(): void; stop(): void } {
	let stopServices: (() => void) | null = null;
	let stopped = false;
	return {
		start() {
			import('./screen-services.svelte.ts')
				.then(({ startScreenServices }) => {
					if (!stopped) stopServices = startScreenServices(options);
				})
				// Not loaded (no network and no cache): the screen's calls still fail clearly.
				.catch(() => undefined);
		},
		stop() {
			stopped = true;
			stopServices?.();
		}
	};
}
