/**
 * Deposit controls under `/_sim/` (no key): switch the configuration on or off, replace its
 * product mapping (a new version, spec 1 rule 2), and look at a transaction's items.
 */
import { z } from 'zod';
import { PlatformError, SimErrorCode, validationFailed } from '../errors.ts';
import type { ControlRoute } from '../routing.ts';
import { ORGANIZATION_ID } from '../seed.ts';
import { isoTime, type DepositConfiguration, type SimState } from '../state.ts';
import { parseWith } from '../validation.ts';
import { currentVersion, findConfiguration } from './configuration.ts';

const configurationSchema = z.strictObject({
	organizationId: z.string().min(1).default(ORGANIZATION_ID),
	enabled: z.boolean().optional(),
	products: z
		.array(z.strictObject({ productId: z.string().min(1), categoryId: z.string().min(1) }))
		.optional()
});

function configurationView(configuration: DepositConfiguration) {
	const version = currentVersion(configuration);
	return {
		organizationId: configuration.organizationId,
		enabled: configuration.enabled,
		version: version.version,
		products: version.hybridProducts.map(({ productId, categoryId }) => ({ productId, categoryId }))
	};
}

/** Appends a version with `products` as its hybrid mapping; categories and tokens carry over. */
function addVersion(
	state: SimState,
	configuration: DepositConfiguration,
	products: { productId: string; categoryId: string }[]
): void {
	const previous = currentVersion(configuration);
	const problems: string[] = [];
	const seen = new Set<string>();
	products.forEach(({ productId, categoryId }, index) => {
		const known = state.products.some(
			(product) =>
				product.productId === productId && product.organizationId === configuration.organizationId
		);
		if (!known) problems.push(`products.${index}.productId: unknown product ${productId}`);
		if (seen.has(productId)) problems.push(`products.${index}.productId: ${productId} repeated`);
		seen.add(productId);
		if (!previous.categories.some((category) => category.id === categoryId)) {
			problems.push(`products.${index}.categoryId: unknown category ${categoryId}`);
		}
	});
	if (problems.length) throw validationFailed(problems);
	const version = previous.version + 1;
	configuration.versions.push({
		version,
		createdAt: state.clock.now(),
		categories: structuredClone(previous.categories),
		hybridProducts: products.map(({ productId, categoryId }) => ({
			mappingId: `map_v${version}_${productId}`,
			productId,
			categoryId
		})),
		tokenProducts: structuredClone(previous.tokenProducts)
	});
}

export const depositControlRoutes: ControlRoute[] = [
	{
		method: 'PUT',
		path: '/_sim/deposit-configuration',
		handle({ sim, request }) {
			const { organizationId, enabled, products } = parseWith(configurationSchema, request.body);
			const configuration = findConfiguration(sim.state, organizationId);
			if (!configuration) {
				throw new PlatformError(
					404,
					SimErrorCode.notFound,
					`Organization ${organizationId} has no deposit configuration.`
				);
			}
			if (products) addVersion(sim.state, configuration, products);
			if (enabled !== undefined) configuration.enabled = enabled;
			return { status: 200, body: configurationView(configuration) };
		}
	},
	{
		method: 'GET',
		path: '/_sim/deposit-transactions/:code',
		handle({ sim, request }) {
			const transaction = sim.state.depositTransactions.find(
				(candidate) => candidate.code === request.params.code
			);
			if (!transaction) {
				throw new PlatformError(404, SimErrorCode.notFound, 'No transaction for the given code.');
			}
			return {
				status: 200,
				body: {
					code: transaction.code,
					sequenceNumber: transaction.sequenceNumber,
					placeId: transaction.placeId,
					configVersion: transaction.configVersion,
					items: transaction.items.map(({ categoryId, status, expiresAt }) => ({
						categoryId,
						status,
						expiresAt: isoTime(expiresAt)
					}))
				}
			};
		}
	}
];
