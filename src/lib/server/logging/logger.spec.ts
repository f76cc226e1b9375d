import { describe, expect, it } from 'vitest';
import type { DestinationStream } from 'pino';
import { createLogger, inRequest } from './logger.ts';
import { humanLine } from './human-lines.ts';

function captured() {
	const lines: Record<string, unknown>[] = [];
	const destination: DestinationStream = {
		write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>)
	};
	return { lines, logger: createLogger('info', destination) };
}

const API_KEY = 'eyJhbGciOiJIUzI1NiJ9.c2VjcmV0LWtleQ.sig';

describe('the server logger', () => {
	it('writes JSON lines with level, time and message; below its level nothing', () => {
		const { lines, logger } = captured();
		logger.debug('not written');
		logger.warn({ operation: 'createDeposit' }, 'platform call');
		expect(lines).toEqual([
			{
				level: 'warn',
				time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
				operation: 'createDeposit',
				msg: 'platform call'
			}
		]);
	});

	it('never writes a key, password, token or cookie, at the top or one level down', () => {
		const { lines, logger } = captured();
		const fields = {
			apiKey: API_KEY,
			password: 'hunter22',
			token: 'callback-token',
			key: 'loyalty-key',
			headers: { 'x-api-key': API_KEY, authorization: `Bearer ${API_KEY}`, cookie: 's=1' },
			request: { transactionKey: 'tk_1', pin: '1234', secret: 'ab'.repeat(32) },
			items: [{ productId: 'drink_pils', quantity: 2 }]
		};
		const asGiven = structuredClone(fields);
		logger.info(fields, 'redacted');
		// What the caller logged is left as it was.
		expect(fields).toEqual(asGiven);
		const line = JSON.stringify(lines);
		for (const secret of [API_KEY, 'hunter22', 'callback-token', 'loyalty-key', 'tk_1', 's=1'])
			expect(line).not.toContain(secret);
		expect(line).not.toContain('"1234"');
		expect(lines[0]).toMatchObject({
			apiKey: '[redacted]',
			headers: { 'x-api-key': '[redacted]', authorization: '[redacted]' },
			request: { pin: '[redacted]' },
			items: [{ productId: 'drink_pils', quantity: 2 }]
		});
	});

	it('inside a request, every line carries its id and the paired screen’s device', async () => {
		const { lines, logger } = captured();
		let deviceId: string | null = null;
		await inRequest({ requestId: 'req-1', deviceId: () => deviceId }, async () => {
			logger.info('before the session is read');
			deviceId = 'dev_kiosk_main';
			await Promise.resolve();
			logger.info('after');
		});
		logger.info('outside');
		expect(lines.map(({ requestId, deviceId }) => ({ requestId, deviceId }))).toEqual([
			{ requestId: 'req-1', deviceId: undefined },
			{ requestId: 'req-1', deviceId: 'dev_kiosk_main' },
			{ requestId: undefined, deviceId: undefined }
		]);
	});

	it('demo mode’s lines are for people: time of day, level, message, then the fields', () => {
		expect(
			humanLine(
				'{"level":"info","time":"2026-11-28T06:40:01.250Z","requestId":"r1","status":200,"msg":"request"}'
			)
		).toBe('06:40:01.250 INFO  request requestId=r1 status=200\n');
		expect(humanLine('not json\n')).toBe('not json\n');
	});
});
