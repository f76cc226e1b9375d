/** The deposit endpoints' error codes (spec 1, Errors) and the one code the spec leaves open. */
import { PlatformError } from '../errors.ts';

export const DepositErrorCode = {
	/** Creating a second configuration (console only: no platform endpoint creates one). */
	configurationAlreadyExists: 'HYBRID_REVO_TOKEN_CONFIGURATION_ALREADY_EXISTS',
	configurationNotEnabled: 'HYBRID_REVO_TOKEN_CONFIGURATION_NOT_ENABLED',
	/** Spec 1 shows the 404 but no code for it; our choice (docs/platform-assumptions.md). */
	configurationNotFound: 'HYBRID_REVO_TOKEN_CONFIGURATION_NOT_FOUND',
	transactionNotFound: 'HYBRID_REVO_TOKEN_TRANSACTION_NOT_FOUND',
	productNotInCurrentVersion: 'HYBRID_REVO_TOKEN_PRODUCT_NOT_IN_CURRENT_VERSION',
	notEnoughActiveItems: 'HYBRID_REVO_TOKEN_TRANSACTION_NOT_ENOUGH_ACTIVE_ITEMS',
	deviceCannotAccess: 'DEVICE_CANNOT_ACCESS_HYBRID_REVO_TOKEN_TRANSACTION',
	externalProductNotFound: 'HYBRID_REVO_TOKEN_EXTERNAL_PRODUCT_NOT_FOUND',
	emptyItems: 'HYBRID_REVO_TOKEN_TRANSACTION_EMPTY_ITEMS',
	productNotInDevicePlace: 'HYBRID_REVO_TOKEN_PRODUCT_NOT_IN_DEVICE_PLACE',
	duplicateCategoryId: 'DUPLICATE_CATEGORY_ID_IN_HYBRID_REVO_TOKEN_TRANSACTION'
} as const;

export function emptyItems(): PlatformError {
	return new PlatformError(400, DepositErrorCode.emptyItems, 'The request contains no items.');
}
