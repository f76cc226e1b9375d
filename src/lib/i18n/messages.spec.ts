import { describe, expect, it } from 'vitest';
import de from '../../../messages/de.json' with { type: 'json' };
import en from '../../../messages/en.json' with { type: 'json' };

const messages = { en, de } as Record<string, Record<string, string>>;
const keys = (locale: string) => Object.keys(messages[locale]!).filter((key) => key !== '$schema');
const placeholders = (text: string) =>
	[...text.matchAll(/\{(\w+)\}/g)].map(([, name]) => name).sort();

describe('translations', () => {
	it('German has exactly the English keys', () => {
		expect(keys('de').sort()).toEqual(keys('en').sort());
	});

	it.each(keys('en'))('%s: non-empty in both languages, with the same placeholders', (key) => {
		expect(messages.en![key]!.trim()).not.toBe('');
		expect(messages.de![key]!.trim()).not.toBe('');
		expect(placeholders(messages.de![key]!)).toEqual(placeholders(messages.en![key]!));
	});
});
