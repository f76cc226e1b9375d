/**
 * The camera's watchdog: a camera scanner that has run for `stallMs` without decoding anything
 * restarts itself (stop, then start on the same element) with the next scan box of
 * `RESTART_BOX_SHARES`.
 *
 * Why: html5-qrcode's JavaScript decoder (zxing-js, the only one where the browser has no
 * BarcodeDetector, e.g. Chromium on Linux) fails on some codes at a given scale and crop every
 * time, though they are clean and valid (zxing-cpp reads them all): it does not locate them, or
 * samples their modules wrongly. A steady picture — a phone held still on a stand, or the
 * browser tests' fake camera, which repeats one frame — then shows the code for ever without a
 * read (about 1 random loyalty key in 20 in the tests). The same picture cut to another box is
 * another image to the decoder and is read; the restart also gives a real camera its focus and
 * exposure afresh, and a larger box reads a code held too close.
 *
 * It wraps any `CameraScanner` (html5-qrcode in `camera-scanner.ts`, a fake in the spec) and
 * also owns the repeat filter: the backend reports every decoded frame, so the watchdog knows
 * the decoder works while one code stays in view, and the screen hears of that code once.
 */
import {
	NOT_TAKEN,
	SCAN_BOX_SHARE,
	createRepeatFilter,
	type RepeatFilter,
	type CameraScanner,
	type ScanOutcome
} from './scanner.ts';

/**
 * How long the camera may run without decoding anything before it is restarted. A code held up
 * is read within a second; after 8 s without one decoded frame the decoder is stuck, or nobody
 * is there — a return station between guests then restarts every 8 s, a short blink.
 */
export const SCAN_STALL_MS = 8000;

/**
 * The scan box of each start, in turn: the usual one, then the whole viewfinder (also reads a
 * code held too close), then boxes in between; none smaller, which could cut a code held up.
 */
export const RESTART_BOX_SHARES = [SCAN_BOX_SHARE, 1, 0.9, 0.85, 0.95] as const;

/** Performance mark of each restart (the browser tests count them). */
export const WATCHDOG_RESTART_MARK = 'scanner:watchdog-restart';

export interface WatchdogOptions {
	/** Default `SCAN_STALL_MS` (a device may set its own: `SCAN_STALL_KEY` in `scanner.ts`). */
	stallMs?: number;
}

export function superviseCamera(
	camera: CameraScanner,
	{ stallMs = SCAN_STALL_MS }: WatchdogOptions = {}
): CameraScanner {
	return new SupervisedCamera(camera, stallMs);
}

class SupervisedCamera implements CameraScanner {
	readonly #camera: CameraScanner;
	readonly #stallMs: number;
	#timer: ReturnType<typeof setTimeout> | undefined;
	/**
	 * Bumped by every start and stop: a restart, a decoded frame or a settled read that belongs
	 * to an earlier run finds another number and does nothing.
	 */
	#run = 0;
	/** The camera runs (its start resolved, no stop since, not restarting). */
	#running = false;
	/** Reads the screen is still processing: no restart meanwhile (it would blink the preview). */
	#processing = 0;
	/** What the countdown does when it runs out: restart the current run's camera. */
	#onStall: () => void = () => {};
	/** The torch as last asked for: a restarted camera gets it again. */
	#torchOn = false;

	constructor(camera: CameraScanner, stallMs: number) {
		this.#camera = camera;
		this.#stallMs = stallMs;
	}

	async start(element: HTMLElement, onScan: (value: string) => ScanOutcome): Promise<void> {
		const run = this.#begin();
		const seen = createRepeatFilter();
		const onDecoded = (value: string) => {
			if (run !== this.#run) return;
			this.#arm();
			if (seen.fresh(value, performance.now())) this.#process(run, value, onScan(value), seen);
		};
		await this.#camera.start(element, onDecoded, RESTART_BOX_SHARES[0]);
		if (run !== this.#run) return;
		let restarts = 0;
		this.#onStall = () => {
			restarts += 1;
			const share = RESTART_BOX_SHARES[restarts % RESTART_BOX_SHARES.length];
			void this.#restart(run, () => this.#camera.start(element, onDecoded, share));
		};
		this.#running = true;
		this.#arm();
	}

	stop(): Promise<void> {
		this.#begin();
		return this.#camera.stop();
	}

	async selectCamera(id: string): Promise<void> {
		this.#disarm();
		await this.#camera.selectCamera(id);
		this.#arm();
	}

	cameras() {
		return this.#camera.cameras();
	}

	activeCameraId() {
		return this.#camera.activeCameraId();
	}

	torchSupported() {
		return this.#camera.torchSupported();
	}

	async torch(on: boolean): Promise<void> {
		await this.#camera.torch(on);
		this.#torchOn = on;
	}

	decoder() {
		return this.#camera.decoder();
	}

	/** A new run (start or stop): whatever the last one left pending is void. */
	#begin(): number {
		this.#disarm();
		this.#running = false;
		this.#processing = 0;
		this.#torchOn = false;
		this.#onStall = () => {};
		return ++this.#run;
	}

	/** (Re)starts the countdown, unless the camera is off or a read is being processed. */
	#arm(): void {
		this.#disarm();
		if (!this.#running || this.#processing > 0) return;
		this.#timer = setTimeout(() => {
			this.#timer = undefined;
			this.#onStall();
		}, this.#stallMs);
	}

	#disarm(): void {
		clearTimeout(this.#timer);
		this.#timer = undefined;
	}

	/**
	 * A read the screen answers with a promise holds the watchdog until it settles; a read the
	 * screen did not take is offered again by the next frame that shows it.
	 */
	#process(run: number, value: string, outcome: ScanOutcome, seen: RepeatFilter): void {
		if (outcome === NOT_TAKEN) seen.forget(value);
		if (!isPromiseLike(outcome)) return;
		this.#processing += 1;
		this.#disarm();
		const settled = (answer?: unknown) => {
			if (run !== this.#run) return;
			if (answer === NOT_TAKEN) seen.forget(value);
			this.#processing -= 1;
			this.#arm();
		};
		outcome.then(settled, () => settled());
	}

	async #restart(run: number, start: () => Promise<void>): Promise<void> {
		performance.mark(WATCHDOG_RESTART_MARK);
		// Not running while it restarts: a read settling meanwhile starts no second countdown.
		this.#running = false;
		try {
			await this.#camera.stop();
			if (run !== this.#run) return;
			await start();
			if (this.#torchOn && run === this.#run) await this.#camera.torch(true);
		} catch {
			// The camera went away meanwhile: the next countdown tries again.
		}
		if (run !== this.#run) return;
		this.#running = true;
		this.#arm();
	}
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
	return (
		typeof value === 'object' &&
		value !== null &&
		typeof (value as { then?: unknown }).then === 'function'
	);
}
