/**
 * The fault matrix (docs/platform-assumptions.md, The kiosk's checkout under faults): every kind of
 * sale × every platform call it makes × every fault mode × the card outcomes, and the return
 * station's preview and validate likewise. After each cell the faults are cleared, the guest's
 * screen does what it would (a failed scan is scanned again once, an open sale is released), the
 * recovery pass and the journal resolver run as the server runs them, and the invariants are
 * checked against the platform's own state, read over the simulator's control API only:
 * - the wallet moved by exactly the sale's credits if it is paid, by 0 if not;
 * - the card was charged (approved, not refunded) exactly the sale's card part if it is paid,
 *   nothing if not — or the sale is flagged for staff with the reason; never twice;
 * - a paid sale with containers has a code whose containers match the basket; every other code
 *   the platform created for it is flagged for staff; an unpaid sale made none;
 * - no order number or code for an unpaid sale; a paid sale's figures add up;
 * - nothing but a CheckoutError/ReturnError reaches the kiosk API (anything else would be a 500);
 * - a return's refund shown equals the containers the platform marked RETURNED.
 * The summary (cells held / total) is printed at the end.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { Journal } from '#lib/server/journal/journal.ts';
import { JournalOperation } from '#lib/server/journal/journal-operation.ts';
import { resolveOpenEntries } from '#lib/server/journal/resolver.ts';
import { ReturnDesk, ReturnError } from '#lib/server/returns/return-desk.ts';
import { CheckoutError } from '#lib/server/sales/checkout.ts';
import { POSSIBLY_ISSUED } from '#lib/server/sales/deposit-issuing.ts';
import type { TerminalOutcome } from '#lib/server/terminal/payment-terminal.ts';
import { isPaid } from '#lib/shared/sale-states.ts';
import type { Sale } from '#lib/server/sales/sale.ts';
import { saleView } from '#lib/server/sales/sale-view.ts';
import { contractStore } from './contract-store.ts';
import { checkoutRig, DEFAULT_CHECKOUT_SETTINGS, type CheckoutRig } from './checkout-rig.ts';
import { clientFor, sleep } from './client-support.ts';
import { useSimulator } from './harness.ts';
import { SALE_KINDS, type SaleKind } from './sale-kinds.ts';

const sim = useSimulator();

/** The client's time limit in these cells; a `timeout` fault waits longer than that. */
const TIMEOUT_MS = 200;
const DELAY_MS = TIMEOUT_MS * 2;

const CALL_PATHS = {
	preview: { method: 'POST', path: '/v3/integrations/credit-transactions/preview' },
	update: { method: 'POST', path: '/v1/integrations/credit-transactions/*/update' },
	finalize: { method: 'POST', path: '/v3/integrations/credit-transactions/*/finalize' },
	cancel: { method: 'POST', path: '/v1/integrations/credit-transactions/*/cancel' },
	create: { method: 'POST', path: '/v1/integrations/hybrid-revo-token-transactions' },
	'return preview': {
		method: 'GET',
		path: '/v1/integrations/hybrid-revo-token-transactions/*/preview'
	},
	validate: { method: 'POST', path: '/v1/integrations/hybrid-revo-token-transactions/*/validate' }
} as const;
type Call = keyof typeof CALL_PATHS;

/** Each mode as the faults the simulator is given, in order. */
const FAULT_MODES = {
	'503': [{ mode: 'status', status: 503 }],
	'500': [{ mode: 'status', status: 500 }],
	'answer dropped': [{ mode: 'drop' }],
	'past the time limit': [{ mode: 'delay', delayMs: DELAY_MS }],
	'two in a row (503, then dropped)': [{ mode: 'status', status: 503 }, { mode: 'drop' }],
	'outlasts the retries': [{ mode: 'status', status: 503, count: 50 }]
} as const;
type FaultMode = keyof typeof FAULT_MODES;

interface SaleCell {
	kind: SaleKind;
	call: Call | null;
	mode: FaultMode | null;
	card: TerminalOutcome;
}

const cardPartOf = (kind: SaleKind) =>
	kind.walletId === null ||
	kind.walletId === 'wallet_few' ||
	(kind.settings?.serviceFeeMinor ?? 0) > 0;

/** The platform calls a sale of this kind makes when the card answers `card`. */
function callsOf(kind: SaleKind, card: TerminalOutcome): Call[] {
	const credits = kind.walletId !== null;
	const fee = (kind.settings?.serviceFeeMinor ?? 0) > 0;
	const cups = kind.basket.some((line) => line.productId.startsWith('drink_'));
	const beforeCard: Call[] = credits ? ['preview', ...(fee ? (['update'] as const) : [])] : [];
	if (card === 'approved') {
		return [
			...beforeCard,
			...(credits ? (['finalize'] as const) : []),
			...(cups ? (['create'] as const) : [])
		];
	}
	return card === 'declined' && credits ? [...beforeCard, 'cancel'] : beforeCard;
}

function saleCells(): SaleCell[] {
	const cells: SaleCell[] = [];
	for (const kind of SALE_KINDS) {
		const outcomes: TerminalOutcome[] = cardPartOf(kind)
			? ['approved', 'declined', 'uncertain']
			: ['approved'];
		for (const card of outcomes) {
			const calls = callsOf(kind, card);
			if (calls.length === 0) cells.push({ kind, call: null, mode: null, card });
			for (const call of calls) {
				for (const mode of Object.keys(FAULT_MODES) as FaultMode[]) {
					cells.push({ kind, call, mode, card });
				}
			}
		}
	}
	return cells;
}

const results: { cell: string; held: boolean }[] = [];
/** Each wallet's balance when the cell began (the simulator is reset before every cell). */
const STARTING_BALANCES: Record<string, number> = {};
afterAll(() => {
	const held = results.filter((result) => result.held).length;
	console.log(`fault matrix: ${held} of ${results.length} cells held`);
	for (const result of results.filter((r) => !r.held)) console.log(`  broken: ${result.cell}`);
});

async function injectFaults(call: Call, mode: FaultMode): Promise<void> {
	for (const fault of FAULT_MODES[mode]) {
		await sim.control('POST', '/_sim/faults', { ...CALL_PATHS[call], ...fault });
	}
}

async function newKey(walletId: string): Promise<string> {
	return (await sim.control('POST', '/_sim/transaction-keys', { walletId })).body.transactionKey;
}

async function balanceMinor(walletId: string): Promise<number> {
	return Math.round((await sim.control('GET', `/_sim/wallets/${walletId}`)).body.balance * 100);
}

/** Only failures the kiosk API answers with a 4xx/5xx of its own; anything else would be a 500. */
async function guest<T>(step: Promise<T>): Promise<T | CheckoutError> {
	try {
		return await step;
	} catch (error) {
		if (error instanceof CheckoutError) return error;
		throw error;
	}
}

/** The codes the platform created in this cell (a dropped or timed-out create created one too). */
async function createdCodes(): Promise<number> {
	const { body } = await sim.control('GET', '/_sim/requests');
	return (body as { method: string; path: string; status: number }[]).filter(
		(entry) =>
			entry.method === 'POST' && entry.path === CALL_PATHS.create.path && entry.status === 201
	).length;
}

/** What the guest and the server do: scan (again once if it failed), pay, leave; then recovery. */
async function runSaleCell(rig: CheckoutRig, cell: SaleCell): Promise<Sale> {
	const { checkout } = rig;
	Object.assign(rig.settings, DEFAULT_CHECKOUT_SETTINGS, cell.kind.settings);
	rig.terminal.fixedOutcome = cell.card;
	const sale = await checkout.start(rig.deviceId, cell.kind.basket);
	if (cell.call && cell.mode) await injectFaults(cell.call, cell.mode);
	if (cell.kind.walletId) {
		const key = await newKey(cell.kind.walletId);
		const scanned = await guest(checkout.scanLoyaltyKey(sale.id, key));
		if (scanned instanceof CheckoutError) {
			await sim.control('DELETE', '/_sim/faults');
			await guest(checkout.scanLoyaltyKey(sale.id, key));
		}
	}
	const paid = await guest(checkout.pay(sale.id));
	if (!(paid instanceof CheckoutError)) checkNoPaidViewUnlessPaid(paid, 'right after pay');
	await sim.control('DELETE', '/_sim/faults');
	// A delayed call takes effect on the platform after the client gave up on it: let it land
	// before the invariants are read (and before the next cell resets the simulator).
	if (cell.mode === 'past the time limit') await sleep(DELAY_MS + 100);
	// The screen: a declined or failed payment leaves the sale open until the guest leaves.
	await guest(checkout.abandon(sale.id));
	for (let pass = 0; pass < 3; pass += 1) await rig.recovery.run();
	const platform = clientFor(sim, 'dev_kiosk_main');
	// Asked before the resolver runs: nothing else moves the sale meanwhile.
	const sagaOwns = await checkout.owns(sale.id);
	await resolveOpenEntries(
		rig.journal,
		async () => platform,
		async (entry) => entry.reference === sale.id && sagaOwns
	);
	return checkout.get(sale.id);
}

function checkNoPaidViewUnlessPaid(sale: Sale, when: string): void {
	const view = saleView(sale);
	if (view.state === 'completed' || view.orderNumber !== null || view.deposit !== null) {
		expect(
			['paid', 'completed', 'needs-staff'].includes(sale.state),
			`${when}: order number or code only once paid`
		).toBe(true);
	}
}

async function checkSaleInvariants(rig: CheckoutRig, cell: SaleCell, sale: Sale): Promise<void> {
	expect(['completed', 'abandoned', 'needs-staff'], 'the sale reached its end').toContain(
		sale.state
	);
	checkNoPaidViewUnlessPaid(sale, 'at the end');
	const paid = isPaid(sale);
	const flagged = await rig.journal.list({ reference: sale.id, status: 'needs-staff' });

	if (cell.kind.walletId) {
		const moved = STARTING_BALANCES[cell.kind.walletId]! - (await balanceMinor(cell.kind.walletId));
		expect(moved, 'wallet moved by the sale’s credits if paid, else 0').toBe(
			paid ? (sale.credits?.creditsMinor ?? 0) : 0
		);
	}

	const cardEntries = await rig.journal.list({
		reference: sale.id,
		operation: JournalOperation.cardPayment
	});
	const charged: typeof cardEntries = [];
	for (const entry of cardEntries) {
		const { reference } = entry.request as { reference: string };
		if (entry.status === 'succeeded' && !(await rig.terminal.refunded(reference)))
			charged.push(entry);
	}
	expect(charged.length, 'never a second charge').toBeLessThanOrEqual(1);
	const chargedMinor = charged.reduce(
		(sum, entry) => sum + (entry.request as { amountMinor: number }).amountMinor,
		0
	);
	if (sale.state === 'needs-staff' && !paid) {
		expect(flagged.length, 'an unsettled card is flagged for staff').toBeGreaterThan(0);
	} else {
		expect(chargedMinor, 'the card charged the card part if paid, else nothing').toBe(
			paid ? sale.cardPaidMinor : 0
		);
	}

	const created = await createdCodes();
	const possiblyIssued = flagged.filter((entry) => entry.errorCode === POSSIBLY_ISSUED).length;
	if (!paid) {
		expect(created, 'no code for an unpaid sale').toBe(0);
		expect(sale.orderNumber).toBeNull();
	} else {
		const quote = sale.quote;
		const credits = sale.credits;
		const due = credits
			? credits.grossMinor - credits.discountMinor
			: quote.totalMinor + quote.serviceFeeMinor;
		expect((credits?.creditsMinor ?? 0) + sale.cardPaidMinor, 'credits + card = total').toBe(due);
		if (quote.depositItems.length > 0 && sale.state === 'completed') {
			const { body } = await sim.control('GET', `/_sim/deposit-transactions/${sale.deposit!.code}`);
			const issued = (body.items as { categoryId: string }[]).length;
			const expected = quote.depositLines.reduce((sum, line) => sum + line.quantity, 0);
			expect(issued, 'the code’s containers match the basket').toBe(expected);
			expect(created - 1, 'every extra code is flagged for staff').toBeLessThanOrEqual(
				possiblyIssued
			);
		} else if (quote.depositItems.length > 0) {
			expect(sale.problem).toBe('deposits-not-issued');
			expect(created, 'every code not handed out is flagged').toBeLessThanOrEqual(possiblyIssued);
		} else {
			expect(created).toBe(0);
		}
	}
}

const cellName = (cell: SaleCell) =>
	`${cell.kind.name} · ${cell.call ? `${cell.call}: ${cell.mode}` : 'no fault'} · card ${cell.card}`;

describe('every sale × every call × every fault × card outcome', () => {
	it.each(saleCells().map((cell) => [cellName(cell), cell] as const))('%s', async (name, cell) => {
		let held = false;
		try {
			const rig = await checkoutRig(
				{ url: sim.url, apiKey: sim.device('dev_kiosk_main').apiKey },
				{ timeoutMs: TIMEOUT_MS }
			);
			if (cell.kind.walletId) {
				STARTING_BALANCES[cell.kind.walletId] = await balanceMinor(cell.kind.walletId);
			}
			await sim.control('DELETE', '/_sim/requests');
			const sale = await runSaleCell(rig, cell);
			await checkSaleInvariants(rig, cell, sale);
			held = true;
		} finally {
			results.push({ cell: name, held });
		}
	});
});

describe('the return station × every call × every fault', () => {
	const STATION = 'dev_return_main';
	const cells = (['return preview', 'validate'] as const).flatMap((call) =>
		(Object.keys(FAULT_MODES) as FaultMode[]).map(
			(mode) => [`${call}: ${mode}`, call, mode] as const
		)
	);

	it.each(cells)('%s', async (name, call, mode) => {
		let held = false;
		try {
			const platform = clientFor(sim, STATION, { timeoutMs: TIMEOUT_MS });
			const desk = new ReturnDesk({
				journal: new Journal(await contractStore()),
				platformFor: async () => platform,
				issuedHere: async () => null,
				placeName: async () => null,
				placeOfDevice: async () => null,
				settings: async () => ({ staffAttended: false, idleSeconds: 60, resultSeconds: 15 }),
				checkPin: async () => 'ok' as const,
				acrossServers: (_code, task) => task()
			});
			const code = (
				await clientFor(sim, 'dev_kiosk_main').deposits.createTransaction([
					{ productId: 'drink_pils', quantity: 3 }
				])
			).code;
			await injectFaults(call, mode);
			let refundedMinor = 0;
			// The guest tries, and tries once more after a failure (as the screen offers).
			for (let attempt = 0; attempt < 2 && refundedMinor === 0; attempt += 1) {
				try {
					const preview = await desk.preview(STATION, code);
					const quantities = Object.fromEntries(
						preview.categories.map((category) => [category.categoryId, category.activeCount])
					);
					if (Object.values(quantities).every((count) => count === 0)) break;
					const result = await desk.confirm(STATION, {
						returnId: preview.returnId,
						code,
						quantities
					});
					refundedMinor += result.refunds.reduce((sum, refund) => sum + refund.minor, 0);
				} catch (error) {
					if (!(error instanceof ReturnError)) throw error;
					await sim.control('DELETE', '/_sim/faults');
				}
			}
			if (mode === 'past the time limit') await sleep(DELAY_MS + 100);
			const { body } = await sim.control('GET', `/_sim/deposit-transactions/${code}`);
			const returned = (body.items as { status: string }[]).filter(
				(item) => item.status === 'RETURNED'
			).length;
			expect(refundedMinor, 'the refund shown equals what the platform returned').toBe(
				returned * 200
			);
			held = true;
		} finally {
			results.push({ cell: name, held });
		}
	});
});
