import { describe, expect, it } from 'vitest';
import { parseDepositCode } from './deposit-code.ts';

const CODE = 'K7QX2M9RTW4HZP8NCV3BFJ6LYD5SG1AE0UXK2M7Q';

describe('parseDepositCode (spec 1: a 40-character code)', () => {
	it.each([
		['a simulator-style code', CODE],
		['lower case is kept (codes are case-sensitive)', CODE.toLowerCase()],
		['mixed case', 'aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789AbCd'],
		['URL-safe symbols', 'abc_DEF-123_456-789_abc-DEF_ghi-JKL_mno-']
	])('accepts %s', (_, raw) => {
		expect(raw).toHaveLength(40);
		expect(parseDepositCode(raw)).toEqual({ code: raw, reason: null });
	});

	it('trims a scanner Enter and surrounding spaces, changes nothing else', () => {
		expect(parseDepositCode(`  ${CODE.toLowerCase()}\r\n`)).toEqual({
			code: CODE.toLowerCase(),
			reason: null
		});
	});

	it.each([
		['empty', '', 'empty'],
		['whitespace only', '\t \n', 'empty'],
		['39 characters', CODE.slice(1), 'wrong-length'],
		['41 characters', `${CODE}A`, 'wrong-length'],
		['a short typed fragment', 'K7QX', 'wrong-length'],
		['a loyalty key (32 hex)', '0a1b2c3d4e5f60718293a4b5c6d7e8f9', 'looks-like-loyalty-key'],
		['a loyalty key in upper case', '0A1B2C3D4E5F60718293A4B5C6D7E8F9', 'looks-like-loyalty-key'],
		['inner space', `${CODE.slice(0, 20)} ${CODE.slice(21)}`, 'invalid-characters'],
		['a URL', `https://kiosk.example/r/${CODE}`, 'invalid-characters'],
		['non-ASCII letters', `${CODE.slice(0, 39)}Ä`, 'invalid-characters'],
		['a dot', `${CODE.slice(0, 39)}.`, 'invalid-characters']
	])('rejects %s', (_, raw, reason) => {
		expect(parseDepositCode(raw)).toEqual({ code: null, reason });
	});
});
