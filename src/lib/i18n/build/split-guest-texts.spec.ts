import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { SAID_IN_EVERY_LANGUAGE } from '../languages.ts';
import { guestTextsModule, splitMessageModule } from './split-guest-texts.ts';

const GUEST_ONLY = ['fr', 'es', 'it', 'nl'];
/** A message module as Paraglide compiled it (scripts/compile-messages.ts, before the specs). */
const compiled = (message: string) =>
	readFileSync(
		join(import.meta.dirname, '..', '..', 'paraglide', 'messages', `${message}.js`),
		'utf8'
	);

describe('a message module in the browser build', () => {
	const split = splitMessageModule(compiled('kiosk_attract_start'), GUEST_ONLY, 'en', '/texts.ts');

	it('keeps English and German, and none of the guest-only languages’ texts', () => {
		expect(split).toContain('Tap to order');
		expect(split).toContain('Zum Bestellen tippen');
		for (const text of ['Touchez pour commander', 'Toque para pedir', 'Tocchi per ordinare']) {
			expect(split).not.toContain(text);
		}
		expect(split).not.toContain('Tik om te bestellen');
	});

	it('asks the loaded texts for any other language, English where they have none', () => {
		expect(split).toContain('if (locale === "de") return de_kiosk_attract_start(inputs)');
		expect(split).toContain(
			'return guestText(locale, "kiosk_attract_start", inputs) ?? en_kiosk_attract_start(inputs)'
		);
		expect(split).not.toMatch(/fr_|es_|it_|nl_/);
		expect(split.startsWith('import { guestText } from "/texts.ts";\n')).toBe(true);
		expect(() => parseAst(split)).not.toThrow();
	});

	it('of a staff page’s message: English and German alone, nothing to ask for', () => {
		const staff = splitMessageModule(compiled('setup_title'), GUEST_ONLY, 'en', '/texts.ts');
		expect(staff).toContain('if (locale === "de") return de_setup_title(inputs)');
		expect(staff).toContain('return en_setup_title(inputs)');
		expect(staff).not.toMatch(/fr_|es_|it_|nl_|guestText/);
	});
});

describe('a guest-only language’s texts', () => {
	const load = async (code: string) =>
		(
			(await import(`data:text/javascript,${encodeURIComponent(code)}`)) as {
				default: Record<string, (inputs: object) => string>;
			}
		).default;

	it('are each message it translates, with its inputs', async () => {
		const texts = await load(
			guestTextsModule([compiled('kiosk_attract_start'), compiled('kiosk_age_check_confirm')], 'fr')
		);
		expect(texts.kiosk_attract_start!({})).toBe('Touchez pour commander');
		expect(texts.kiosk_age_check_confirm!({ age: 18 })).toBe('J’ai 18 ans ou plus');
	});

	it('leave out a message the catalogue lacks (a staff page’s): it is said in English', async () => {
		const texts = await load(guestTextsModule([compiled('setup_title')], 'fr'));
		expect(Object.keys(texts)).toEqual([]);
	});
});

describe('the messages said in every language at once', () => {
	it('are the ones a screen asks for in a language of their own, kept whole', () => {
		const src = join(import.meta.dirname, '..', '..', '..');
		const asked = new Set<string>();
		for (const file of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
			// A component that names a language for a message says it in each of several languages.
			if (!file.endsWith('.svelte')) continue;
			const code = readFileSync(join(src, file), 'utf8');
			for (const [, message] of code.matchAll(/\bm\.(\w+)\([^()]*\{\s*locale\b/g)) {
				asked.add(message!);
			}
		}
		expect([...asked].sort()).toEqual([...SAID_IN_EVERY_LANGUAGE].sort());
	});
});
