/**
 * The browser build's messages without the guest-only languages' texts (i18n/guest-texts.svelte.ts
 * says why and when those load): a Vite plugin over Paraglide's compiled messages, which are left
 * as they are on disk (the server, the type check and the unit specs use them with every
 * language).
 *
 * - In the browser build, a message module keeps its English and German functions and asks the
 *   loaded texts for any other language (English until they come): its French, Spanish, Italian
 *   and Dutch functions are dropped.
 * - `virtual:guest-texts/<locale>` is that language's texts (its default export): every message the catalogue
 *   translates, each compiled function taken from its message module as Paraglide wrote it. A
 *   message a catalogue lacks (a staff page's) is not in it: it is said in English.
 *
 * Paraglide 2.23 has no such output of its own: `locale-modules` imports every language's module
 * into each message statically, and `experimentalStaticLocale` builds the app once per language.
 * The compiled modules are read as syntax trees, not matched as text; `message-modules` is their
 * structure in every build (paraglide.config.ts), so dev runs as production does.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAst, type Plugin } from 'vite';

interface Node {
	type: string;
	start: number;
	end: number;
	[key: string]: unknown;
}
interface Declarator extends Node {
	id: Node & { name?: string };
	init: Node | null;
}

const VIRTUAL = 'virtual:guest-texts/';
const RESOLVED = `\0${VIRTUAL}`;
/** The module that holds the loaded texts, as the rewritten messages import it. */
const TEXTS_MODULE = join(import.meta.dirname, '..', 'guest-texts.svelte.ts');

const parse = (code: string) => parseAst(code) as unknown as Node & { body: Node[] };

/** Every node of a syntax tree, each with its parent. */
function* nodes(node: Node, parent: Node | null = null): Generator<[Node, Node | null]> {
	yield [node, parent];
	for (const value of Object.values(node)) {
		for (const child of Array.isArray(value) ? value : [value]) {
			if (child !== null && typeof child === 'object' && typeof (child as Node).type === 'string') {
				yield* nodes(child as Node, node);
			}
		}
	}
}

/** A message module's top-level `const <locale>_<message> = …` declarations, with their statement. */
function declarations(program: Node & { body: Node[] }) {
	return program.body.flatMap((statement) =>
		statement.type === 'VariableDeclaration'
			? (statement.declarations as Declarator[]).map((declarator) => ({ statement, declarator }))
			: []
	);
}

/** `fr_kiosk_add` → ['fr', 'kiosk_add'] for a locale of `locales`; else null. */
function localeFunction(name: string | undefined, locales: readonly string[]) {
	const locale = locales.find((candidate) => name?.startsWith(`${candidate}_`));
	return locale === undefined ? null : ([locale, name!.slice(locale.length + 1)] as const);
}

/** `locale === "fr"` with a locale of `locales`. */
const testsLocale = (test: Node, locales: readonly string[]) =>
	test.type === 'BinaryExpression' &&
	test.operator === '===' &&
	(test.left as Node).type === 'Identifier' &&
	(test.left as Node).name === 'locale' &&
	locales.includes(String((test.right as Node).value));

/**
 * A compiled message module for the browser: its functions for the languages of `split` are
 * dropped, and its dispatch asks the loaded texts for any other language than the ones it keeps,
 * saying it in `fallback` (the base locale) where they have none (not loaded yet, or a message
 * the language lacks):
 *
 *     if (locale === "de") return de_x(inputs)
 *     return guestText(locale, "x", inputs) ?? en_x(inputs)
 *
 * A message no guest-only catalogue translates (a staff page's) has nothing to ask for: it keeps
 * English and German alone, as a staff screen needs.
 */
export function splitMessageModule(
	code: string,
	split: readonly string[],
	fallback: string,
	textsModule = TEXTS_MODULE
): string {
	const program = parse(code);
	const message = declarations(program)
		.map(({ declarator }) => localeFunction(declarator.id.name, [fallback]))
		.find((named) => named !== null)?.[1];
	if (message === undefined) return code;
	const fallbackCall = `${fallback}_${message}`;
	const cuts: { start: number; end: number; text: string }[] = [];
	let translated = false;
	for (const { statement, declarator } of declarations(program)) {
		if (!localeFunction(declarator.id.name, split)) continue;
		cuts.push({ ...statement, text: '' });
		if (declarator.init?.type !== 'Identifier') translated = true;
	}
	for (const [node, parent] of nodes(program)) {
		if (node.type === 'IfStatement' && testsLocale(node.test as Node, split)) {
			cuts.push({ start: node.start, end: node.end, text: '' });
		} else if (
			translated &&
			node.type === 'ReturnStatement' &&
			parent?.type === 'BlockStatement' &&
			(node.argument as Node | null)?.type === 'CallExpression' &&
			((node.argument as Node).callee as Node).name === fallbackCall
		) {
			const lookUp = `guestText(locale, ${JSON.stringify(message)}, inputs) ?? ${fallbackCall}(inputs)`;
			cuts.push({ start: node.start, end: node.end, text: `return ${lookUp}` });
		}
	}
	if (translated && !cuts.some(({ text }) => text !== '')) {
		throw new Error(`split-guest-texts: no dispatch to ${fallbackCall} found in ${message}.js`);
	}
	let result = code;
	for (const cut of cuts.sort((a, b) => b.start - a.start)) {
		result = result.slice(0, cut.start) + cut.text + result.slice(cut.end);
	}
	return translated
		? `import { guestText } from ${JSON.stringify(textsModule)};\n${result}`
		: result;
}

/**
 * A language's texts from the compiled message modules: each message's own function for
 * `locale` (a fallback to another language's, `fr_x = en_x`, is not a text of it).
 */
export function guestTextsModule(modules: readonly string[], locale: string): string {
	const texts = modules.flatMap((code) =>
		declarations(parse(code)).flatMap(({ declarator }) => {
			const named = localeFunction(declarator.id.name, [locale]);
			const init = declarator.init;
			if (named === null || init === null || init.type === 'Identifier') return [];
			return [`\t${named[1]}: ${code.slice(init.start, init.end)},`];
		})
	);
	const registry = texts.some((text) => text.includes('registry.'))
		? `import * as registry from ${JSON.stringify(join(PARAGLIDE, 'registry.js'))};\n`
		: '';
	return `${registry}export default {\n${texts.join('\n')}\n};\n`;
}

const PARAGLIDE = join(import.meta.dirname, '..', '..', 'paraglide');
const MESSAGES = join(PARAGLIDE, 'messages');
const isMessageModule = (id: string) =>
	id.startsWith(MESSAGES) && id.endsWith('.js') && !id.endsWith('_index.js');

/**
 * The plugin: `split` are the guest-only languages, `fallback` the base locale, `whole` the
 * messages kept with every language (said in all at once).
 */
export function splitGuestTexts(
	split: readonly string[],
	fallback: string,
	whole: readonly string[]
): Plugin {
	const keptWhole = new Set(whole.map((message) => join(MESSAGES, `${message}.js`)));
	return {
		name: 'split-guest-texts',
		resolveId(id) {
			return id.startsWith(VIRTUAL) ? `\0${id}` : null;
		},
		load(id) {
			if (!id.startsWith(RESOLVED)) return null;
			const locale = id.slice(RESOLVED.length);
			const files = readdirSync(MESSAGES)
				.map((file) => join(MESSAGES, file))
				.filter(isMessageModule);
			for (const file of files) this.addWatchFile(file);
			const modules = files
				.filter((file) => !keptWhole.has(file))
				.map((file) => readFileSync(file, 'utf8'))
				.filter((code) => code.includes(`const ${locale}_`));
			return guestTextsModule(modules, locale);
		},
		transform(code, id) {
			if (this.environment.name !== 'client' || !isMessageModule(id) || keptWhole.has(id)) {
				return null;
			}
			return splitMessageModule(code, split, fallback);
		}
	};
}
