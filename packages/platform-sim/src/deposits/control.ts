/**
 * Deposit controls under `/_sim/` (no key) — the platform's management console: create or
 * delete an organization's configuration, switch it on or off, change its product mapping or
 * category figures (a new version, spec 1 rule 2), and look at a transaction's items.
 */
import { z } from 'zod';
import { PlatformError, SimErrorCode, validationFailed } from '../errors.ts';
import type { ControlRoute } from '../routing.ts';
import { ORGANIZATION_ID } from '../seed.ts';
import { toMinor } from '@venue-kiosk/vocabulary/money.ts';
import { isoTime, type DepositConfiguration, type SimState } from '../state.ts';
import { parseWith } from '../validation.ts';
import { currentVersion, findConfiguration } from './configuration.ts';
import { DepositErrorCode } from './error-codes.ts';

const productMappingSchema = z.strictObject({
	productId: z.string().min(1),
	categoryId: z.string().min(1)
});
const categoryChangeSchema = z.strictObject({
	id: z.string().min(1),
	name: z.string().min(1).optional(),
	expirationHours: z
		.int()
		.min(1)
		.max(24 * 365)
		.optional(),
	depositGross: z.number().min(0).max(10_000).optional()
});
type VersionChange = {
	products?: z.output<typeof productMappingSchema>[];
	categories?: z.output<typeof categoryChangeSchema>[];
};

const configurationSchema = z.strictObject({
	organizationId: z.string().min(1).default(ORGANIZATION_ID),
	enabled: z.boolean().optional(),
	products: z.array(productMappingSchema).optional(),
	categories: z.array(categoryChangeSchema).optional()
});
const newConfigurationSchema = z.strictObject({ organizationId: z.string().min(1) });

function requireConfiguration(state: SimState, organizationId: string): DepositConfiguration {
	const configuration = findConfiguration(state, organizationId);
	if (!configuration) {
		throw new PlatformError(
			404,
			SimErrorCode.notFound,
			`Organization ${organizationId} has no deposit configuration.`
		);
	}
	return configuration;
}

function configurationView(configuration: DepositConfiguration) {
	const version = currentVersion(configuration);
	return {
		organizationId: configuration.organizationId,
		enabled: configuration.enabled,
		version: version.version,
		products: version.hybridProducts.map(({ productId, categoryId }) => ({ productId, categoryId }))
	};
}

/**
 * Appends a version: `products` replace the hybrid mapping, `categories` change the figures of
 * existing categories; whatever is not given carries over, tokens included.
 */
function addVersion(
	state: SimState,
	configuration: DepositConfiguration,
	change: VersionChange
): void {
	const previous = currentVersion(configuration);
	const problems: string[] = [];
	const seen = new Set<string>();
	const products = change.products ?? previous.hybridProducts;
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
	const categories = structuredClone(previous.categories);
	change.categories?.forEach(({ id, name, expirationHours, depositGross }, index) => {
		const category = categories.find((candidate) => candidate.id === id);
		if (!category) return void problems.push(`categories.${index}.id: unknown category ${id}`);
		if (name !== undefined) category.name = name;
		if (expirationHours !== undefined) category.expirationHours = expirationHours;
		if (depositGross !== undefined) {
			try {
				category.depositGrossMinor = toMinor(depositGross, category.currencyCode);
			} catch {
				problems.push(`categories.${index}.depositGross: too many decimals`);
			}
		}
	});
	if (problems.length) throw validationFailed(problems);
	const version = previous.version + 1;
	configuration.versions.push({
		version,
		createdAt: state.clock.now(),
		categories,
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
			const { organizationId, enabled, products, categories } = parseWith(
				configurationSchema,
				request.body
			);
			const configuration = requireConfiguration(sim.state, organizationId);
			if (products || categories) addVersion(sim.state, configuration, { products, categories });
			if (enabled !== undefined) configuration.enabled = enabled;
			return { status: 200, body: configurationView(configuration) };
		}
	},
	{
		// "Each organization has exactly one container-deposit configuration" (spec 1, rule 1).
		method: 'POST',
		path: '/_sim/deposit-configurations',
		handle({ sim, request }) {
			const { organizationId } = parseWith(newConfigurationSchema, request.body);
			if (!sim.state.organizations.some((organization) => organization.id === organizationId)) {
				throw new PlatformError(404, SimErrorCode.notFound, `No organization ${organizationId}.`);
			}
			if (findConfiguration(sim.state, organizationId)) {
				throw new PlatformError(
					400,
					DepositErrorCode.configurationAlreadyExists,
					'The organization already has a configuration.'
				);
			}
			const configuration: DepositConfiguration = {
				organizationId,
				enabled: true,
				versions: [
					{
						version: 1,
						createdAt: sim.state.clock.now(),
						categories: [],
						hybridProducts: [],
						tokenProducts: []
					}
				]
			};
			sim.state.depositConfigurations.push(configuration);
			return { status: 201, body: configurationView(configuration) };
		}
	},
	{
		method: 'DELETE',
		path: '/_sim/deposit-configurations/:organizationId',
		handle({ sim, request }) {
			const configuration = requireConfiguration(sim.state, request.params.organizationId ?? '');
			sim.state.depositConfigurations = sim.state.depositConfigurations.filter(
				(candidate) => candidate !== configuration
			);
			return { status: 204 };
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
