/**
 * The client against a scripted terminal on the other end of an in-memory socket pair: exact
 * bytes for what the double never sends (unknown commands, garbage, silence).
 */
import { duplexPair, type Duplex } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ApduSplitter } from '@venue-kiosk/zvt/apdu.ts';
import { fromHex, toHex } from '@venue-kiosk/zvt/bytes.ts';
import { ZvtProtocolError, ZvtRejectedError, ZvtTimeoutError } from './client-errors.ts';
import { ZvtClient } from './zvt-client.ts';

/** A client whose terminal is `terminal`: what the client wrote, APDU by APDU, as hex. */
function pair() {
	const [ecrEnd, terminal] = duplexPair();
	const written: string[] = [];
	const splitter = new ApduSplitter();
	const arrivals: (() => void)[] = [];
	terminal.on('data', (chunk: Buffer) => {
		for (const apdu of splitter.push(chunk)) {
			written.push(toHex([apdu.cls, apdu.instr, apdu.data.length, ...apdu.data]));
			arrivals.shift()?.();
		}
	});
	const client = new ZvtClient({
		connect: () => Promise.resolve(ecrEnd as Duplex),
		password: '000000',
		ackTimeoutMs: 50,
		resultTimeoutMs: 100
	});
	const nextWritten = () => new Promise<void>((resolve) => arrivals.push(resolve));
	const send = (hex: string) => terminal.write(fromHex(hex));
	return { client, terminal, written, nextWritten, send };
}

describe('ZvtClient on the wire', () => {
	it('acknowledges every terminal message, keeps receipt lines and answers unknown commands 84 83', async () => {
		const { client, written, nextWritten, send } = pair();
		const result = client.authorize({ amountMinor: 1234, currencyCode: 978 });
		await nextWritten();
		expect(written[0]).toBe('06 01 0A 04 00 00 00 00 12 34 49 09 78');
		send('80 00 00');
		send('06 E0 01 00'); // a display text this client does not handle
		await nextWritten();
		expect(written[1]).toBe('84 83 00');
		send('04 0F 0C 27 00 04 00 00 00 00 12 34 87 00 07');
		await nextWritten();
		send('06 D1 05 00 4B 61 73 73');
		await nextWritten();
		send('06 0F 00');
		await expect(result).resolves.toMatchObject({
			outcome: 'approved',
			statusInformation: { amountMinor: 1234, receiptNumber: 7 },
			receipt: ['Kass']
		});
		expect(written.slice(2)).toEqual(['80 00 00', '80 00 00', '80 00 00']);
	});

	it('treats approval followed by Abort as not approved', async () => {
		const { client, nextWritten, send } = pair();
		const result = client.authorize({ amountMinor: 100, currencyCode: 978 });
		await nextWritten();
		send('80 00 00');
		send('04 0F 02 27 00');
		await nextWritten();
		send('06 1E 01 6C');
		await expect(result).resolves.toMatchObject({ outcome: 'aborted', resultCode: 0x6c });
	});

	it('reads an Abort without a result code as a payment not made, of unknown result', async () => {
		const { client, written, nextWritten, send } = pair();
		const result = client.authorize({ amountMinor: 100, currencyCode: 978 });
		await nextWritten();
		send('80 00 00');
		send('06 1E 00');
		await expect(result).resolves.toEqual({
			outcome: 'declined',
			resultCode: null,
			statusInformation: null,
			receipt: []
		});
		expect(written.slice(1)).toEqual(['80 00 00']);
	});

	it('reads approval followed by an Abort without a result code as not approved', async () => {
		const { client, nextWritten, send } = pair();
		const result = client.authorize({ amountMinor: 100, currencyCode: 978 });
		await nextWritten();
		send('80 00 00');
		send('04 0F 02 27 00');
		await nextWritten();
		send('06 1E 00');
		await expect(result).resolves.toMatchObject({ outcome: 'declined', resultCode: null });
	});

	it('reports an administrative command aborted without a result code as refused', async () => {
		const { client, nextWritten, send } = pair();
		const result = client.endOfDay().catch((e: unknown) => e);
		await nextWritten();
		send('80 00 00');
		send('06 1E 00');
		expect(await result).toMatchObject({ name: 'ZvtCommandAbortedError', resultCode: null });
	});

	it('does not acknowledge status information it cannot read, and closes the connection', async () => {
		const { client, written, terminal, nextWritten, send } = pair();
		const closed = new Promise((resolve) => terminal.once('end', resolve));
		const result = client
			.authorize({ amountMinor: 100, currencyCode: 978 })
			.catch((e: unknown) => e);
		await nextWritten();
		send('80 00 00');
		send('04 0F 03 04 00 00'); // BMP 04 cut short
		const error = await result;
		expect(error).toBeInstanceOf(ZvtProtocolError);
		expect(error).toMatchObject({
			phase: 'transaction',
			commandAcknowledged: true,
			statusInformationReceived: false
		});
		await closed;
		expect(written).toHaveLength(1);
	});

	it('reports a refused command and a silent terminal', async () => {
		const refused = pair();
		const rejected = refused.client.endOfDay().catch((e: unknown) => e);
		await refused.nextWritten();
		refused.send('84 83 00');
		expect(await rejected).toBeInstanceOf(ZvtRejectedError);

		const silent = pair();
		const error = await silent.client.statusEnquiry().catch((e: unknown) => e);
		expect(error).toBeInstanceOf(ZvtTimeoutError);
		expect(error).toMatchObject({ phase: 'command', commandAcknowledged: false });
	});

	it('refuses an amount that is not a positive integer of minor units', async () => {
		const { client } = pair();
		await expect(client.authorize({ amountMinor: 12.5, currencyCode: 978 })).rejects.toThrow(
			RangeError
		);
		await expect(client.authorize({ amountMinor: 0, currencyCode: 978 })).rejects.toThrow(
			RangeError
		);
	});
});
