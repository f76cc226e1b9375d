/**
 * `node scripts/make-icons.ts`: renders the app icons of the web app manifest from their SVG
 * sources in static/icons (icon.svg: rounded, for browsers and launchers; maskable.svg: full
 * bleed, the cup inside the 80 % safe zone, for platforms that cut icons into their own shape)
 * with the browser tests' Chromium. Run by hand after changing a source; the PNGs are committed.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/e2e/chromium.ts';

const ICONS = resolve(import.meta.dirname, '../static/icons');
const RENDERS = [
	{ source: 'icon.svg', size: 192, file: 'icon-192.png' },
	{ source: 'icon.svg', size: 512, file: 'icon-512.png' },
	{ source: 'icon.svg', size: 180, file: 'apple-touch-180.png' },
	{ source: 'maskable.svg', size: 192, file: 'maskable-192.png' },
	{ source: 'maskable.svg', size: 512, file: 'maskable-512.png' }
];

const browser = await chromium.launch(chromiumLaunchOptions);
try {
	for (const { source, size, file } of RENDERS) {
		const page = await browser.newPage({ viewport: { width: size, height: size } });
		const svg = readFileSync(join(ICONS, source), 'utf8');
		await page.setContent(
			`<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`
		);
		await page.screenshot({ path: join(ICONS, file), omitBackground: true });
		await page.close();
		console.log(`static/icons/${file} (${size}×${size})`);
	}
} finally {
	await browser.close();
}
