/**
 * The kiosk's demo menu sells the simulator's products: same ids, gross prices and VAT rates, so
 * deposits map (spec 1) and loyalty discounts apply (spec 3) in the demo.
 */
import { describe, expect, it } from 'vitest';
import demoMenu from '#lib/server/catalog/demo-menu.json' with { type: 'json' };
import { useSimulator } from './harness.ts';

const sim = useSimulator();

describe('demo menu', () => {
	it('lists every simulator product of the demo organization with its price and VAT rate', () => {
		const fromMenu = demoMenu.products
			.map(({ id, grossPrice, vat }) => ({ productId: id, grossPrice, vat }))
			.sort((a, b) => a.productId.localeCompare(b.productId));
		const fromSimulator = sim.seed.products
			.map(({ productId, grossPrice, vat }) => ({ productId, grossPrice, vat }))
			.sort((a, b) => a.productId.localeCompare(b.productId));
		expect(fromMenu).toEqual(fromSimulator);
	});

	it('offers only products sold at the main stage, where the demo kiosk stands', () => {
		const mainStage = new Set(
			sim.seed.products
				.filter((product) => product.placeIds.includes('place_main_stage'))
				.map((product) => product.productId)
		);
		const available = demoMenu.products
			.filter((product) => product.available !== false)
			.map((product) => product.id);
		expect(available.filter((id) => !mainStage.has(id))).toEqual([]);
	});
});
