import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Settings } from '../settings.ts';
import type { Store } from '../store/store.ts';
import { ENGINES, openTestStore } from '../store/testing/test-stores.ts';
import { returnSettings, returnSettingsFromForm, saveReturnSettings } from './return-settings.ts';

const form = (values: Record<string, string>) => {
	const data = new FormData();
	for (const [name, value] of Object.entries(values)) data.set(name, value);
	return data;
};
const valid = { staffAttended: 'on', returnIdleSeconds: '90', resultSeconds: '20' };

describe.each(ENGINES)('return station settings on %s', (engine) => {
	let store: Store;
	beforeEach(async () => {
		store = await openTestStore(engine);
	});
	afterEach(() => store.close());

	it('start unattended, 60 s idle, 15 s result', async () => {
		expect(await returnSettings(new Settings(store))).toEqual({
			staffAttended: false,
			idleSeconds: 60,
			resultSeconds: 15
		});
	});

	it('read the form and are saved', async () => {
		const parsed = returnSettingsFromForm(form(valid), true);
		expect(parsed).toEqual({
			ok: true,
			values: { staffAttended: true, idleSeconds: 90, resultSeconds: 20 }
		});
		const settings = new Settings(store);
		await saveReturnSettings(settings, parsed.ok ? parsed.values : await returnSettings(settings));
		expect(await returnSettings(settings)).toEqual({
			staffAttended: true,
			idleSeconds: 90,
			resultSeconds: 20
		});
	});
});

describe('the return station settings form', () => {
	it('an unchecked box is unattended', () => {
		const unchecked = form(valid);
		unchecked.delete('staffAttended');
		expect(returnSettingsFromForm(unchecked, false)).toMatchObject({
			ok: true,
			values: { staffAttended: false }
		});
	});

	it('staff-attended mode needs the screen PIN staff confirm with', () => {
		expect(returnSettingsFromForm(form(valid), false)).toEqual({ ok: false, problem: 'needs-pin' });
	});

	it.each([
		{ returnIdleSeconds: '19' },
		{ returnIdleSeconds: '3601' },
		{ resultSeconds: '4' },
		{ resultSeconds: '121' },
		{ resultSeconds: '1e1' },
		{ resultSeconds: '' },
		{ staffAttended: 'yes' }
	])('refuse %o', (change) => {
		expect(returnSettingsFromForm(form({ ...valid, ...change }), true)).toEqual({
			ok: false,
			problem: 'invalid'
		});
	});
});
