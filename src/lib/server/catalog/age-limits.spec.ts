import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { m } from '#lib/paraglide/messages.js';
import { DEFAULT_AGE_LIMITS, type AgeLimit } from '#lib/shared/age-limits.ts';
import { Settings } from '../settings.ts';
import type { Store } from '../store/store.ts';
import { ENGINES, openTestStore } from '../store/testing/test-stores.ts';
import {
	ageLimitsFromForm,
	COVERS_MAX,
	saveAgeLimits,
	storedAgeLimits,
	venueAgeLimits,
	type AgeLimitsFormContext
} from './age-limits.ts';

/** The form as setup's page posts it: an `age` per row and its texts per offered language. */
const form = (rows: { age: string; covers?: Record<string, string> }[]) => {
	const data = new FormData();
	rows.forEach(({ age, covers = {} }, row) => {
		data.append('age', age);
		for (const [locale, text] of Object.entries(covers)) data.set(`covers-${row}-${locale}`, text);
	});
	return data;
};

const GERMANY: AgeLimitsFormContext = {
	offered: ['en', 'de'],
	stored: DEFAULT_AGE_LIMITS.map(({ age }) => ({ age, covers: {} })),
	inUse: new Set([0, 16, 18])
};

const DEFAULT_18 = DEFAULT_AGE_LIMITS[1]!.covers;

describe('the setup page’s age limits form', () => {
	it('adds an age with its texts, ignores the empty new row, keeps the ages youngest first', () => {
		expect(
			ageLimitsFromForm(
				form([
					{ age: '18', covers: { en: DEFAULT_18.en!, de: DEFAULT_18.de! } },
					{ age: ' 16 ', covers: { en: '', de: '' } },
					{ age: '21', covers: { en: ' whisky, rum ', de: '' } },
					{ age: '', covers: { en: 'ignored', de: '' } }
				]),
				GERMANY
			)
		).toEqual({
			ok: true,
			values: [
				{ age: 16, covers: {} },
				{ age: 18, covers: {} },
				{ age: 21, covers: { en: 'whisky, rum' } }
			]
		});
	});

	it('keeps the venue’s own texts, and those of languages the form did not show', () => {
		const context: AgeLimitsFormContext = {
			...GERMANY,
			stored: [
				{ age: 16, covers: { fr: 'bière', de: 'alt' } },
				{ age: 18, covers: { nl: 'sterke drank' } }
			]
		};
		expect(
			ageLimitsFromForm(
				form([
					{ age: '16', covers: { en: 'beer and wine', de: 'Bier und Wein' } },
					{ age: '18', covers: { en: '', de: '' } }
				]),
				context
			)
		).toEqual({
			ok: true,
			values: [
				{ age: 16, covers: { fr: 'bière', en: 'beer and wine', de: 'Bier und Wein' } },
				{ age: 18, covers: { nl: 'sterke drank' } }
			]
		});
	});

	it('removes an age nothing is sold from', () => {
		const context = { ...GERMANY, inUse: new Set([0, 18]) };
		expect(ageLimitsFromForm(form([{ age: '' }, { age: '18' }]), context)).toEqual({
			ok: true,
			values: [{ age: 18, covers: {} }]
		});
	});

	it('refuses an age out of range or not a whole number, in the staff member’s words', () => {
		for (const age of ['11', '22', '16.5', 'abc', '-16'])
			expect(
				ageLimitsFromForm(form([{ age: '16' }, { age: '18' }, { age }]), GERMANY)
			).toMatchObject({
				ok: false,
				problems: [m.age_limits_bad_age({ value: age, min: 12, max: 21 })]
			});
	});

	it('refuses an age given twice', () => {
		expect(
			ageLimitsFromForm(form([{ age: '16' }, { age: '18' }, { age: '18' }]), GERMANY)
		).toMatchObject({ ok: false, problems: [m.age_limits_repeated({ age: 18 })] });
		expect(m.age_limits_repeated({ age: 18 }, { locale: 'de' })).toBe(
			'Alter 18 ist zweimal angegeben.'
		);
	});

	it('refuses to remove an age the menu still sells from', () => {
		expect(ageLimitsFromForm(form([{ age: '16' }, { age: '' }]), GERMANY)).toMatchObject({
			ok: false,
			problems: [m.age_limits_in_use({ age: 18 })]
		});
	});

	it('refuses a text longer than the limit', () => {
		expect(
			ageLimitsFromForm(
				form([{ age: '16', covers: { de: 'x'.repeat(COVERS_MAX + 1) } }, { age: '18' }]),
				GERMANY
			)
		).toMatchObject({ ok: false, problems: [m.age_limits_text_too_long({ max: COVERS_MAX })] });
	});

	it('gives a refused form back as typed, every row, for the page to show with the problem', () => {
		const typed = [
			{ age: '16', covers: { en: 'beer and wine', de: 'Bier und Wein' } },
			{ age: '', covers: { en: '', de: '' } },
			{ age: ' 25 ', covers: { en: 'whisky', de: '' } }
		];
		expect(ageLimitsFromForm(form(typed), GERMANY)).toEqual({
			ok: false,
			problems: [m.age_limits_bad_age({ value: '25', min: 12, max: 21 })],
			typed
		});
		expect(ageLimitsFromForm(form(typed.slice(0, 2)), GERMANY)).toEqual({
			ok: false,
			problems: [m.age_limits_in_use({ age: 18 })],
			typed: typed.slice(0, 2)
		});
	});
});

describe.each(ENGINES)('the venue’s age limits on %s', (engine) => {
	let store: Store;
	let settings: Settings;
	beforeEach(async () => {
		store = await openTestStore(engine);
		settings = new Settings(store);
	});
	afterEach(() => store.close());

	it('are Germany’s until the venue saves its own, with Germany’s texts where it wrote none', async () => {
		expect(await venueAgeLimits(settings)).toEqual(DEFAULT_AGE_LIMITS);
		const own: AgeLimit[] = [
			{ age: 18, covers: { en: 'spirits' } },
			{ age: 21, covers: { de: 'Whisky' } }
		];
		await saveAgeLimits(settings, own);
		expect(await storedAgeLimits(settings)).toEqual(own);
		expect(await venueAgeLimits(settings)).toEqual([
			{ age: 18, covers: { ...DEFAULT_18, en: 'spirits' } },
			{ age: 21, covers: { de: 'Whisky' } }
		]);
	});

	it('are Germany’s when what is stored no longer reads', async () => {
		await settings.set('menu-age-limits', [{ age: 'sixteen' }]);
		expect(await venueAgeLimits(settings)).toEqual(DEFAULT_AGE_LIMITS);
	});
});
