import { describe, expect, it } from 'vitest';
import { Settings } from '../settings.ts';
import { openDatabase } from '../store/database.ts';
import { returnSettings, returnSettingsFromForm, saveReturnSettings } from './return-settings.ts';

const form = (values: Record<string, string>) => {
	const data = new FormData();
	for (const [name, value] of Object.entries(values)) data.set(name, value);
	return data;
};
const valid = { staffAttended: 'on', returnIdleSeconds: '90', resultSeconds: '20' };

describe('return station settings', () => {
	it('start unattended, 60 s idle, 15 s result', () => {
		expect(returnSettings(new Settings(openDatabase(':memory:')))).toEqual({
			staffAttended: false,
			idleSeconds: 60,
			resultSeconds: 15
		});
	});

	it('read the form and are saved', () => {
		const parsed = returnSettingsFromForm(form(valid), true);
		expect(parsed).toEqual({
			ok: true,
			values: { staffAttended: true, idleSeconds: 90, resultSeconds: 20 }
		});
		const settings = new Settings(openDatabase(':memory:'));
		saveReturnSettings(settings, parsed.ok ? parsed.values : returnSettings(settings));
		expect(returnSettings(settings)).toEqual({
			staffAttended: true,
			idleSeconds: 90,
			resultSeconds: 20
		});
	});

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
