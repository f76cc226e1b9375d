import { describe, expect, it } from 'vitest';
import { interpretScan, maskSecret } from './interpret.ts';

describe('interpretScan', () => {
	it('reads a loyalty key, left-padded and masked but for the last 4 characters', () => {
		const result = interpretScan('a1b2c3d4e5f60718293a4b5c6d7e8\r\n');
		expect(result).toEqual({
			kind: 'loyalty-key',
			key: '000a1b2c3d4e5f60718293a4b5c6d7e8',
			masked: `${'•'.repeat(28)}d7e8`
		});
	});

	it('reads a deposit code', () => {
		const code = 'Ab3_-xYz'.repeat(5);
		expect(interpretScan(code)).toEqual({ kind: 'deposit-code', code });
	});

	it('says why a value is neither', () => {
		expect(interpretScan('https://example.org/')).toEqual({
			kind: 'unknown',
			keyProblem: 'invalid-characters',
			codeProblem: 'invalid-characters'
		});
		expect(interpretScan('x'.repeat(39))).toEqual({
			kind: 'unknown',
			keyProblem: 'invalid-characters',
			codeProblem: 'wrong-length'
		});
	});
});

describe('maskSecret', () => {
	it('keeps the last characters only', () => {
		expect(maskSecret('abcdefgh')).toBe('••••efgh');
		expect(maskSecret('abc')).toBe('abc');
	});
});
