/**
 * A page in the browser tests' Chromium (tests/e2e/chromium.ts) that runs this folder's modules
 * as they are (TypeScript transpiled on the way), for the specs of what only a browser does:
 * focus, visibility, modal dialogs, mutation observers. `html` is the page; it imports the
 * modules by relative path (`./keypad-navigator.ts`) and sets `window.ready` when it is set up.
 */
import { readFileSync } from 'node:fs';
import { chromium, type Browser, type Page } from '@playwright/test';
import ts from 'typescript';
import { chromiumLaunchOptions } from '../../../../tests/e2e/chromium.ts';

const ORIGIN = 'http://modules.test';

const compiled = (path: string) =>
	ts.transpileModule(readFileSync(new URL(`..${path}`, import.meta.url), 'utf8'), {
		compilerOptions: { target: ts.ScriptTarget.ES2023, module: ts.ModuleKind.ESNext }
	}).outputText;

export interface ModulePage {
	browser: Browser;
	page: Page;
}

export async function openModulePage(html: string): Promise<ModulePage> {
	const browser = await chromium.launch(chromiumLaunchOptions);
	const page = await browser.newPage();
	await page.route(`${ORIGIN}/**`, (route) => {
		const path = new URL(route.request().url()).pathname;
		return path.endsWith('.ts')
			? route.fulfill({ body: compiled(path), contentType: 'text/javascript' })
			: route.fulfill({ body: html, contentType: 'text/html' });
	});
	await page.goto(`${ORIGIN}/`);
	await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready);
	return { browser, page };
}
