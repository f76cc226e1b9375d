import { describe, expect, it } from 'vitest';
import { terminalSettingsFromForm, withoutPassword } from './terminal-settings.ts';

const form = (fields: Record<string, string>) => {
	const data = new FormData();
	for (const [name, value] of Object.entries(fields)) data.set(name, value);
	return data;
};
const ZVT = {
	terminalKind: 'zvt',
	terminalHost: '192.168.1.60',
	terminalPort: '',
	terminalPassword: '000000',
	terminalCurrency: 'EUR'
};
const SAVED = {
	kind: 'zvt' as const,
	host: '10.0.0.5',
	port: 20007,
	password: '123456',
	currencyCode: 'EUR'
};

describe('terminalSettingsFromForm', () => {
	it('the on-screen terminal is no terminal set', () => {
		expect(terminalSettingsFromForm(form({ terminalKind: 'screen' }), SAVED)).toEqual({
			ok: true,
			terminal: null
		});
	});

	it('a ZVT terminal: address, port 20007 when empty, password, currency', () => {
		expect(terminalSettingsFromForm(form(ZVT), null)).toEqual({
			ok: true,
			terminal: {
				kind: 'zvt',
				host: '192.168.1.60',
				port: 20007,
				password: '000000',
				currencyCode: 'EUR'
			}
		});
	});

	it('an empty password keeps the one saved; none saved, it is missing', () => {
		const kept = terminalSettingsFromForm(form({ ...ZVT, terminalPassword: '' }), SAVED);
		expect(kept).toMatchObject({ ok: true, terminal: { password: '123456' } });
		expect(terminalSettingsFromForm(form({ ...ZVT, terminalPassword: '' }), null)).toEqual({
			ok: false,
			invalid: ['password']
		});
	});

	it.each([
		[{ terminalHost: 'tcp://terminal' }, ['host']],
		[{ terminalPort: '0' }, ['port']],
		[{ terminalPassword: '12345' }, ['password']],
		[{ terminalPassword: '12345a' }, ['password']],
		[{ terminalCurrency: 'XXX' }, ['currencyCode']],
		[{ terminalHost: '', terminalCurrency: '' }, ['host', 'currencyCode']]
	])('names what cannot be read: %o', (fields, invalid) => {
		expect(terminalSettingsFromForm(form({ ...ZVT, ...fields }), null)).toEqual({
			ok: false,
			invalid
		});
	});

	it('staff see everything but the password', () => {
		expect(withoutPassword(SAVED)).toEqual({
			kind: 'zvt',
			host: '10.0.0.5',
			port: 20007,
			currencyCode: 'EUR'
		});
	});
});
