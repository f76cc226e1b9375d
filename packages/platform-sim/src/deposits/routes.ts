/** The container-deposit operations of spec 1; every one needs the REVO authority. */
import { z } from 'zod';
import { validationFailed } from '../errors.ts';
import type { PlatformContext, PlatformRoute, Reply } from '../routing.ts';
import { isoTime } from '../state.ts';
import { parseWith } from '../validation.ts';
import {
	currentVersion,
	organizationOfDevice,
	requireEnabledConfiguration
} from './configuration.ts';
import { serializeCategory, serializeConfiguration } from './serialize.ts';
import {
	categoryBalances,
	issueContainers,
	returnContainers,
	transactionForDevice
} from './transactions.ts';

/** Containers one transaction may issue; the spec shows no limit, the simulator needs one. */
export const MAX_CONTAINERS_PER_TRANSACTION = 10_000;

const quantity = z.int32().min(1);

/** "a JSON array (not an object)" of IntegrationCreateHybridRevoTokenTransactionRequest. */
const createSchema = z.array(z.object({ productId: z.string().min(1), quantity }));

/** A JSON array of IntegrationValidateHybridRevoTokenTransactionRequest. */
const validateSchema = z.array(
	z.object({ hybridRevoTokenCategoryId: z.string().min(1), quantity })
);

function getConfiguration({ sim, device }: PlatformContext): Reply {
	const configuration = requireEnabledConfiguration(
		sim.state,
		organizationOfDevice(sim.state, device)
	);
	return { status: 200, body: serializeConfiguration(currentVersion(configuration)) };
}

function createTransaction({ sim, device, request, now }: PlatformContext): Reply {
	const lines = parseWith(createSchema, request.body);
	const containers = lines.reduce((sum, line) => sum + line.quantity, 0);
	if (containers > MAX_CONTAINERS_PER_TRANSACTION) {
		throw validationFailed([
			`body: at most ${MAX_CONTAINERS_PER_TRANSACTION} containers per transaction`
		]);
	}
	const transaction = issueContainers(sim.state, device, lines, now);
	return {
		status: 201,
		body: {
			id: transaction.id,
			createdAt: isoTime(transaction.createdAt),
			code: transaction.code,
			sequenceNumber: transaction.sequenceNumber,
			categorySummaries: categoryBalances(sim.state, transaction).map((balance) => ({
				hybridRevoTokenCategory: serializeCategory(balance.category),
				activeItemCount: balance.activeItemCount,
				expiresAt: isoTime(balance.expiresAt)
			}))
		}
	};
}

function previewTransaction({ sim, device, request }: PlatformContext): Reply {
	const transaction = transactionForDevice(sim.state, device, request.params.code ?? '');
	return {
		status: 200,
		body: categoryBalances(sim.state, transaction).map((balance) => ({
			category: serializeCategory(balance.category),
			activeItemCount: balance.activeItemCount
		}))
	};
}

function validateTransaction({ sim, device, request }: PlatformContext): Reply {
	const lines = parseWith(validateSchema, request.body);
	const transaction = transactionForDevice(sim.state, device, request.params.code ?? '');
	return {
		status: 200,
		body: returnContainers(sim.state, transaction, lines).map((result) => ({
			category: serializeCategory(result.category),
			validatedCount: result.validatedCount,
			remainingItemCount: result.remainingItemCount
		}))
	};
}

const TRANSACTIONS = '/v1/integrations/hybrid-revo-token-transactions';

export const depositRoutes: PlatformRoute[] = [
	{
		method: 'GET',
		path: '/v1/integrations/revo-union-configurations',
		operationId: 'getRevoUnionConfigurationByIntegration',
		unauthorizedCode: 'UNAUTHORIZED',
		authority: 'REVO',
		handle: getConfiguration
	},
	{
		method: 'POST',
		path: TRANSACTIONS,
		operationId: 'createHybridRevoTokenTransactionByIntegration',
		unauthorizedCode: 'UNAUTHORIZED',
		authority: 'REVO',
		handle: createTransaction
	},
	{
		method: 'GET',
		path: `${TRANSACTIONS}/:code/preview`,
		operationId: 'previewHybridRevoTokenTransactionByIntegration',
		unauthorizedCode: 'UNAUTHORIZED',
		authority: 'REVO',
		handle: previewTransaction
	},
	{
		method: 'POST',
		path: `${TRANSACTIONS}/:code/validate`,
		operationId: 'validateHybridRevoTokenTransactionByIntegration',
		unauthorizedCode: 'UNAUTHORIZED',
		authority: 'REVO',
		handle: validateTransaction
	}
];
