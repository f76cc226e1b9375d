/** Compiles the i18n messages (the Vite plugin does this for dev and build). */
import { compile } from '@inlang/paraglide-js';
import { paraglideOptions } from '../paraglide.config.ts';

await compile({ ...paraglideOptions, strategy: [...paraglideOptions.strategy] });
