/**
 * The order board's initial JavaScript stays within the screens' budget (60 KB gzip, as `npm run
 * bench:bundle` counts it) and carries its own messages only: none of another screen's words, in
 * either language. A message looked up by a key built at run time would keep every message of the
 * app in the board's scripts, which this catches.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from './test.ts';
import { openBoard } from './board-support.ts';
import { CLIENT, gzipBytes, initialFiles, INITIAL_BUDGET_BYTES } from './bundle-support.ts';

const EN: Record<string, string> = JSON.parse(readFileSync('messages/en.json', 'utf8'));
const DE: Record<string, string> = JSON.parse(readFileSync('messages/de.json', 'utf8'));
/** Messages of the kiosk, the return station, the pickup screen and the back office. */
const OTHER_SCREENS = [
	'kiosk_zvt_remove_card',
	'return_failure_generic',
	'pickup_place_unknown',
	'report_vat'
];

test('the board’s initial JavaScript is within budget and holds only the board’s messages', async ({
	browser
}) => {
	const board = await openBoard(browser);
	const html = await (await board.request.get('/board')).text();
	const initial = initialFiles(html, board.url());
	const scripts = [...initial]
		.filter((file) => file.endsWith('.js'))
		.map((file) => readFileSync(`${CLIENT}${file}`, 'utf8'))
		.join('\n');

	// The check sees messages: the board's own refusal is there, in both languages.
	const holds = (messages: Record<string, string>, key: string) => {
		expect(messages[key], key).toBeTruthy();
		return scripts.includes(messages[key]!);
	};
	expect(holds(EN, 'board_error_busy')).toBe(true);
	expect(holds(DE, 'board_error_busy')).toBe(true);
	for (const key of OTHER_SCREENS) {
		expect(holds(EN, key), `${key} (en) in the board's scripts`).toBe(false);
		expect(holds(DE, key), `${key} (de) in the board's scripts`).toBe(false);
	}
	expect(gzipBytes(initial), 'initial JavaScript, gzip').toBeLessThanOrEqual(INITIAL_BUDGET_BYTES);
	await board.context().close();
});
