import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ANNOUNCER_STYLE_HASH, contentSecurityPolicy } from './content-security-policy.ts';

const { directives } = contentSecurityPolicy;

describe('the pages’ Content-Security-Policy', () => {
	it('runs no script but this server’s and SvelteKit’s nonce: nothing inline, no eval', () => {
		expect(directives['script-src']).toEqual(['self']);
		expect(contentSecurityPolicy.mode).toBe('auto');
		for (const sources of Object.values(directives) as string[][]) {
			expect(sources).not.toContain('unsafe-inline');
			expect(sources).not.toContain('unsafe-eval');
			expect(sources).not.toContain('wasm-unsafe-eval');
			expect(sources).not.toContain('*');
		}
	});

	it('closes plug-ins, framing, <base> and form posts elsewhere', () => {
		expect(directives).toMatchObject({
			'default-src': ['self'],
			'object-src': ['none'],
			'frame-ancestors': ['none'],
			'base-uri': ['self'],
			'form-action': ['self']
		});
	});

	it('allows the one style attribute SvelteKit writes, its route announcer’s, by its hash', () => {
		const kit = dirname(createRequire(import.meta.url).resolve('@sveltejs/kit/package.json'));
		const root = readFileSync(join(kit, 'src/runtime/components/root.svelte'), 'utf8');
		const styles = [...root.matchAll(/\sstyle="([^"]*)"/g)].map((match) => match[1]!);
		expect(styles).toHaveLength(1);
		const hash = `sha256-${createHash('sha256').update(styles[0]!).digest('base64')}`;
		expect(hash).toBe(ANNOUNCER_STYLE_HASH);
		expect(directives['style-src-attr']).toEqual(['unsafe-hashes', ANNOUNCER_STYLE_HASH]);
	});
});
