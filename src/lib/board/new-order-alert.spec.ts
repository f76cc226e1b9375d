import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHIME, CONFIRMATION } from './chime.ts';
import {
	NewOrderAlert,
	REPEAT_MS,
	SOUND_STORAGE_KEY,
	type NewOrderAlertOptions
} from './new-order-alert.svelte.ts';
import type { StorageLike } from './remembered-sound.svelte.ts';
import { FakeAudioContext } from './testing/fake-audio.ts';
import { MemoryStorage } from './testing/memory-storage.ts';

const CHIME_HZ = CHIME[0]!.frequency;
const CONFIRMATION_HZ = CONFIRMATION[0]!.frequency;

let context: FakeAudioContext;
let contextsCreated: number;
let storage: MemoryStorage;

function board(options: NewOrderAlertOptions = {}) {
	return new NewOrderAlert({
		createAudioContext: () => {
			contextsCreated += 1;
			return context;
		},
		storage,
		...options
	});
}

/** How many times the chime started. */
const chimes = () => context.played().filter((hz) => hz === CHIME_HZ).length;

/** A board whose sound staff switched on with a tap. */
async function withSound(options: NewOrderAlertOptions = {}) {
	const alert = board(options);
	await alert.enableSound();
	return alert;
}

beforeEach(() => {
	vi.useFakeTimers();
	context = new FakeAudioContext();
	contextsCreated = 0;
	storage = new MemoryStorage();
});

afterEach(() => {
	vi.useRealTimers();
});

describe('NewOrderAlert', () => {
	it('starts quiet: sound off, nothing to flash, no audio created before a tap', () => {
		const alert = board();
		expect(alert.soundEnabled).toBe(false);
		expect(alert.needsGesture).toBe(false);
		expect(alert.flashing).toBe(false);
		expect(alert.unacknowledged).toEqual([]);
		expect(contextsCreated).toBe(0);
	});

	it('a tap on "sound on" starts the audio, confirms with a short tone and is remembered', async () => {
		const alert = board();
		const enabling = alert.enableSound();
		// Within the tap: the audio was asked to start before anything was awaited.
		expect(context.resumeCalls).toBe(1);
		expect(context.played()).toEqual([]); // not on the suspended clock
		await expect(enabling).resolves.toBe(true);
		expect(alert.soundEnabled).toBe(true);
		expect(alert.needsGesture).toBe(false);
		expect(context.played()).toEqual([CONFIRMATION_HZ]);
		expect(storage.getItem(SOUND_STORAGE_KEY)).toBe('on');
	});

	it('a new order chimes at once and every repeatMs until it is acknowledged', async () => {
		const alert = await withSound();
		alert.notify(['app:1']);
		expect(alert.flashing).toBe(true);
		expect(alert.unacknowledged).toEqual(['app:1']);
		expect(chimes()).toBe(1);
		vi.advanceTimersByTime(REPEAT_MS - 1);
		expect(chimes()).toBe(1);
		vi.advanceTimersByTime(1);
		expect(chimes()).toBe(2);
		vi.advanceTimersByTime(REPEAT_MS * 3);
		expect(chimes()).toBe(5);
		alert.acknowledge();
		expect(alert.flashing).toBe(false);
		expect(alert.unacknowledged).toEqual([]);
		vi.advanceTimersByTime(REPEAT_MS * 5);
		expect(chimes()).toBe(5);
		expect(vi.getTimerCount()).toBe(0);
	});

	it('repeats at the interval it is given', async () => {
		const alert = await withSound({ repeatMs: 1000 });
		alert.notify(['app:1']);
		vi.advanceTimersByTime(3000);
		expect(chimes()).toBe(4);
	});

	it('keeps alerting until the last of several orders is acknowledged', async () => {
		const alert = await withSound();
		alert.notify(['app:1', 'kiosk:2']);
		alert.acknowledge('app:1');
		expect(alert.unacknowledged).toEqual(['kiosk:2']);
		expect(alert.flashing).toBe(true);
		vi.advanceTimersByTime(REPEAT_MS);
		expect(chimes()).toBe(2);
		alert.acknowledge('kiosk:2');
		expect(alert.flashing).toBe(false);
		vi.advanceTimersByTime(REPEAT_MS * 3);
		expect(chimes()).toBe(2);
	});

	it('acknowledging an order it does not know changes nothing', async () => {
		const alert = await withSound();
		alert.notify(['app:1']);
		alert.acknowledge('app:9');
		expect(alert.unacknowledged).toEqual(['app:1']);
		vi.advanceTimersByTime(REPEAT_MS);
		expect(chimes()).toBe(2);
	});

	it('another order chimes at once and the repeat counts from it; one already pending does not', async () => {
		const alert = await withSound();
		alert.notify(['app:1']);
		vi.advanceTimersByTime(REPEAT_MS - 500);
		alert.notify(['app:1']); // the board reloaded: the same order is still new
		expect(chimes()).toBe(1);
		alert.notify(['kiosk:2', 'kiosk:2', 'app:1']);
		expect(chimes()).toBe(2);
		expect(alert.unacknowledged).toEqual(['app:1', 'kiosk:2']);
		vi.advanceTimersByTime(500);
		expect(chimes()).toBe(2); // not twice in a row
		vi.advanceTimersByTime(REPEAT_MS - 500);
		expect(chimes()).toBe(3);
		expect(vi.getTimerCount()).toBe(1);
	});

	it('nothing to notify changes nothing', async () => {
		const alert = await withSound();
		alert.notify([]);
		expect(alert.flashing).toBe(false);
		expect(chimes()).toBe(0);
		expect(vi.getTimerCount()).toBe(0);
	});

	it('with the sound off it flashes without a sound, and chimes at the next turn once switched on', async () => {
		const alert = board();
		alert.notify(['app:1']);
		expect(alert.flashing).toBe(true);
		vi.advanceTimersByTime(REPEAT_MS * 3);
		expect(contextsCreated).toBe(0);
		expect(context.played()).toEqual([]);
		await alert.enableSound();
		vi.advanceTimersByTime(REPEAT_MS);
		expect(chimes()).toBe(1);
		alert.disableSound();
		vi.advanceTimersByTime(REPEAT_MS * 3);
		expect(chimes()).toBe(1);
		expect(alert.flashing).toBe(true);
		expect(storage.getItem(SOUND_STORAGE_KEY)).toBe('off');
	});

	it('after a reload it remembers that sound was on, and asks for a tap to let it play', async () => {
		storage.setItem(SOUND_STORAGE_KEY, 'on');
		context.resumeAllowed = false; // the browser, before anyone touched the reloaded page
		const alert = board();
		expect(alert.soundEnabled).toBe(true);
		expect(alert.needsGesture).toBe(true);
		alert.notify(['app:1']);
		await vi.advanceTimersByTimeAsync(0);
		expect(alert.needsGesture).toBe(true);
		expect(alert.flashing).toBe(true);

		context.resumeAllowed = true; // someone taps the board
		await expect(alert.resumeAudio()).resolves.toBe(true);
		expect(alert.needsGesture).toBe(false);
		vi.advanceTimersByTime(REPEAT_MS);
		expect(chimes()).toBe(1);
		expect(contextsCreated).toBe(1);
	});

	it('chimes held back while the browser blocks the audio do not all sound once it runs', async () => {
		storage.setItem(SOUND_STORAGE_KEY, 'on');
		context.resumeAllowed = false;
		const alert = board();
		alert.notify(['app:1']);
		await vi.advanceTimersByTimeAsync(REPEAT_MS * 10);
		expect(context.played()).toEqual([]);
		context.resumeAllowed = true;
		await alert.resumeAudio();
		expect(context.played()).toEqual([]); // unlocking is silent
		await vi.advanceTimersByTimeAsync(REPEAT_MS);
		expect(chimes()).toBe(1);
	});

	it('a tap that cannot start the audio says so, and the board keeps asking', async () => {
		context.resumeAllowed = false;
		const alert = board();
		await expect(alert.enableSound()).resolves.toBe(false);
		expect(alert.soundEnabled).toBe(true);
		expect(alert.needsGesture).toBe(true);
	});

	it('asks for a tap again when the browser suspends the audio by itself', async () => {
		const alert = await withSound();
		context.changeState('suspended'); // the tablet slept
		expect(alert.needsGesture).toBe(true);
		context.changeState('running');
		expect(alert.needsGesture).toBe(false);
	});

	it('a tap elsewhere does not switch on sound that staff switched off', async () => {
		storage.setItem(SOUND_STORAGE_KEY, 'off');
		const alert = board();
		expect(alert.soundEnabled).toBe(false);
		await expect(alert.resumeAudio()).resolves.toBe(false);
		expect(contextsCreated).toBe(0);
		expect(alert.needsGesture).toBe(false);
	});

	it('the self-test chimes once, also with the sound off, and says whether the audio ran', async () => {
		const alert = board();
		await expect(alert.selfTest()).resolves.toBe(true);
		expect(context.played()).toEqual(CHIME.map((tone) => tone.frequency));
		expect(alert.soundEnabled).toBe(false);
		vi.advanceTimersByTime(REPEAT_MS * 3);
		expect(chimes()).toBe(1);

		context.changeState('suspended');
		context.resumeAllowed = false;
		await expect(alert.selfTest()).resolves.toBe(false);
	});

	it('without Web Audio it still flashes, and the self-test says there is no sound', async () => {
		const alert = board({
			createAudioContext: () => {
				throw new ReferenceError('AudioContext is not defined');
			}
		});
		await expect(alert.enableSound()).resolves.toBe(false);
		expect(alert.needsGesture).toBe(true);
		alert.notify(['app:1']);
		expect(alert.flashing).toBe(true);
		await expect(alert.selfTest()).resolves.toBe(false);
	});

	it('works without storage, and when storage refuses', async () => {
		const refusing: StorageLike = {
			getItem: () => {
				throw new DOMException('denied', 'SecurityError');
			},
			setItem: () => {
				throw new DOMException('full', 'QuotaExceededError');
			}
		};
		for (const alert of [board({ storage: null }), board({ storage: refusing })]) {
			expect(alert.soundEnabled).toBe(false);
			await expect(alert.enableSound()).resolves.toBe(true);
			expect(alert.soundEnabled).toBe(true);
		}
	});

	it('destroy stops the alert and releases the audio', async () => {
		const alert = await withSound();
		alert.notify(['app:1']);
		alert.destroy();
		expect(context.closed).toBe(true);
		expect(alert.flashing).toBe(false);
		expect(vi.getTimerCount()).toBe(0);
	});

	it('uses the timers it is given', async () => {
		let repeat = () => {};
		const cleared: unknown[] = [];
		const alert = await withSound({
			timers: {
				setInterval: (callback) => {
					repeat = callback;
					return 'the repeat';
				},
				clearInterval: (handle) => void cleared.push(handle)
			}
		});
		alert.notify(['app:1']);
		repeat();
		expect(chimes()).toBe(2);
		alert.acknowledge();
		expect(cleared).toContain('the repeat');
	});
});
