/**
 * A kiosk without a card terminal, through the kiosk's JSON API (the route handlers as the server
 * runs them, over the server context it wires) against the simulator as the platform. Outside
 * demo there is no on-screen terminal: its answer does not exist (404), a card part is refused
 * before anything is charged — no order number, no deposit code for an unpaid sale — and the
 * kiosk sells what loyalty credits pay in full. In demo mode the on-screen terminal still takes
 * the guest's tap.
 */
import { describe, expect, it } from 'vitest';
import { JournalOperation } from '#lib/server/journal/journal-operation.ts';
import { saveKioskSettings, kioskSettingsSchema } from '#lib/server/sales/kiosk-settings.ts';
import { kioskSnapshot } from '#lib/server/screens/guest-snapshots.ts';
import { saveTerminalSettings } from '#lib/server/terminal/terminal-settings.ts';
import { GET as getSale } from '../../src/routes/api/kiosk/sales/[id]/+server.ts';
import { POST as scanKey } from '../../src/routes/api/kiosk/sales/[id]/loyalty/+server.ts';
import { POST as pay } from '../../src/routes/api/kiosk/sales/[id]/pay/+server.ts';
import { POST as answerTerminal } from '../../src/routes/api/kiosk/sales/[id]/terminal/+server.ts';
import { POST as startSale } from '../../src/routes/api/kiosk/sales/+server.ts';
import { useSimulator } from './harness.ts';
import { callAsKiosk as call, useKioskServers } from './kiosk-server.ts';

const sim = useSimulator();
const openKioskServer = useKioskServers(sim);
/** A kiosk server as `env` configures it, with the demo menu and the main stage's kiosk paired. */
const kioskServer = (env: Record<string, string>) => openKioskServer({ env });
const PILS_AND_PRETZEL = [
	{ productId: 'drink_pils', quantity: 2 },
	{ productId: 'food_pretzel', quantity: 1 }
];

async function newKey(walletId: string): Promise<string> {
	return (await sim.control('POST', '/_sim/transaction-keys', { walletId })).body.transactionKey;
}
const balance = async (walletId: string): Promise<number> =>
	(await sim.control('GET', `/_sim/wallets/${walletId}`)).body.balance;
const creditCalls = async () =>
	((await sim.control('GET', '/_sim/requests')).body as { path: string }[]).filter((call) =>
		call.path.includes('/credit-transactions')
	);

describe('outside demo, a kiosk without a card terminal', () => {
	it('has no on-screen terminal: its answer does not exist, and a card part is refused unpaid', async () => {
		const { context, deviceId } = await kioskServer({ PLATFORM_BASE_URL: sim.url });
		expect(context.config.demo).toBe(false);
		expect((await kioskSnapshot(context, deviceId)).settings.value.cardTerminal).toBeNull();

		const started = await call(startSale, deviceId, {
			body: { basket: PILS_AND_PRETZEL, confirmedAge: 16 }
		});
		expect(started).toMatchObject({ status: 200, body: { state: 'quoted', totalMinor: 1800 } });
		const id = started.body.id as string;

		// A guest (or a script) approving their own payment: there is nobody to answer.
		for (const outcome of ['approved', 'declined'])
			expect(await call(answerTerminal, deviceId, { id, body: { outcome } })).toMatchObject({
				status: 404
			});

		expect(await call(pay, deviceId, { id, body: {} })).toEqual({
			status: 409,
			body: { error: { failure: 'card-unavailable' } }
		});
		expect(await call(getSale, deviceId, { id })).toMatchObject({
			status: 200,
			body: { state: 'quoted', orderNumber: null, deposit: null }
		});
		expect(await context.journal.list({ reference: id })).toEqual([]);
		expect((await sim.control('GET', '/_sim/requests')).body).not.toContainEqual(
			expect.objectContaining({ path: expect.stringContaining('hybrid-revo-token-transactions') })
		);
	});

	it('sells what credits pay in full (all or nothing), never with a card part', async () => {
		const { context, deviceId } = await kioskServer({ PLATFORM_PRODUCTION_URL: sim.url });
		const before = await balance('wallet_few');

		// Too few credits: no fall-back to a card part, nothing reserved.
		const short = await call(startSale, deviceId, {
			body: { basket: PILS_AND_PRETZEL, confirmedAge: 16 }
		});
		expect(
			await call(scanKey, deviceId, {
				id: short.body.id,
				body: { key: await newKey('wallet_few') }
			})
		).toEqual({ status: 400, body: { error: { failure: 'insufficient-credit' } } });
		expect(await balance('wallet_few')).toBe(before);
		expect((await creditCalls()).map((call) => call.path)).toEqual([
			'/v3/integrations/credit-transactions/preview'
		]);

		// Enough credits: paid, numbered, the cups issued.
		const sale = await call(startSale, deviceId, {
			body: { basket: PILS_AND_PRETZEL, confirmedAge: 16 }
		});
		const id = sale.body.id as string;
		const scanned = await call(scanKey, deviceId, {
			id,
			body: { key: await newKey('wallet_plenty') }
		});
		expect(scanned).toMatchObject({
			status: 200,
			body: { state: 'credits-previewed', credits: { paymentType: 'CREDIT', outstandingMinor: 0 } }
		});
		const paid = await call(pay, deviceId, { id, body: {} });
		expect(paid).toMatchObject({
			status: 200,
			body: { state: 'completed', orderNumber: expect.any(String), cardPaidMinor: 0 }
		});
		expect(paid.body.deposit.code).toEqual(expect.any(String));
		expect(
			await context.journal.list({ reference: id, operation: JournalOperation.cardPayment })
		).toEqual([]);
	});

	it('with a service fee, which credits never pay (spec 3), the credits are refused before any preview', async () => {
		const { context, deviceId } = await kioskServer({ PLATFORM_SANDBOX_URL: sim.url });
		await saveKioskSettings(context.settings, {
			...kioskSettingsSchema.parse({}),
			serviceFeeMinor: 50
		});
		const sale = await call(startSale, deviceId, {
			body: { basket: PILS_AND_PRETZEL, confirmedAge: 16 }
		});
		expect(
			await call(scanKey, deviceId, {
				id: sale.body.id,
				body: { key: await newKey('wallet_plenty') }
			})
		).toEqual({ status: 409, body: { error: { failure: 'card-unavailable' } } });
		expect(await creditCalls()).toEqual([]);
	});

	it('takes cards once its ZVT terminal is set up', async () => {
		const { context, deviceId } = await kioskServer({ PLATFORM_BASE_URL: sim.url });
		await saveTerminalSettings(context.settings, deviceId, {
			kind: 'zvt',
			host: '127.0.0.1',
			port: 20007,
			password: '000000',
			currencyCode: 'EUR'
		});
		expect((await kioskSnapshot(context, deviceId)).settings.value.cardTerminal).toBe('zvt');
		expect(await context.terminals.cardTerminalOf(deviceId)).toBe('zvt');
	});
});

describe('in demo mode', () => {
	it('the on-screen terminal takes the guest’s tap', async () => {
		const { context, deviceId } = await kioskServer({ DEMO: 'true', SIMULATOR_URL: sim.url });
		expect((await kioskSnapshot(context, deviceId)).settings.value.cardTerminal).toBe('on-screen');
		const sale = await call(startSale, deviceId, {
			body: { basket: PILS_AND_PRETZEL, confirmedAge: 16 }
		});
		const id = sale.body.id as string;
		const paying = call(pay, deviceId, { id, body: {} });
		expect(await call(answerTerminal, deviceId, { id, body: { outcome: 'approved' } })).toEqual({
			status: 200,
			body: { answered: 'approved' }
		});
		expect(await paying).toMatchObject({
			status: 200,
			body: { state: 'completed', cardPaidMinor: 1800 }
		});
	});
});
