/**
 * Container-deposit responses (spec 1): the configuration, a created transaction, preview and
 * validate items. Every `depositGross` becomes `depositGrossMinor` in the category's own
 * currency; derived totals (`depositMinor`, `refundMinor`) follow the spec's formulas.
 */
import { z } from 'zod';
import { TOKEN_ACTIONS } from '@venue-kiosk/vocabulary/platform-vocabulary.ts';
import {
	amountSchema,
	countSchema,
	currencyCodeSchema,
	dateTimeSchema,
	optional,
	withMinorUnits
} from './common.ts';

/** Display details of a container type (revoTokenCategory / token product category). */
interface TokenCategory {
	id: string;
	name: string;
	currencyCode: string;
	description?: string;
}

const tokenCategorySchema = z.object({
	id: z.string(),
	name: z.string(),
	currencyCode: currencyCodeSchema,
	description: optional(z.string())
}) satisfies z.ZodType<TokenCategory>;

/** IntegrationSimpleHybridRevoTokenCategoryResponse: a container type and its deposit. */
export interface DepositCategory {
	/** Sent as `hybridRevoTokenCategoryId` when validating a return. */
	id: string;
	/** Return window in hours. */
	expirationHours: number;
	/** Gross deposit per container, also the refund per returned container. */
	depositGrossMinor: number;
	currencyCode: string;
	revoTokenCategory?: TokenCategory;
}

const depositCategorySchema = z
	.object({
		id: z.string(),
		expirationHours: countSchema,
		depositGross: amountSchema,
		currencyCode: currencyCodeSchema,
		revoTokenCategory: optional(tokenCategorySchema)
	})
	.transform((raw, ctx): DepositCategory =>
		withMinorUnits(ctx, raw.currencyCode, (minor) => ({
			id: raw.id,
			expirationHours: raw.expirationHours,
			depositGrossMinor: minor(raw.depositGross, ['depositGross']),
			currencyCode: raw.currencyCode,
			...(raw.revoTokenCategory && { revoTokenCategory: raw.revoTokenCategory })
		}))
	);

/** IntegrationRevoTokenProductResponse: a product that borrows or returns a plain token. */
interface RevoTokenProduct {
	id: string;
	action: (typeof TOKEN_ACTIONS)[number];
	productId: string;
	category: TokenCategory;
}

/** IntegrationHybridRevoTokenProductResponse: a product that issues a container deposit. */
interface HybridRevoTokenProduct {
	/** Mapping id. */
	id: string;
	/** Product id in our own system; basket lines are matched against it. */
	productId: string;
	hybridCategory: DepositCategory;
}

/** IntegrationRevoUnionConfigurationResponse. A 200 means the configuration is active. */
export interface DepositConfiguration {
	revoTokenProducts: RevoTokenProduct[];
	hybridRevoTokenProducts: HybridRevoTokenProduct[];
}

export const depositConfigurationSchema = z.object({
	revoTokenProducts: z.array(
		z.object({
			id: z.string(),
			action: z.enum(TOKEN_ACTIONS),
			productId: z.string(),
			category: tokenCategorySchema
		})
	),
	hybridRevoTokenProducts: z.array(
		z.object({ id: z.string(), productId: z.string(), hybridCategory: depositCategorySchema })
	)
}) satisfies z.ZodType<DepositConfiguration>;

/** One issued category of a transaction (categorySummaries[]). */
export interface DepositCategorySummary {
	hybridRevoTokenCategory: DepositCategory;
	/** Containers issued. */
	activeItemCount: number;
	/** When the containers of this category expire (ISO 8601). */
	expiresAt: string;
	/** Deposit due for this category: activeItemCount × depositGrossMinor. */
	depositMinor: number;
}

/** IntegrationCreateHybridRevoTokenTransactionResponse: one issuance. */
export interface DepositTransaction {
	id: string;
	createdAt: string;
	/** The 40-character return code shown to the guest (QR). */
	code: string;
	/** Human-readable reference for the receipt. */
	sequenceNumber: string;
	categorySummaries: DepositCategorySummary[];
}

export const depositTransactionSchema = z.object({
	id: z.string(),
	createdAt: dateTimeSchema,
	code: z.string().min(1),
	sequenceNumber: z.string(),
	categorySummaries: z.array(
		z
			.object({
				hybridRevoTokenCategory: depositCategorySchema,
				activeItemCount: countSchema,
				expiresAt: dateTimeSchema
			})
			.transform((raw): DepositCategorySummary => ({
				...raw,
				depositMinor: raw.activeItemCount * raw.hybridRevoTokenCategory.depositGrossMinor
			}))
	)
}) satisfies z.ZodType<DepositTransaction>;

/** IntegrationPreviewHybridRevoTokenTransactionResponse. */
export interface DepositPreviewItem {
	category: DepositCategory;
	activeItemCount: number;
}

/**
 * The preview is one item per category "with active items": the platform may leave out a
 * category whose containers are all returned or expired (the simulator lists it with 0). A
 * missing category means 0 active; see `activeItemCountOf`.
 */
export const depositPreviewSchema = z.array(
	z.object({ category: depositCategorySchema, activeItemCount: countSchema })
) satisfies z.ZodType<DepositPreviewItem[]>;

/** IntegrationValidateHybridRevoTokenTransactionResponse. */
export interface DepositValidateResult {
	category: DepositCategory;
	/** Containers returned by this request. */
	validatedCount: number;
	/** Active containers still left on the transaction. */
	remainingItemCount: number;
	/** Refund for this entry: validatedCount × depositGrossMinor (spec 1). */
	refundMinor: number;
}

export const depositValidateSchema = z.array(
	z
		.object({
			category: depositCategorySchema,
			validatedCount: countSchema,
			remainingItemCount: countSchema
		})
		.transform((raw): DepositValidateResult => ({
			...raw,
			refundMinor: raw.validatedCount * raw.category.depositGrossMinor
		}))
) satisfies z.ZodType<DepositValidateResult[]>;
