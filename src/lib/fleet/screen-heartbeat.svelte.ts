/**
 * Starts a screen's heartbeat (heartbeat.ts) with what every screen knows — its app version, its
 * visibility, its battery where the browser tells — beside what the screen itself knows
 * (`known`: what it paused, its printer and terminal, a guest under way). It beats at once when
 * any of that changes, and does what the answer asks: a reload once nothing is under way (never
 * under a guest's order), out of order for the kiosk.
 */
import { untrack } from 'svelte';
import { version } from '$app/env';
import type { HeartbeatAnswer, ScreenReport } from '#lib/shared/fleet.ts';
import { followBattery, Heartbeat } from './heartbeat.ts';

export interface ScreenHeartbeatOptions {
	known: () => Pick<ScreenReport, 'paused' | 'printer' | 'terminal' | 'busy'>;
	/** Nothing under way: a reload now cuts into no one's work. */
	idle: () => boolean;
	outOfOrder?: (value: HeartbeatAnswer['outOfOrder']) => void;
}

/** Starts it; the function returned stops it. */
export function startScreenHeartbeat({
	known,
	idle,
	outOfOrder
}: ScreenHeartbeatOptions): () => void {
	let reloadAsked = $state(false);
	const heartbeat: Heartbeat = new Heartbeat({
		report: () => ({
			version,
			...known(),
			visible: document.visibilityState === 'visible',
			...battery.reading
		}),
		onAnswer: (answer) => {
			outOfOrder?.(answer.outOfOrder);
			if (answer.reload) reloadAsked = true;
		}
	});
	const battery = followBattery(() => heartbeat.changed());
	const visibility = () => heartbeat.changed();
	document.addEventListener('visibilitychange', visibility);
	const stopEffects = $effect.root(() => {
		let seen: string | null = null;
		$effect(() => {
			const now = JSON.stringify(known());
			if (seen !== null && seen !== now) untrack(() => heartbeat.changed());
			seen = now;
		});
		$effect(() => {
			if (reloadAsked && idle()) window.location.reload();
		});
	});
	heartbeat.start();
	return () => {
		stopEffects();
		heartbeat.stop();
		document.removeEventListener('visibilitychange', visibility);
	};
}
