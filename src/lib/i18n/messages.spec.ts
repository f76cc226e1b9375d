import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import settings from '../../../project.inlang/settings.json' with { type: 'json' };
import { STAFF_LOCALES } from '#lib/shared/staff-languages.ts';
import { LANGUAGE_NAMES } from './languages.ts';
import { guestMessages } from './testing/guest-messages.ts';

type Catalogue = Record<string, string>;

const catalogue = (locale: string): Catalogue => {
	const messages = JSON.parse(
		readFileSync(join(import.meta.dirname, '..', '..', '..', 'messages', `${locale}.json`), 'utf8')
	) as Catalogue;
	delete messages.$schema;
	return messages;
};
const english = catalogue('en');
const placeholders = (text: string) =>
	[...text.matchAll(/\{(\w+)\}/g)].map(([, name]) => name).sort();

/**
 * Words that are the same in English and in a guest language, so a translation may equal the
 * English text when it says nothing else: the product's name, and words these languages share.
 */
const SAME_AS_ENGLISH = new Set([
	'Venue',
	'Kiosk',
	'Total',
	'Menu',
	'Lupin',
	'Volume',
	'Details',
	'camera'
]);
const wordsOf = (text: string) => text.replace(/\{\w+\}/g, ' ').match(/\p{L}+/gu) ?? [];
/** Nothing to translate: only placeholders and signs, or only words the languages share. */
const sameInEveryLanguage = (text: string) =>
	wordsOf(text).every((word) => SAME_AS_ENGLISH.has(word));

const guest = guestMessages();
const guestKeys = [...guest.keys()].sort();
const guestOnlyLocales = settings.locales.filter(
	(locale) => !STAFF_LOCALES.includes(locale as never)
);

describe('the languages', () => {
	it('are the six of the guest screens, each named in itself; staff screens speak two', () => {
		expect(settings.locales).toEqual(['en', 'de', 'fr', 'es', 'it', 'nl']);
		expect(Object.keys(LANGUAGE_NAMES)).toEqual(settings.locales);
		expect(STAFF_LOCALES).toEqual(['en', 'de']);
	});
});

describe('the messages a guest can see', () => {
	it('are found from the guest screens, and only there', () => {
		for (const key of [
			'kiosk_attract_start',
			'kiosk_failure_card_declined', // through the failure messages' module
			'screen_exit_wrong_pin', // the exit dialog, loaded later
			'a11y_keypad_help', // the accessibility panel
			'allergen_milk', // a #lib/shared label
			'return_failure_pin_wrong',
			'pickup_ready',
			'error_generic',
			'receipt_copy' // the printed receipt
		]) {
			expect(guest.has(key), key).toBe(true);
		}
		for (const key of ['setup_title', 'audit_title', 'board_title', 'report_title']) {
			expect(guest.has(key), key).toBe(false);
		}
	});

	it('are all messages of the English catalogue', () => {
		expect(guestKeys.filter((key) => !(key in english))).toEqual([]);
	});
});

describe.each(STAFF_LOCALES)('%s (a staff language)', (locale) => {
	const messages = catalogue(locale);

	it('has every message, and no other', () => {
		expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
	});

	it.each(Object.keys(english))('%s: said, with the same inputs', (key) => {
		expect(messages[key]?.trim()).toBeTruthy();
		expect(placeholders(messages[key]!)).toEqual(placeholders(english[key]!));
	});
});

describe.each(guestOnlyLocales)('%s (a guest language)', (locale) => {
	const messages = catalogue(locale);

	it('has every message a guest can see, and no other (staff pages are never in it)', () => {
		expect(Object.keys(messages).sort()).toEqual(guestKeys);
	});

	it.each(guestKeys)('%s: translated, with the same inputs', (key) => {
		const text = messages[key];
		expect(text?.trim(), `${key} is missing (shown by ${guest.get(key)})`).toBeTruthy();
		expect(placeholders(text!)).toEqual(placeholders(english[key]!));
		if (!sameInEveryLanguage(english[key]!)) expect(text).not.toBe(english[key]);
	});
});
