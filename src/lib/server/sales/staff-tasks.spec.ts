import { describe, expect, it } from 'vitest';
import { staffTaskOf } from './staff-tasks.ts';
import { quoteFactory, saleFactory } from './testing/factories.ts';

const payment = { reference: 'sale-1.3', amountMinor: 1340 };

describe('staffTaskOf', () => {
	it('a card outcome nobody knows: the amount asked and the terminal reference to look up', () => {
		expect(
			staffTaskOf(saleFactory({ state: 'needs-staff', problem: 'card-outcome-unknown', payment }))
		).toMatchObject({
			kind: 'card-outcome-unknown',
			amountMinor: 1340,
			terminalReference: 'sale-1.3'
		});
	});

	it('containers paid and not issued: the deposit and the number of containers', () => {
		const quote = quoteFactory({
			depositMinor: 400,
			depositLines: [
				{
					categoryId: 'cat_cup',
					name: 'Cup',
					quantity: 2,
					unitMinor: 200,
					lineMinor: 400,
					vatBp: 0,
					expirationHours: 48
				}
			]
		});
		expect(
			staffTaskOf(
				saleFactory({
					state: 'needs-staff',
					problem: 'deposits-not-issued',
					orderNumber: 'K-007',
					quote
				})
			)
		).toMatchObject({
			kind: 'deposits-not-issued',
			amountMinor: 400,
			containers: 2,
			orderNumber: 'K-007'
		});
	});

	it('nothing to do for a sale that does not need staff', () => {
		expect(staffTaskOf(saleFactory({ state: 'completed' }))).toBeNull();
		expect(
			staffTaskOf(saleFactory({ state: 'abandoned', problem: 'card-not-charged' }))
		).toBeNull();
	});
});
