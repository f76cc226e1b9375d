/**
 * `npm run bench:lighthouse [-- --runs N]` (after `npm run build`): Lighthouse's performance,
 * accessibility and best-practices scores of the four paired screens — ordering kiosk, return
 * station, order board, pickup screen — each at least 95. The built server runs in
 * demo mode on free ports (bench-kiosk.ts); for each screen a fresh Chromium profile (the system
 * Chromium) is paired by the demo home page's button, and Lighthouse audits the screen in that
 * same browser, its storage kept (a reset would unpair it). With `--runs N` each score is the
 * median of N audits. Prints each score beside its goal (scripts/bench-goals.ts) and the paint and
 * layout timings without one; exits 1 when a score is below 95, listing the audits that cost
 * points.
 *
 * Form factor: a kiosk is a wired device on the venue's LAN with a large screen, so the audit
 * uses Lighthouse's desktop settings (no mobile CPU slowdown, fast network) on a portrait
 * 1080 × 1920 screen, the common kiosk's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from '@playwright/test';
import { percentile, reportFigures, type Figure } from './bench-goals.ts';
import { freePort, startKiosk } from './bench-kiosk.ts';

const CHROMIUM = '/usr/bin/chromium';
const TARGET = 95;
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
type Category = (typeof CATEGORIES)[number];

/** The screens: where each is, and the demo home page's button that pairs a browser as it. */
const SCREENS = [
	{ name: 'kiosk', path: '/kiosk', pairWith: 'Ordering kiosk' },
	{ name: 'return', path: '/return', pairWith: 'Return station' },
	{ name: 'board', path: '/board', pairWith: 'Order board' },
	{ name: 'pickup', path: '/pickup', pairWith: 'Pickup screen' }
] as const;

const { values } = parseArgs({ options: { runs: { type: 'string', default: '1' } } });
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1 || runs > 9) {
	console.error('--runs takes a whole number from 1 to 9');
	process.exit(2);
}

interface Audit {
	id: string;
	title: string;
	score: number | null;
	scoreDisplayMode: string;
	numericValue?: number;
}
interface Report {
	finalDisplayedUrl: string;
	categories: Record<
		Category,
		{ score: number | null; auditRefs: { id: string; weight: number }[] }
	>;
	audits: Record<string, Audit>;
}

async function audit(url: string, screen: (typeof SCREENS)[number]): Promise<Report> {
	const profile = mkdtempSync(join(tmpdir(), `lighthouse-${screen.name}-`));
	const port = await freePort();
	const browser = await chromium.launchPersistentContext(profile, {
		executablePath: CHROMIUM,
		args: [`--remote-debugging-port=${port}`],
		viewport: { width: 1080, height: 1920 }
	});
	try {
		const page = browser.pages()[0] ?? (await browser.newPage());
		await page.goto(`${url}/`);
		await page.getByRole('button', { name: screen.pairWith }).click();
		await page.waitForURL(`${url}${screen.path}`);
		const result = await lighthouse(
			`${url}${screen.path}`,
			{ port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
			{
				...desktopConfig,
				settings: {
					...desktopConfig.settings,
					// The pairing is this profile's cookie: a storage reset would unpair the screen.
					disableStorageReset: true,
					screenEmulation: {
						mobile: false,
						width: 1080,
						height: 1920,
						deviceScaleFactor: 1,
						disabled: false
					}
				}
			}
		);
		if (!result) throw new Error(`Lighthouse gave no result for ${screen.name}`);
		const report = result.lhr as unknown as Report;
		// An unpaired browser would be sent to /screen: the audit must be of the screen itself.
		if (new URL(report.finalDisplayedUrl).pathname !== screen.path)
			throw new Error(`${screen.name}: audited ${report.finalDisplayedUrl}, not the screen`);
		return report;
	} finally {
		await browser.close();
		rmSync(profile, { recursive: true, force: true });
	}
}

const median = (numbers: number[]) => percentile(numbers, 50);
const score = (report: Report, category: Category) =>
	Math.round((report.categories[category].score ?? 0) * 100);
const metric = (report: Report, id: string) => report.audits[id]?.numericValue ?? Number.NaN;

/** The audits that cost a category points, heaviest first. */
function losses(report: Report, category: Category): string[] {
	return report.categories[category].auditRefs
		.filter((ref) => ref.weight > 0)
		.map((ref) => ({ ref, audit: report.audits[ref.id]! }))
		.filter(({ audit }) => audit.scoreDisplayMode !== 'notApplicable' && (audit.score ?? 1) < 1)
		.sort((a, b) => b.ref.weight - a.ref.weight)
		.map(({ audit }) => `${audit.id} (${Math.round((audit.score ?? 0) * 100)}): ${audit.title}`);
}

const kiosk = await startKiosk('lighthouse');
const figures: Figure[] = [];
const failing: string[] = [];
try {
	for (const screen of SCREENS) {
		const reports: Report[] = [];
		for (let run = 0; run < runs; run += 1) reports.push(await audit(kiosk.url, screen));
		for (const category of CATEGORIES) {
			const value = median(reports.map((report) => score(report, category)));
			figures.push({
				what: `${screen.name}: ${category}`,
				value,
				unit: 'score',
				goal: { min: TARGET }
			});
			if (value < TARGET) {
				const worst = reports.find((report) => score(report, category) === value)!;
				failing.push(
					`${screen.name} ${category} ${value}:`,
					...losses(worst, category).map((line) => `  ${line}`)
				);
			}
		}
		const timing = (what: string, id: string, unit = 'ms') =>
			figures.push({
				what: `${screen.name}: ${what}`,
				value: median(reports.map((report) => metric(report, id))),
				unit
			});
		timing('first contentful paint', 'first-contentful-paint');
		timing('largest contentful paint', 'largest-contentful-paint');
		timing('total blocking time', 'total-blocking-time');
		timing('cumulative layout shift', 'cumulative-layout-shift', 'CLS');
	}
} finally {
	await kiosk.stop();
}

console.log(
	`Lighthouse ${runs === 1 ? '(one run each)' : `(median of ${runs} runs)`}, desktop settings, 1080 × 1920.`
);
if (failing.length > 0) console.log(`Below ${TARGET}:\n${failing.join('\n')}`);
reportFigures(figures);
