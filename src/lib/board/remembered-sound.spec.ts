import { describe, expect, it } from 'vitest';
import { CHIME, CONFIRMATION } from './chime.ts';
import { RememberedSound } from './remembered-sound.svelte.ts';
import { FakeAudioContext } from './testing/fake-audio.ts';
import { MemoryStorage } from './testing/memory-storage.ts';

const CHIME_HZ = CHIME[0]!.frequency;

describe('RememberedSound', () => {
	it('chimes only while wanted, and remembers the choice under its own key', async () => {
		const storage = new MemoryStorage();
		const context = new FakeAudioContext();
		const sound = new RememberedSound({
			storageKey: 'screen-a',
			storage,
			createAudioContext: () => context
		});
		expect(await sound.chime(CHIME)).toBe(false);
		expect(context.played()).toEqual([]);
		expect(await sound.enable(CONFIRMATION)).toBe(true);
		expect(await sound.chime(CHIME)).toBe(true);
		expect(context.played().filter((hz) => hz === CHIME_HZ)).toHaveLength(1);
		expect(storage.values).toEqual(new Map([['screen-a', 'on']]));
		// Another screen's choice is its own.
		expect(new RememberedSound({ storageKey: 'screen-b', storage }).enabled).toBe(false);
		sound.disable();
		expect(await sound.chime(CHIME)).toBe(false);
		expect(storage.values.get('screen-a')).toBe('off');
	});

	it('after a reload: wanted, held back until a tap, then playing', async () => {
		const storage = new MemoryStorage();
		storage.setItem('screen-a', 'on');
		const context = new FakeAudioContext();
		context.resumeAllowed = false; // no tap yet: the browser keeps the audio suspended
		const sound = new RememberedSound({
			storageKey: 'screen-a',
			storage,
			createAudioContext: () => context
		});
		expect(sound.enabled).toBe(true);
		expect(await sound.chime(CHIME)).toBe(false);
		expect(sound.needsGesture).toBe(true);
		context.resumeAllowed = true; // the tap
		expect(await sound.resume()).toBe(true);
		expect(sound.needsGesture).toBe(false);
		expect(context.played()).toEqual([]); // the chime held back does not sound late
	});
});
