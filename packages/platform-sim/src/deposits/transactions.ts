/**
 * Issuing and returning containers (spec 1, States and transitions). Every rule checks all of
 * its input before it changes anything: a request either takes effect completely or not at all.
 */
import { PlatformError } from '../errors.ts';
import {
	nextId,
	nextSequence,
	type DepositCategory,
	type DepositItem,
	type DepositTransaction,
	type Device,
	type SimState
} from '../state.ts';
import {
	categoryOf,
	currentVersion,
	organizationOfDevice,
	requireEnabledConfiguration,
	versionOf
} from './configuration.ts';
import { DepositErrorCode, emptyItems } from './error-codes.ts';
import { generateReturnCode } from './return-code.ts';

const HOUR_MS = 3_600_000;

export interface IssueLine {
	productId: string;
	quantity: number;
}

export interface ReturnLine {
	hybridRevoTokenCategoryId: string;
	quantity: number;
}

/** One category issued on a transaction, with the figures of the transaction's version. */
export interface CategoryBalance {
	category: DepositCategory;
	activeItemCount: number;
	/** Earliest expiry of the category's items on the transaction. */
	expiresAt: number;
}

/** createHybridRevoTokenTransactionByIntegration: one ACTIVE item per container. */
export function issueContainers(
	state: SimState,
	device: Device,
	lines: readonly IssueLine[],
	now: number
): DepositTransaction {
	const organizationId = organizationOfDevice(state, device);
	const configuration = requireEnabledConfiguration(state, organizationId);
	if (lines.length === 0) throw emptyItems();
	const version = currentVersion(configuration);

	const items: DepositItem[] = [];
	for (const { productId, quantity } of lines) {
		const product = state.products.find(
			(candidate) =>
				candidate.productId === productId && candidate.organizationId === organizationId
		);
		if (!product) {
			throw new PlatformError(
				404,
				DepositErrorCode.externalProductNotFound,
				`Product ${productId} is unknown.`,
				[productId]
			);
		}
		const mapping = version.hybridProducts.find((candidate) => candidate.productId === productId);
		if (!mapping) {
			throw new PlatformError(
				400,
				DepositErrorCode.productNotInCurrentVersion,
				`Product ${productId} is not in configuration version ${version.version}.`,
				[productId]
			);
		}
		if (!product.placeIds.includes(device.placeId)) {
			throw new PlatformError(
				403,
				DepositErrorCode.productNotInDevicePlace,
				`Product ${productId} is not available at the device's place.`,
				[productId]
			);
		}
		const category = categoryOf(version, mapping.categoryId);
		const expiresAt = now + category.expirationHours * HOUR_MS;
		for (let count = 0; count < quantity; count += 1) {
			items.push({ categoryId: category.id, status: 'ACTIVE', expiresAt });
		}
	}

	const sequence = nextSequence(state, `deposit-transaction:${organizationId}`);
	const transaction: DepositTransaction = {
		id: nextId(state, 'hrtx'),
		code: generateReturnCode((code) => state.depositTransactions.some((t) => t.code === code)),
		sequenceNumber: String(sequence).padStart(6, '0'),
		organizationId,
		placeId: device.placeId,
		deviceId: device.id,
		configVersion: version.version,
		createdAt: now,
		items
	};
	state.depositTransactions.push(transaction);
	return transaction;
}

/**
 * The transaction behind a code, for a device that may manage it: any device of the
 * transaction's place (rules 3 and 5). Codes of another organization are not found.
 */
export function transactionForDevice(
	state: SimState,
	device: Device,
	code: string
): DepositTransaction {
	const organizationId = organizationOfDevice(state, device);
	const transaction = state.depositTransactions.find(
		(candidate) => candidate.code === code && candidate.organizationId === organizationId
	);
	if (!transaction) {
		throw new PlatformError(
			404,
			DepositErrorCode.transactionNotFound,
			'No transaction for the given code.'
		);
	}
	if (transaction.placeId !== device.placeId) {
		throw new PlatformError(
			403,
			DepositErrorCode.deviceCannotAccess,
			'The transaction belongs to another place than the device.',
			[transaction.placeId]
		);
	}
	return transaction;
}

/** One entry per category issued on the transaction, in order of issue, active or not. */
export function categoryBalances(
	state: SimState,
	transaction: DepositTransaction
): CategoryBalance[] {
	const version = versionOf(state, transaction.organizationId, transaction.configVersion);
	const balances = new Map<string, CategoryBalance>();
	for (const item of transaction.items) {
		let balance = balances.get(item.categoryId);
		if (!balance) {
			balance = {
				category: categoryOf(version, item.categoryId),
				activeItemCount: 0,
				expiresAt: item.expiresAt
			};
			balances.set(item.categoryId, balance);
		}
		if (item.status === 'ACTIVE') balance.activeItemCount += 1;
		balance.expiresAt = Math.min(balance.expiresAt, item.expiresAt);
	}
	return [...balances.values()];
}

export interface ReturnResult {
	category: DepositCategory;
	validatedCount: number;
	remainingItemCount: number;
}

/** validateHybridRevoTokenTransactionByIntegration: ACTIVE → RETURNED, earliest expiry first. */
export function returnContainers(
	state: SimState,
	transaction: DepositTransaction,
	lines: readonly ReturnLine[]
): ReturnResult[] {
	if (lines.length === 0) throw emptyItems();
	const seen = new Set<string>();
	for (const { hybridRevoTokenCategoryId: categoryId } of lines) {
		if (seen.has(categoryId)) {
			throw new PlatformError(
				400,
				DepositErrorCode.duplicateCategoryId,
				`Category ${categoryId} appears more than once.`,
				[categoryId]
			);
		}
		seen.add(categoryId);
	}
	const balances = categoryBalances(state, transaction);
	const plans = lines.map(({ hybridRevoTokenCategoryId: categoryId, quantity }) => {
		const balance = balances.find((candidate) => candidate.category.id === categoryId);
		const active = balance?.activeItemCount ?? 0;
		if (!balance || quantity > active) {
			throw new PlatformError(
				400,
				DepositErrorCode.notEnoughActiveItems,
				`Category ${categoryId} has ${active} active items; ${quantity} requested.`,
				[categoryId, String(quantity), String(active)]
			);
		}
		return { balance, quantity };
	});

	return plans.map(({ balance, quantity }) => {
		const returnable = transaction.items
			.filter((item) => item.categoryId === balance.category.id && item.status === 'ACTIVE')
			.sort((a, b) => a.expiresAt - b.expiresAt);
		for (const item of returnable.slice(0, quantity)) item.status = 'RETURNED';
		return {
			category: balance.category,
			validatedCount: quantity,
			remainingItemCount: returnable.length - quantity
		};
	});
}
