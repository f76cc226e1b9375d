import { describe, expect, it } from 'vitest';
import { decodeApdu } from './apdu.ts';
import { fromHex, toHex } from './bytes.ts';
import { decodeEcrCommand, encodeEcrCommand, type EcrCommand } from './ecr-commands.ts';
import { thrownBy } from './testing/thrown.ts';

const decodeHex = (hex: string) => decodeEcrCommand(decodeApdu(fromHex(hex)));

describe('ECR commands', () => {
	it('writes a registration as captured (EVerest test_registration)', () => {
		const registration: EcrCommand = {
			type: 'registration',
			password: '123456',
			configByte: 0xde,
			currencyCode: 978
		};
		expect(toHex(encodeEcrCommand(registration))).toBe('06 00 06 12 34 56 DE 09 78');
		expect(decodeHex('06 00 06 12 34 56 DE 09 78')).toEqual(registration);
	});

	it('writes an end of day as captured (EVerest test_end_of_day)', () => {
		expect(toHex(encodeEcrCommand({ type: 'end-of-day', password: '123456' }))).toBe(
			'06 50 03 12 34 56'
		);
	});

	it('writes a reversal as Portalum.Zvt ReversalAsync does: password, BMP 87', () => {
		const reversal: EcrCommand = {
			type: 'reversal',
			password: '000000',
			receiptNumber: 231,
			others: []
		};
		expect(toHex(encodeEcrCommand(reversal))).toBe('06 30 06 00 00 00 87 02 31');
	});

	it('writes an authorization of 12.34 EUR', () => {
		const authorization: EcrCommand = {
			type: 'authorization',
			amountMinor: 1234,
			currencyCode: 978,
			others: []
		};
		expect(toHex(encodeEcrCommand(authorization))).toBe('06 01 0A 04 00 00 00 00 12 34 49 09 78');
	});

	it('round-trips every command', () => {
		const commands: EcrCommand[] = [
			{ type: 'registration', password: '000000', configByte: 0x8e },
			{
				type: 'registration',
				password: '012345',
				configByte: 0x8e,
				currencyCode: 978,
				serviceByte: 1,
				tlv: [{ tag: 0x1a, value: fromHex('01 00') }]
			},
			{ type: 'registration', password: '012345', configByte: 0, currencyCode: 356, tlv: [] },
			{
				type: 'authorization',
				amountMinor: 1,
				currencyCode: 978,
				paymentType: 0x40,
				tlv: [],
				others: [{ id: 0x01, value: fromHex('3C') }]
			},
			{ type: 'reversal', password: '123456', receiptNumber: 9999, amountMinor: 500, others: [] },
			{ type: 'repeat-receipt', password: '123456' },
			{ type: 'end-of-day', password: '000001' },
			{ type: 'log-off' },
			{ type: 'status-enquiry' },
			{ type: 'status-enquiry', password: '123456' },
			{ type: 'abort' },
			{ type: 'ack' },
			{ type: 'nak', code: 0x9c },
			{ type: 'other', apdu: { cls: 0x06, instr: 0x70, data: new Uint8Array(0) } }
		];
		for (const command of commands) {
			expect(decodeEcrCommand(decodeApdu(encodeEcrCommand(command)))).toEqual(command);
		}
		expect(toHex(encodeEcrCommand({ type: 'abort' }))).toBe('06 B0 00');
		expect(toHex(encodeEcrCommand({ type: 'log-off' }))).toBe('06 02 00');
	});

	it('refuses what a registration cannot hold, and a password that is not six digits', () => {
		expect(() =>
			encodeEcrCommand({ type: 'registration', password: '000000', configByte: 0, serviceByte: 1 })
		).toThrow(TypeError);
		expect(() => encodeEcrCommand({ type: 'end-of-day', password: '12345' })).toThrow(RangeError);
		expect(thrownBy(() => decodeHex('06 00 08 12 34 56 DE 09 78 27 00'))).toMatchObject({
			kind: 'bad-layout',
			offset: 9
		});
		expect(thrownBy(() => decodeHex('06 00 05 12 34 56 DE 09'))).toMatchObject({
			kind: 'truncated'
		});
	});

	it('refuses malformed passwords and leftovers', () => {
		expect(thrownBy(() => decodeHex('06 50 03 12 3A 56'))).toMatchObject({
			kind: 'bad-bcd',
			offset: 4
		});
		expect(thrownBy(() => decodeHex('06 50 02 12 34'))).toMatchObject({ kind: 'truncated' });
		expect(thrownBy(() => decodeHex('06 20 04 12 34 56 00'))).toMatchObject({ kind: 'bad-layout' });
		expect(thrownBy(() => decodeHex('06 B0 01 00'))).toMatchObject({ kind: 'bad-layout' });
		expect(thrownBy(() => decodeHex('06 01 03 04 00 00'))).toMatchObject({
			kind: 'length-overrun'
		});
	});
});
