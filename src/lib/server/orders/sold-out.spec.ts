import { NO_FACTS } from '#lib/shared/food-facts.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuditLog } from '../audit/audit-log.ts';
import { CatalogRepository } from '../catalog/catalog-repository.ts';
import { MenuFeed } from '../catalog/menu-feed.ts';
import type { Product } from '../catalog/product.ts';
import type { ServerContext } from '../context.ts';
import type { DeviceMode, DeviceRecord } from '../devices/device-repository.ts';
import { checkoutOverStore } from '../sales/testing/checkout-over-store.ts';
import type { PostgresNotices } from '../store/change-notices.ts';
import type { Store } from '../store/store.ts';
import { ENGINES, openTestStore } from '../store/testing/test-stores.ts';
import { changeSoldOut, soldOutList } from './sold-out.ts';

const product = (id: string, position: number): Product => ({
	id,
	category: 'beer',
	name: { en: id, de: id },
	description: {},
	grossMinor: 450,
	currencyCode: 'EUR',
	vatBp: 1900,
	image: null,
	available: true,
	position,
	options: [],
	facts: NO_FACTS,
	minAge: 0
});

const device = (id: string, mode: DeviceMode): DeviceRecord => ({
	id,
	name: `${mode} ${id}`,
	environment: 'sandbox',
	baseUrl: 'https://platform.invalid',
	mode,
	createdAt: '2026-11-28T10:00:00.000Z'
});

const DEVICES = [device('board-1', 'board'), device('kiosk-1', 'kiosk')];

function form(fields: Record<string, string>): FormData {
	const data = new FormData();
	for (const [name, value] of Object.entries(fields)) data.append(name, value);
	return data;
}

describe.each(ENGINES)('sold out on the order board, on %s', (engine) => {
	let store: Store;
	let catalog: CatalogRepository;
	let audit: AuditLog;
	let menuFeed: MenuFeed;
	let kioskTold: ReturnType<typeof vi.fn<(sequence: number) => void>>;
	let boardsTold: ReturnType<typeof vi.fn<() => void>>;
	let context: ServerContext;

	beforeEach(async () => {
		store = await openTestStore(engine);
		catalog = new CatalogRepository(store);
		await catalog.replaceAll([product('drink_pils', 10), product('food_pretzel', 20)]);
		audit = new AuditLog(store, () => new Date('2026-11-28T21:15:00.000Z'));
		menuFeed = new MenuFeed(store);
		kioskTold = vi.fn<(sequence: number) => void>();
		menuFeed.subscribe(kioskTold);
		// On PostgreSQL the notices come through a connection of their own: listening first.
		if (engine === 'postgres') await (store.notices as PostgresNotices).ready();
		boardsTold = vi.fn<() => void>();
		context = {
			devices: { get: async (id: string) => DEVICES.find((entry) => entry.id === id) },
			catalog,
			audit,
			menuFeed,
			orderFeed: { changed: boardsTold }
		} as unknown as ServerContext;
	});
	afterEach(async () => {
		menuFeed.close();
		await store.close();
	});

	const tap = (screenDeviceId: string | null, productId: string, soldOut: string) =>
		changeSoldOut(context, screenDeviceId, form({ productId, soldOut }));

	it('one tap sells a product out: stored, audited with who and when, kiosks and boards told', async () => {
		expect(await tap('board-1', 'drink_pils', 'true')).toEqual({ ok: true });

		expect((await catalog.get('drink_pils'))?.available).toBe(false);
		expect(await soldOutList(context)).toEqual([
			{
				id: 'drink_pils',
				category: 'beer',
				name: { en: 'drink_pils', de: 'drink_pils' },
				soldOut: true
			},
			{
				id: 'food_pretzel',
				category: 'beer',
				name: { en: 'food_pretzel', de: 'food_pretzel' },
				soldOut: false
			}
		]);
		const { entries } = await audit.list();
		expect(entries).toEqual([
			expect.objectContaining({
				at: '2026-11-28T21:15:00.000Z',
				actorName: 'board board-1',
				actorRole: 'staff',
				action: 'menu.sold-out',
				subject: 'drink_pils',
				details: { board: 'board-1', before: { soldOut: false }, after: { soldOut: true } }
			})
		]);
		await expect.poll(() => kioskTold.mock.calls.length).toBe(1);
		expect(boardsTold).toHaveBeenCalledTimes(1);
	});

	it('one tap brings it back, audited as back', async () => {
		await tap('board-1', 'drink_pils', 'true');
		expect(await tap('board-1', 'drink_pils', 'false')).toEqual({ ok: true });

		expect((await catalog.get('drink_pils'))?.available).toBe(true);
		const { entries } = await audit.list();
		expect(entries.map((entry) => entry.details)).toEqual([
			{ board: 'board-1', before: { soldOut: true }, after: { soldOut: false } },
			{ board: 'board-1', before: { soldOut: false }, after: { soldOut: true } }
		]);
		await expect.poll(() => kioskTold.mock.calls.length).toBe(2);
	});

	it('a second tap on a product already sold out changes and records nothing', async () => {
		await tap('board-1', 'drink_pils', 'true');
		expect(await tap('board-1', 'drink_pils', 'true')).toEqual({ ok: true });
		expect((await audit.list()).entries).toHaveLength(1);
		await expect.poll(() => kioskTold.mock.calls.length).toBe(1);
	});

	it.each([
		['no screen at all', null],
		['a browser paired as a kiosk', 'kiosk-1'],
		['a screen the server does not know', 'gone-1']
	])('only a board may: %s is refused, nothing changed or recorded', async (_, screen) => {
		expect(await tap(screen, 'drink_pils', 'true')).toEqual({ ok: false, error: 'not-paired' });
		expect((await catalog.get('drink_pils'))?.available).toBe(true);
		expect((await audit.list()).entries).toEqual([]);
		expect(kioskTold).not.toHaveBeenCalled();
	});

	it.each([
		['no product', { soldOut: 'true' }, 'bad-request'],
		['a product id no menu has', { productId: 'drink pils', soldOut: 'true' }, 'bad-request'],
		['no state', { productId: 'drink_pils' }, 'bad-request'],
		['another state', { productId: 'drink_pils', soldOut: 'yes' }, 'bad-request'],
		['a product not on the menu', { productId: 'drink_stout', soldOut: 'true' }, 'unknown-product']
	])('bad input (%s) is refused by name, nothing changed', async (_, fields, error) => {
		expect(await changeSoldOut(context, 'board-1', form(fields))).toEqual({ ok: false, error });
		expect((await catalog.list()).every((entry) => entry.available)).toBe(true);
		expect((await audit.list()).entries).toEqual([]);
	});

	describe('a sale holding a sold-out product', () => {
		const ask = vi.fn();
		function checkout() {
			return checkoutOverStore(store, {
				terminal: { pay: ask } as never,
				// As the server wires it (context.ts): the whole menu.
				products: () => catalog.list()
			});
		}
		const basket = [
			{ productId: 'drink_pils', quantity: 2 },
			{ productId: 'food_pretzel', quantity: 1 }
		];

		it('is refused as sold out: no sale, nothing charged; once back it sells', async () => {
			await tap('board-1', 'food_pretzel', 'true');
			await expect(checkout().start('kiosk-1', basket)).rejects.toMatchObject({
				failure: 'sold-out',
				detail: { kind: 'unavailable', productId: 'food_pretzel' }
			});
			expect(await store.db.selectFrom('sales').select('id').execute()).toEqual([]);
			expect(ask).not.toHaveBeenCalled();

			await tap('board-1', 'food_pretzel', 'false');
			const sale = await checkout().start('kiosk-1', basket);
			expect(sale.quote.goodsMinor).toBe(3 * 450);
		});
	});
});
