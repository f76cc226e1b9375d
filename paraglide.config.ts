/**
 * Paraglide (compiled i18n messages) options, shared by the Vite plugin (dev, build, tests) and
 * `scripts/compile-messages.ts` (before type checking). Messages live in messages/{locale}.json.
 * The plugin module is loaded from node_modules (project.inlang/settings.json), never a CDN.
 */
export const paraglideOptions = {
	project: './project.inlang',
	outdir: './src/lib/paraglide',
	// A guest's choice (cookie) wins, then the browser's languages, then English.
	strategy: ['cookie', 'preferredLanguage', 'baseLocale'],
	emitTsDeclarations: true
} as const;
