import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOT_TAKEN, type CameraScanner, type ScanOutcome } from './scanner.ts';
import { RESTART_BOX_SHARES, SCAN_STALL_MS, superviseCamera } from './watchdog.ts';

/** A camera backend that records what it was asked and decodes what the test shows it. */
class FakeCamera implements CameraScanner {
	readonly calls: string[] = [];
	#onDecoded: ((value: string) => ScanOutcome) | null = null;
	/** What the next start or stop does (resolves at once unless a test says otherwise). */
	nextStart: () => Promise<void> = () => Promise.resolve();
	nextStop: () => Promise<void> = () => Promise.resolve();

	async start(_element: HTMLElement, onDecoded: (value: string) => ScanOutcome, share?: number) {
		this.calls.push(`start ${share}`);
		this.#onDecoded = onDecoded;
		await this.nextStart();
	}
	async stop() {
		this.calls.push('stop');
		this.#onDecoded = null;
		await this.nextStop();
	}
	/** A frame in which the decoder read `value`. */
	decode(value: string) {
		this.#onDecoded?.(value);
	}
	/** The callback of the last start, kept by a frame of an earlier run still in flight. */
	callback() {
		return this.#onDecoded;
	}
	cameras() {
		return [{ id: 'cam', label: 'Back Camera' }];
	}
	activeCameraId() {
		return 'cam';
	}
	async selectCamera(id: string) {
		this.calls.push(`select ${id}`);
	}
	torchSupported() {
		return false;
	}
	async torch(on: boolean) {
		this.calls.push(`torch ${on}`);
	}
	decoder() {
		return 'javascript' as const;
	}
}

const STALL = 1000;
const element = {} as HTMLElement;

function deferred() {
	let resolve!: () => void;
	let reject!: (error: unknown) => void;
	const promise = new Promise<void>((res, rej) => {
		resolve = res;
		reject = rej;
	});
	return { promise, resolve, reject };
}

let camera: FakeCamera;
let scanner: CameraScanner;
let reads: string[];

beforeEach(() => {
	vi.useFakeTimers();
	camera = new FakeCamera();
	scanner = superviseCamera(camera, { stallMs: STALL });
	reads = [];
});

afterEach(() => {
	vi.useRealTimers();
});

const restarts = () => camera.calls.filter((call) => call === 'stop').length;

describe('superviseCamera', () => {
	it('restarts a camera that decodes nothing for the stall time, again each stall time', async () => {
		await scanner.start(element, (value) => void reads.push(value));
		await vi.advanceTimersByTimeAsync(STALL - 1);
		expect(camera.calls).toEqual(['start 0.8']);
		await vi.advanceTimersByTimeAsync(1);
		expect(camera.calls).toEqual(['start 0.8', 'stop', 'start 1']);
		await vi.advanceTimersByTimeAsync(STALL * 5);
		// Each restart with the next scan box, round and round.
		expect(RESTART_BOX_SHARES).toEqual([0.8, 1, 0.9, 0.85, 0.95]);
		expect(camera.calls.filter((call) => call !== 'stop')).toEqual([
			'start 0.8',
			'start 1',
			'start 0.9',
			'start 0.85',
			'start 0.95',
			'start 0.8',
			'start 1'
		]);
		expect(restarts()).toBe(6);
		// One countdown at a time.
		expect(vi.getTimerCount()).toBe(1);
		// The restarted camera delivers to the screen as before.
		camera.decode('code');
		expect(reads).toEqual(['code']);
	});

	it('waits 8 s by default', async () => {
		expect(SCAN_STALL_MS).toBe(8000);
		scanner = superviseCamera(camera);
		await scanner.start(element, () => {});
		await vi.advanceTimersByTimeAsync(SCAN_STALL_MS - 1);
		expect(restarts()).toBe(0);
		await vi.advanceTimersByTimeAsync(1);
		expect(restarts()).toBe(1);
	});

	it('counts from when the camera runs, not from when it was asked to start', async () => {
		const opening = deferred();
		camera.nextStart = () => opening.promise;
		const started = scanner.start(element, () => {});
		await vi.advanceTimersByTimeAsync(STALL * 3); // the camera permission prompt
		expect(camera.calls).toEqual(['start 0.8']);
		opening.resolve();
		await started;
		await vi.advanceTimersByTimeAsync(STALL - 1);
		expect(restarts()).toBe(0);
		await vi.advanceTimersByTimeAsync(1);
		expect(restarts()).toBe(1);
	});

	it('does not restart while the decoder reads, even a code the screen already has', async () => {
		await scanner.start(element, (value) => void reads.push(value));
		for (let i = 0; i < 10; i++) {
			await vi.advanceTimersByTimeAsync(STALL - 100);
			camera.decode('code'); // the same code held up: decoded, not delivered again
		}
		expect(restarts()).toBe(0);
		expect(reads).toEqual(['code']);
		await vi.advanceTimersByTimeAsync(STALL);
		expect(restarts()).toBe(1);
	});

	it('does not restart while the screen processes a read; counts again once it is done', async () => {
		const processing = deferred();
		await scanner.start(element, (value) => {
			reads.push(value);
			return processing.promise;
		});
		camera.decode('key');
		// The guest holds the code a moment longer, then takes it away; the server is slow.
		for (let i = 0; i < 5; i++) {
			await vi.advanceTimersByTimeAsync(100);
			camera.decode('key');
		}
		await vi.advanceTimersByTimeAsync(STALL * 5);
		expect(reads).toEqual(['key']);
		expect(restarts()).toBe(0);
		expect(vi.getTimerCount()).toBe(0);
		processing.resolve();
		await vi.advanceTimersByTimeAsync(STALL - 1);
		expect(restarts()).toBe(0);
		await vi.advanceTimersByTimeAsync(1);
		expect(restarts()).toBe(1);
	});

	it('counts again after a read whose processing failed', async () => {
		const processing = deferred();
		await scanner.start(element, () => processing.promise);
		camera.decode('key');
		await vi.advanceTimersByTimeAsync(STALL * 2);
		expect(restarts()).toBe(0);
		processing.reject(new Error('the server said no'));
		await vi.advanceTimersByTimeAsync(STALL);
		expect(restarts()).toBe(1);
	});

	it('a read the screen did not take is delivered again by the next frame that shows it', async () => {
		let paused = true;
		await scanner.start(element, (value) => {
			reads.push(value);
			return paused ? NOT_TAKEN : undefined;
		});
		camera.decode('code');
		camera.decode('code');
		expect(reads).toEqual(['code', 'code']); // refused each time while paused
		paused = false;
		camera.decode('code');
		camera.decode('code'); // taken now: held up, it is not delivered again
		expect(reads).toEqual(['code', 'code', 'code']);
	});

	it('a read whose processing ends in "not taken" is delivered again; a taken one is not', async () => {
		let answer: ScanOutcome = Promise.resolve(NOT_TAKEN);
		await scanner.start(element, (value) => {
			reads.push(value);
			return answer;
		});
		camera.decode('code');
		await vi.advanceTimersByTimeAsync(0);
		answer = Promise.resolve();
		camera.decode('code');
		await vi.advanceTimersByTimeAsync(0);
		camera.decode('code');
		expect(reads).toEqual(['code', 'code']);
	});

	it('stops with the scanner: no countdown left, and nothing restarts it afterwards', async () => {
		const processing = deferred();
		await scanner.start(element, () => processing.promise);
		camera.decode('key');
		await vi.advanceTimersByTimeAsync(100);
		camera.decode('key');
		await scanner.stop();
		expect(vi.getTimerCount()).toBe(0);
		processing.resolve(); // the screen finishes a read after the scanner stopped
		await vi.advanceTimersByTimeAsync(STALL * 5);
		expect(camera.calls).toEqual(['start 0.8', 'stop']);
		expect(vi.getTimerCount()).toBe(0);
	});

	it('a read of an earlier run that settles does not end the hold of the current one', async () => {
		const first = deferred();
		const second = deferred();
		await scanner.start(element, () => first.promise);
		camera.decode('key');
		await scanner.stop();
		await scanner.start(element, () => second.promise);
		camera.decode('key');
		first.resolve();
		await vi.advanceTimersByTimeAsync(STALL * 3);
		expect(restarts()).toBe(1); // the stop above only
		second.resolve();
		await vi.advanceTimersByTimeAsync(STALL);
		expect(restarts()).toBe(2);
	});

	it('stopping leaves no countdown behind', async () => {
		await scanner.start(element, () => {});
		expect(vi.getTimerCount()).toBe(1);
		await scanner.stop();
		expect(vi.getTimerCount()).toBe(0);
	});

	it('a slow restart is not restarted again meanwhile, even when a frame arrives', async () => {
		await scanner.start(element, () => {});
		const opening = deferred();
		camera.nextStart = () => opening.promise;
		await vi.advanceTimersByTimeAsync(STALL); // the restart begins
		camera.decode('first frame of the new start');
		await vi.advanceTimersByTimeAsync(STALL * 3);
		expect(camera.calls).toEqual(['start 0.8', 'stop', 'start 1']);
		opening.resolve();
		await vi.advanceTimersByTimeAsync(STALL);
		expect(camera.calls).toEqual(['start 0.8', 'stop', 'start 1', 'stop', 'start 0.9']);
	});

	it('a stop while the restart opens the camera leaves no countdown', async () => {
		await scanner.start(element, () => {});
		const opening = deferred();
		camera.nextStart = () => opening.promise;
		await vi.advanceTimersByTimeAsync(STALL);
		await scanner.stop();
		opening.resolve();
		await vi.advanceTimersByTimeAsync(0);
		expect(vi.getTimerCount()).toBe(0);
	});

	it('a stop during a restart wins: the camera is not started again', async () => {
		await scanner.start(element, () => {});
		const closing = deferred();
		camera.nextStop = () => closing.promise;
		await vi.advanceTimersByTimeAsync(STALL); // the restart begins: stop pending
		expect(camera.calls).toEqual(['start 0.8', 'stop']);
		camera.nextStop = () => Promise.resolve();
		const stopped = scanner.stop();
		closing.resolve();
		await stopped;
		await vi.advanceTimersByTimeAsync(STALL * 5);
		expect(camera.calls).toEqual(['start 0.8', 'stop', 'stop']);
		expect(vi.getTimerCount()).toBe(0);
	});

	it('a camera that fails to start has no countdown; one that fails on a restart is tried again', async () => {
		camera.nextStart = () => Promise.reject(new Error('denied'));
		await expect(scanner.start(element, () => {})).rejects.toThrow('denied');
		await vi.advanceTimersByTimeAsync(STALL * 3);
		expect(camera.calls).toEqual(['start 0.8']);
		expect(vi.getTimerCount()).toBe(0);

		camera.nextStart = () => Promise.resolve();
		await scanner.start(element, () => {});
		camera.nextStart = () => Promise.reject(new Error('unplugged'));
		await vi.advanceTimersByTimeAsync(STALL);
		expect(camera.calls).toEqual(['start 0.8', 'start 0.8', 'stop', 'start 1']);
		camera.nextStart = () => Promise.resolve();
		await vi.advanceTimersByTimeAsync(STALL);
		expect(camera.calls).toEqual([
			'start 0.8',
			'start 0.8',
			'stop',
			'start 1',
			'stop',
			'start 0.9'
		]);
	});

	it('a frame of an earlier run reaches neither the screen nor the countdown', async () => {
		await scanner.start(element, (value) => void reads.push(value));
		const earlier = camera.callback()!;
		await scanner.stop();
		await scanner.start(element, (value) => void reads.push(`new ${value}`));
		await vi.advanceTimersByTimeAsync(STALL - 100);
		earlier('late frame');
		await vi.advanceTimersByTimeAsync(100);
		expect(reads).toEqual([]);
		expect(restarts()).toBe(2); // the stop above and the watchdog's
	});

	it('a restarted camera gets the torch again if it was on', async () => {
		await scanner.start(element, () => {});
		await scanner.torch(true);
		await vi.advanceTimersByTimeAsync(STALL);
		await scanner.torch(false);
		await vi.advanceTimersByTimeAsync(STALL);
		expect(camera.calls).toEqual([
			'start 0.8',
			'torch true',
			'stop',
			'start 1',
			'torch true',
			'torch false',
			'stop',
			'start 0.9'
		]);
	});

	it('switching cameras counts afresh', async () => {
		await scanner.start(element, () => {});
		await vi.advanceTimersByTimeAsync(STALL - 100);
		await scanner.selectCamera('front');
		await vi.advanceTimersByTimeAsync(STALL - 1);
		expect(camera.calls).toEqual(['start 0.8', 'select front']);
		await vi.advanceTimersByTimeAsync(1);
		expect(camera.calls).toEqual(['start 0.8', 'select front', 'stop', 'start 1']);
	});
});
