/**
 * Paraglide (compiled i18n messages) options, shared by the Vite plugin (dev, build, tests) and
 * `scripts/compile-messages.ts` (before type checking). Messages live in messages/{locale}.json.
 * The plugin module is loaded from node_modules (project.inlang/settings.json), never a CDN.
 *
 * The compiled messages are JavaScript typed by JSDoc, which TypeScript reads as it reads types
 * (the project's tsconfig allows and checks JavaScript): a missing message or input fails the
 * type check. Declaration files are not emitted: the TypeScript pass that writes them took half
 * the compile time and adds nothing the JSDoc does not say.
 */
export const paraglideOptions = {
	project: './project.inlang',
	outdir: './src/lib/paraglide',
	// A guest's choice (cookie) wins, then the browser's languages, then English.
	strategy: ['cookie', 'preferredLanguage', 'baseLocale'],
	// A module per message in dev too (the plugin's default there is a module per language): the
	// browser build leaves out the guest-only languages' texts by it (i18n/build/split-guest-texts.ts).
	outputStructure: 'message-modules'
} as const;
