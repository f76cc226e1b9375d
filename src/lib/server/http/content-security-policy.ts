/**
 * The Content-Security-Policy of every page, as SvelteKit's `kit.csp` (vite.config.ts): SvelteKit
 * sends it with each page it renders and adds a fresh nonce for the one inline script it writes
 * (the start-up script; `mode: 'auto'` would use hashes for prerendered pages, and there are
 * none). What is allowed, and why:
 * - scripts: this server's files and that nonce. No `unsafe-inline`, no `unsafe-eval`, and no
 *   `wasm-unsafe-eval`: the camera scanner (html5-qrcode) decodes in JavaScript (zxing-js) or with
 *   the browser's BarcodeDetector, and compiles no WebAssembly. The service worker is ours.
 * - styles: this server's CSS files only (and the nonce SvelteKit adds for any `<style>` it
 *   writes). No `unsafe-inline`, for style attributes either: our markup has none (the app's root
 *   element and the attract screen's dishes are styled by class), and Svelte's `style:` and
 *   html5-qrcode set styles through the CSSOM, which a CSP does not govern. The one style
 *   attribute left is SvelteKit's own, on its route announcer (`#svelte-announcer`, the
 *   visually-hidden live region that reads a new page's title): allowed by its hash alone
 *   (`unsafe-hashes`: that exact attribute value, nothing else).
 * - pictures: this server's (`/media/...`, uploads, icons), the `blob:` copies the guest screens
 *   keep in IndexedDB to show offline, and a menu picture's `https:` host (a product's image may
 *   be one, catalog/image-address.ts). The place's clip: this server's or its kept `blob:` copy.
 * - connections: this server (API calls, the live feeds) and `https:` hosts, because the guest
 *   screens fetch each menu picture to keep it offline; pictures may come from those hosts in any
 *   case, so closing fetches to them would protect nothing more.
 * - no plug-ins, no frames in or of the app (no clickjacking), no `<base>` elsewhere, and forms
 *   post to this server only.
 */
import type { Config } from '@sveltejs/kit/vite';

/**
 * The SHA-256 of the style attribute of SvelteKit's route announcer
 * (@sveltejs/kit/src/runtime/components/root.svelte; its spec checks it against the installed
 * SvelteKit).
 */
export const ANNOUNCER_STYLE_HASH = 'sha256-S8qMpvofolR8Mpjy4kQvEm7m1q8clzU4dfDH0AmvZjo=';

export const contentSecurityPolicy = {
	mode: 'auto',
	directives: {
		'default-src': ['self'],
		'script-src': ['self'],
		'style-src': ['self'],
		'style-src-attr': ['unsafe-hashes', ANNOUNCER_STYLE_HASH],
		'img-src': ['self', 'blob:', 'https:'],
		'media-src': ['self', 'blob:'],
		'font-src': ['self'],
		'connect-src': ['self', 'https:'],
		'worker-src': ['self'],
		'manifest-src': ['self'],
		'object-src': ['none'],
		'frame-src': ['none'],
		'frame-ancestors': ['none'],
		'base-uri': ['self'],
		'form-action': ['self']
	}
} satisfies Config['csp'];
