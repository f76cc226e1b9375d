import { describe, expect, it } from 'vitest';
import { normalizeTransactionKey, TRANSACTION_KEY_PATTERN } from './transaction-key.ts';

const KEY = '0a1b2c3d4e5f60718293a4b5c6d7e8f9';

describe('normalizeTransactionKey (spec 3: left-pad with zeros to 32, no other change)', () => {
	it.each([
		['a 32-character QR value, unchanged', KEY, KEY],
		['leading zeros dropped by a card reader are restored', KEY.slice(1), KEY],
		['many leading zeros', 'a1', `${'0'.repeat(30)}a1`],
		['a single digit', '7', `${'0'.repeat(31)}7`],
		[
			'upper-case hex is kept as is',
			'ABCDEF0123456789ABCDEF0123456789',
			'ABCDEF0123456789ABCDEF0123456789'
		],
		['mixed case is kept', 'aBcDeF', `${'0'.repeat(26)}aBcDeF`],
		['surrounding whitespace (reader Enter) is trimmed', `  ${KEY}\r\n`, KEY],
		['a tab before a short key', `\t${KEY.slice(1)}`, KEY],
		['a key of zeros only', '0', '0'.repeat(32)],
		['31 characters', 'f'.repeat(31), `0${'f'.repeat(31)}`]
	])('%s', (_, raw, expected) => {
		expect(normalizeTransactionKey(raw)).toEqual({ key: expected, reason: null });
		expect(expected).toMatch(TRANSACTION_KEY_PATTERN);
	});

	it.each([
		['empty', '', 'empty'],
		['only whitespace', ' \n ', 'empty'],
		['33 characters', 'f'.repeat(33), 'too-long'],
		['32 hex and a zero too many', `0${KEY}`, 'too-long'],
		['a non-hex letter', `${KEY.slice(0, 31)}g`, 'invalid-characters'],
		['inner whitespace', `${KEY.slice(0, 16)} ${KEY.slice(16)}`, 'invalid-characters'],
		['a hyphenated UUID', '0a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9', 'invalid-characters'],
		[
			'a 40-character deposit code',
			'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789ABCDEF',
			'invalid-characters'
		],
		['a URL', 'https://example.com/k/abc', 'invalid-characters'],
		['a 0x prefix', `0x${KEY.slice(2)}`, 'invalid-characters']
	])('rejects %s', (_, raw, reason) => {
		expect(normalizeTransactionKey(raw)).toEqual({ key: null, reason });
	});
});
