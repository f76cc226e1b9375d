/**
 * Age-restricted products over the server's own boundaries (docs/age-checks.md), wired as the
 * server wires them, against the simulator as the platform: the menu file carries a product's
 * and a choice's minimum age both ways (JSON and CSV), a bad age refuses the whole import by row
 * and field with nothing changed; the kiosk's JSON API refuses a sale that needs an age the guest
 * did not confirm, and any on a kiosk set to run unattended — before anything is charged.
 */
import { describe, expect, it } from 'vitest';
import demoMenu from '#lib/server/catalog/demo-menu.json' with { type: 'json' };
import { exportCsv, exportJson } from '#lib/server/catalog/exchange.ts';
import type { ServerContext } from '#lib/server/context.ts';
import { saveUnattended } from '#lib/server/devices/unattended.ts';
import { importMenu } from '#lib/server/setup/menu-edits.ts';
import { POST as startSale } from '../../src/routes/api/kiosk/sales/+server.ts';
import { useSimulator } from './harness.ts';
import { callAsKiosk, useKioskServers } from './kiosk-server.ts';

const sim = useSimulator();
const openKioskServer = useKioskServers(sim);
/** A production kiosk server with the main stage's kiosk paired; each test imports its menu. */
const kioskServer = () => openKioskServer({ menu: false });
const MANAGER = { name: 'Mia Manager', role: 'manager' as const };

const start = (deviceId: string, body: unknown) => callAsKiosk(startSale, deviceId, { body });

const upload = (context: ServerContext, name: string, text: string) => {
	const form = new FormData();
	form.set('file', new File([text], name));
	return importMenu(context, MANAGER, form);
};

describe('minimum ages in the menu file', () => {
	it('round-trip through JSON and CSV; a bad age refuses the whole file, nothing changed', async () => {
		const { context } = await kioskServer();
		expect(await upload(context, 'menu.json', JSON.stringify(demoMenu))).toMatchObject({
			ok: true
		});
		const menu = await context.catalog.list();
		const ageOf = (id: string) => menu.find((product) => product.id === id)?.minAge;
		expect([ageOf('drink_pils'), ageOf('drink_spritz'), ageOf('drink_lemonade')]).toEqual([
			16, 18, 0
		]);
		expect(await upload(context, 'menu.json', exportJson(menu))).toMatchObject({ ok: true });
		expect(await upload(context, 'menu.csv', exportCsv(menu))).toMatchObject({ ok: true });
		expect(await context.catalog.list()).toEqual(menu);

		const bad = demoMenu.products.map((product) =>
			product.id === 'drink_water' ? { ...product, minAge: 14 } : product
		);
		const refused = await upload(context, 'menu.json', JSON.stringify(bad));
		const row = demoMenu.products.findIndex((product) => product.id === 'drink_water') + 1;
		expect(refused).toEqual({
			ok: false,
			problems: [
				`product ${row}, minAge: no age limit 14 at this venue; its age limits are: 16, 18`
			]
		});
		const csv = exportCsv(menu).replace(/,16,/, ',sixteen,');
		const refusedCsv = await upload(context, 'menu.csv', csv);
		expect(refusedCsv).toMatchObject({ ok: false });
		expect(!refusedCsv.ok && 'problems' in refusedCsv && refusedCsv.problems.join()).toMatch(
			/^row \d+, minAge: minimum age "sixteen"/
		);
		expect(await context.catalog.list()).toEqual(menu);
	});
});

describe('the kiosk API', () => {
	const BEER = [{ productId: 'drink_pils', quantity: 1 }];

	it('refuses a sale needing an age the guest did not confirm (409), sells it once confirmed', async () => {
		const { context, deviceId } = await kioskServer();
		await upload(context, 'menu.json', JSON.stringify(demoMenu));
		expect(await start(deviceId, { basket: BEER })).toEqual({
			status: 409,
			body: { error: { failure: 'age-unconfirmed' } }
		});
		expect(await start(deviceId, { basket: BEER, confirmedAge: 'yes' })).toMatchObject({
			status: 400
		});
		const spritz = [{ productId: 'drink_spritz', quantity: 1 }];
		expect((await start(deviceId, { basket: spritz, confirmedAge: 16 })).status).toBe(409);
		// Nothing was sold, nothing charged: no sale exists.
		expect(await context.store.db.selectFrom('sales').select('id').execute()).toEqual([]);
		expect((await start(deviceId, { basket: BEER, confirmedAge: 16 })).status).toBe(200);
	});

	it('an unattended kiosk sells nothing age-restricted, whatever the screen confirmed', async () => {
		const { context, deviceId } = await kioskServer();
		await upload(context, 'menu.json', JSON.stringify(demoMenu));
		await saveUnattended(context.settings, deviceId, true);
		expect(await start(deviceId, { basket: BEER, confirmedAge: 18 })).toEqual({
			status: 409,
			body: { error: { failure: 'age-unattended' } }
		});
		const pretzel = [{ productId: 'food_pretzel', quantity: 1 }];
		expect((await start(deviceId, { basket: pretzel })).status).toBe(200);
	});
});
