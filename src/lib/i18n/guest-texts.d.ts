/**
 * A guest-only language's texts, made in the build by i18n/build/split-guest-texts.ts: each
 * message's function, by the message's module name.
 */
declare module 'virtual:guest-texts/*' {
	const texts: { readonly [message: string]: (inputs: object) => string };
	export default texts;
}
