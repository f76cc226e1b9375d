import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Settings } from './settings.ts';
import type { Store } from './store/store.ts';
import { ENGINES, openTestStore } from './store/testing/test-stores.ts';

const schema = z.object({ seats: z.int().min(1) });

describe.each(ENGINES)('a typed setting on %s', (engine) => {
	let store: Store;
	let settings: Settings;

	beforeEach(async () => {
		store = await openTestStore(engine);
		settings = new Settings(store);
	});
	afterEach(() => store.close());

	it('reads the fallback until saved, then what was saved, through its schema', async () => {
		const seats = settings.typed('seats', schema, { seats: 4 });
		expect(await seats.read()).toEqual({ seats: 4 });
		await seats.save({ seats: 6 });
		expect(await seats.read()).toEqual({ seats: 6 });
		expect(await settings.get('seats')).toEqual({ seats: 6 });
	});

	it('reads a stored value the schema no longer takes, or null, as the fallback', async () => {
		const seats = settings.typed('seats', schema, { seats: 4 });
		await settings.set('seats', { seats: 0 });
		expect(await seats.read()).toEqual({ seats: 4 });
		await settings.set('seats', null);
		expect(await seats.read()).toEqual({ seats: 4 });
	});

	it('hands every reader a fallback of its own', async () => {
		const seats = settings.typed('seats', schema, { seats: 4 });
		(await seats.read()).seats = 5;
		expect(await seats.read()).toEqual({ seats: 4 });
	});

	it('gives its entry for setWith: stored with the work, in one transaction', async () => {
		const seats = settings.typed('seats', schema, { seats: 4 });
		await settings.setWith(seats.entry({ seats: 8 }), async () => undefined);
		expect(await seats.read()).toEqual({ seats: 8 });
	});
});
