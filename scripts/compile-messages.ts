/**
 * Compiles the i18n messages (messages/{locale}.json) into typed, tree-shakable functions in
 * src/lib/paraglide. The Vite plugin does the same for dev and build; this runs it before the type
 * check and the unit tests (scripts/prepare.ts).
 */
import { compile } from '@inlang/paraglide-js';
import { paraglideOptions } from '../paraglide.config.ts';

await compile({ ...paraglideOptions, strategy: [...paraglideOptions.strategy] });
