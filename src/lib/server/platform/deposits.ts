/**
 * Container deposits (spec 1): configuration, issue (create), preview and return (validate).
 *
 * Retries come from the client's one table (retry-policies.ts): the two reads are REPEATABLE.
 * Create and validate are NOT_APPLIED_ONLY: the spec gives them no idempotency key, so they are
 * repeated only after a failure that proves the platform did not act (503, 429, refused
 * connection). An uncertain create is the caller's to journal and resolve; a lost validate is
 * resolved with a fresh preview (the counts show whether the return went through).
 */
import { PlatformApiError } from './errors.ts';
import {
	depositConfigurationSchema,
	depositPreviewSchema,
	depositTransactionSchema,
	depositValidateSchema,
	type DepositConfiguration,
	type DepositPreviewItem,
	type DepositTransaction,
	type DepositValidateResult
} from './schemas/deposits.ts';
import type { PlatformTransport } from './transport.ts';
import { assertValid, RequestProblems, segment } from './validation.ts';

export type {
	DepositCategory,
	DepositConfiguration,
	DepositPreviewItem,
	DepositTransaction,
	DepositValidateResult
} from './schemas/deposits.ts';

/** The error codes of spec 1's table ("Errors"), plus the 401 and authority codes. */
export const DepositErrorCode = {
	unauthorized: 'UNAUTHORIZED',
	configurationAlreadyExists: 'HYBRID_REVO_TOKEN_CONFIGURATION_ALREADY_EXISTS',
	configurationNotEnabled: 'HYBRID_REVO_TOKEN_CONFIGURATION_NOT_ENABLED',
	transactionNotFound: 'HYBRID_REVO_TOKEN_TRANSACTION_NOT_FOUND',
	productNotInCurrentVersion: 'HYBRID_REVO_TOKEN_PRODUCT_NOT_IN_CURRENT_VERSION',
	notEnoughActiveItems: 'HYBRID_REVO_TOKEN_TRANSACTION_NOT_ENOUGH_ACTIVE_ITEMS',
	deviceCannotAccessTransaction: 'DEVICE_CANNOT_ACCESS_HYBRID_REVO_TOKEN_TRANSACTION',
	externalProductNotFound: 'HYBRID_REVO_TOKEN_EXTERNAL_PRODUCT_NOT_FOUND',
	emptyItems: 'HYBRID_REVO_TOKEN_TRANSACTION_EMPTY_ITEMS',
	productNotInDevicePlace: 'HYBRID_REVO_TOKEN_PRODUCT_NOT_IN_DEVICE_PLACE',
	duplicateCategoryId: 'DUPLICATE_CATEGORY_ID_IN_HYBRID_REVO_TOKEN_TRANSACTION',
	noRightAuthority: 'EXTERNAL_DEVICE_HAS_NO_RIGHT_AUTHORITY'
} as const;
export type DepositErrorCode = (typeof DepositErrorCode)[keyof typeof DepositErrorCode];

/** IntegrationCreateHybridRevoTokenTransactionRequest: one basket line that issues containers. */
export interface CreateDepositTransactionItem {
	productId: string;
	/** Containers of this product; int32 ≥ 1. */
	quantity: number;
}

/** IntegrationValidateHybridRevoTokenTransactionRequest: containers returned of one category. */
export interface ValidateDepositTransactionItem {
	/** A category id from the preview or the configuration. */
	hybridRevoTokenCategoryId: string;
	/** ≥ 1 and at most the category's active count. */
	quantity: number;
}

const INT32_MAX = 2_147_483_647;
const TRANSACTIONS = '/v1/integrations/hybrid-revo-token-transactions';

/** spec 1 Limits: "Transaction code length: 40 characters". */
function checkCode(problems: RequestProblems, code: unknown): code is string {
	return problems.check(
		typeof code === 'string' && [...code].length === 40 && !/\s/.test(code),
		'code',
		'must be the 40-character transaction code'
	);
}

/** Active containers of a category in a preview; a category left out has none (spec 1). */
export function activeItemCountOf(preview: DepositPreviewItem[], categoryId: string): number {
	return preview.find((item) => item.category.id === categoryId)?.activeItemCount ?? 0;
}

/**
 * spec 1 recovery rule 1: the configuration fetch answered 400 CONFIGURATION_NOT_ENABLED or 404
 * (whatever its code): skip issuing containers and process the order normally.
 */
export function isDepositSchemeOff(error: unknown): boolean {
	return (
		error instanceof PlatformApiError &&
		(error.errorCode === DepositErrorCode.configurationNotEnabled || error.status === 404)
	);
}

export class DepositsResource {
	readonly #transport: PlatformTransport;

	constructor(transport: PlatformTransport) {
		this.#transport = transport;
	}

	/**
	 * getRevoUnionConfigurationByIntegration. 400 HYBRID_REVO_TOKEN_CONFIGURATION_NOT_ENABLED or
	 * any 404 means: no deposit scheme, sell normally (spec 1 recovery rule 1; see
	 * `isDepositSchemeOff`). Cache it; never fetch per sale.
	 */
	async getConfiguration(): Promise<DepositConfiguration> {
		return this.#transport.call({
			operation: 'getRevoUnionConfigurationByIntegration',
			method: 'GET',
			path: '/v1/integrations/revo-union-configurations',
			schema: depositConfigurationSchema
		});
	}

	/** createHybridRevoTokenTransactionByIntegration — issues containers; retried only when not applied. */
	async createTransaction(items: CreateDepositTransactionItem[]): Promise<DepositTransaction> {
		const operation = 'createHybridRevoTokenTransactionByIntegration';
		const problems = new RequestProblems();
		if (problems.check(Array.isArray(items) && items.length > 0, 'items', 'at least one item')) {
			items.forEach((item, index) => {
				problems.id(item?.productId, `items.${index}.productId`);
				problems.integer(item?.quantity, `items.${index}.quantity`, 1, INT32_MAX);
			});
		}
		assertValid(operation, problems);
		return this.#transport.call({
			operation,
			method: 'POST',
			path: TRANSACTIONS,
			body: items.map(({ productId, quantity }) => ({ productId, quantity })),
			schema: depositTransactionSchema
		});
	}

	/** previewHybridRevoTokenTransactionByIntegration — a read, retried. */
	async previewTransaction(code: string): Promise<DepositPreviewItem[]> {
		const operation = 'previewHybridRevoTokenTransactionByIntegration';
		const problems = new RequestProblems();
		checkCode(problems, code);
		assertValid(operation, problems);
		return this.#transport.call({
			operation,
			method: 'GET',
			path: `${TRANSACTIONS}/${segment(code)}/preview`,
			schema: depositPreviewSchema
		});
	}

	/**
	 * validateHybridRevoTokenTransactionByIntegration — returns containers; retried only when not
	 * applied. After an uncertain outcome, preview again and compare the counts.
	 */
	async validateTransaction(
		code: string,
		items: ValidateDepositTransactionItem[]
	): Promise<DepositValidateResult[]> {
		const operation = 'validateHybridRevoTokenTransactionByIntegration';
		const problems = new RequestProblems();
		checkCode(problems, code);
		if (problems.check(Array.isArray(items) && items.length > 0, 'items', 'at least one item')) {
			const seen = new Set<string>();
			items.forEach((item, index) => {
				const id = item?.hybridRevoTokenCategoryId;
				if (problems.id(id, `items.${index}.hybridRevoTokenCategoryId`)) {
					problems.check(
						!seen.has(id),
						`items.${index}.hybridRevoTokenCategoryId`,
						'one entry per category'
					);
					seen.add(id);
				}
				problems.integer(item?.quantity, `items.${index}.quantity`, 1, INT32_MAX);
			});
		}
		assertValid(operation, problems);
		return this.#transport.call({
			operation,
			method: 'POST',
			path: `${TRANSACTIONS}/${segment(code)}/validate`,
			body: items.map(({ hybridRevoTokenCategoryId, quantity }) => ({
				hybridRevoTokenCategoryId,
				quantity
			})),
			schema: depositValidateSchema
		});
	}
}
