/**
 * The menu exchange with food facts (docs/allergens.md), over the server's own boundaries and
 * wired as the server wires them: the setup page's exports (JSON, CSV) carry each product's and
 * each option choice's allergens, additives and diet labels — JSON with the venue's additive list
 * — and importing them back (the setup page's import) leaves the menu as it was; an unknown
 * allergen refuses the whole file by row and field, nothing changed; a sale started through the
 * kiosk's JSON API keeps what each line contains for its receipt.
 */
import { describe, expect, it } from 'vitest';
import demoMenu from '#lib/server/catalog/demo-menu.json' with { type: 'json' };
import { DEFAULT_ADDITIVES, venueAdditives } from '#lib/server/catalog/additives.ts';
import type { ServerContext } from '#lib/server/context.ts';
import { importMenu } from '#lib/server/setup/menu-edits.ts';
import { POST as startSale } from '../../src/routes/api/kiosk/sales/+server.ts';
import { GET as exportCsvRoute } from '../../src/routes/setup/menu/export.csv/+server.ts';
import { GET as exportJsonRoute } from '../../src/routes/setup/menu/export.json/+server.ts';
import { useSimulator } from './harness.ts';
import { callAsKiosk, useKioskServers } from './kiosk-server.ts';

const sim = useSimulator();
const openKioskServer = useKioskServers(sim);
/** A production kiosk server with the main stage's kiosk paired; each test imports its menu. */
const kioskServer = () => openKioskServer({ menu: false });
const MANAGER = { name: 'Mia Manager', role: 'manager' as const };

const upload = (context: ServerContext, name: string, text: string) => {
	const form = new FormData();
	form.set('file', new File([text], name));
	return importMenu(context, MANAGER, form);
};

/** The setup page's download, as the manager's browser gets it. */
const download = async (route: typeof exportJsonRoute | typeof exportCsvRoute) =>
	(await route({ locals: { staff: MANAGER, screenDeviceId: null } } as never)).text();

describe('allergens and additives in the menu exchange', () => {
	it('round-trip through the setup page’s JSON and CSV, the additive list with JSON', async () => {
		const { context } = await kioskServer();
		// The venue's own list: Germany's with one added.
		const own = [
			...DEFAULT_ADDITIVES,
			{ id: 'taurine', name: { en: 'with taurine', de: 'mit Taurin' } }
		];
		const file = { products: demoMenu.products, additives: own };
		expect(await upload(context, 'menu.json', JSON.stringify(file))).toMatchObject({ ok: true });
		const menu = await context.catalog.list();
		const factsOf = (id: string) => menu.find((product) => product.id === id)?.facts;
		expect(factsOf('food_bratwurst')).toEqual({
			allergens: ['gluten', 'mustard'],
			additives: ['phosphate'],
			diets: []
		});
		const milk = menu
			.find((product) => product.id === 'drink_coffee')!
			.options.find((group) => group.id === 'milk')!;
		expect(milk.choices.map((choice) => choice.allergens)).toEqual([['milk'], ['gluten']]);
		expect(await venueAdditives(context.settings)).toEqual(own);

		const json = await download(exportJsonRoute);
		expect(JSON.parse(json)).toMatchObject({ additives: own });
		const csv = await download(exportCsvRoute);
		expect(csv.split('\n')[0]).toMatch(/\ballergens\b.*\badditives\b.*\bdiets\b/);
		expect(await upload(context, 'menu.json', json)).toMatchObject({ ok: true });
		expect(await upload(context, 'menu.csv', csv)).toMatchObject({ ok: true });
		expect(await context.catalog.list()).toEqual(menu);
		expect(await venueAdditives(context.settings)).toEqual(own);
	});

	it('an unknown allergen refuses the whole file by row and field; nothing changed', async () => {
		const { context } = await kioskServer();
		await upload(context, 'menu.json', JSON.stringify(demoMenu));
		const menu = await context.catalog.list();
		const bad = demoMenu.products.map((product) =>
			product.id === 'food_pretzel' ? { ...product, allergens: ['gluten', 'peanut'] } : product
		);
		const refused = await upload(context, 'menu.json', JSON.stringify(bad));
		const row = demoMenu.products.findIndex((product) => product.id === 'food_pretzel') + 1;
		expect(refused).toMatchObject({ ok: false });
		expect(!refused.ok && 'problems' in refused && refused.problems).toEqual([
			expect.stringMatching(new RegExp(`^product ${row}, allergens\\.1: unknown allergen "peanut"`))
		]);
		const csv = (await download(exportCsvRoute)).replace('gluten,mustard', 'gluten,mustard,soy');
		expect(await upload(context, 'menu.csv', csv)).toMatchObject({ ok: false });
		expect(await context.catalog.list()).toEqual(menu);
	});

	it('a sale keeps each line’s allergens and additives for its receipt', async () => {
		const { context, deviceId } = await kioskServer();
		await upload(context, 'menu.json', JSON.stringify(demoMenu));
		const started = await callAsKiosk(startSale, deviceId, {
			body: {
				basket: [
					{ productId: 'food_bratwurst', quantity: 1 },
					{ productId: 'drink_water', quantity: 1 }
				]
			}
		});
		expect(started.status).toBe(200);
		const [bratwurst, water] = started.body.lines;
		expect(bratwurst).toMatchObject({
			productId: 'food_bratwurst',
			allergens: ['gluten', 'mustard'],
			additives: [{ en: 'with phosphate', de: 'mit Phosphat' }]
		});
		expect(water).not.toHaveProperty('allergens');
		expect(water).not.toHaveProperty('additives');
	});
});
