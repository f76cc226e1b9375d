/** Wire shapes of the deposit API (spec 1, "Resources and their fields"); money in major units. */
import { fromMinor } from '@venue-kiosk/vocabulary/money.ts';
import type { DepositCategory, DepositConfigVersion } from '../state.ts';

/** The display part: id, name, currencyCode required; description optional. */
export function serializeTokenCategory(category: DepositCategory) {
	return {
		id: category.id,
		name: category.name,
		currencyCode: category.currencyCode,
		...(category.description !== undefined && { description: category.description })
	};
}

/** IntegrationSimpleHybridRevoTokenCategoryResponse. */
export function serializeCategory(category: DepositCategory) {
	return {
		id: category.id,
		expirationHours: category.expirationHours,
		depositGross: fromMinor(category.depositGrossMinor, category.currencyCode),
		currencyCode: category.currencyCode,
		revoTokenCategory: serializeTokenCategory(category)
	};
}

/** IntegrationRevoUnionConfigurationResponse of one version. */
export function serializeConfiguration(version: DepositConfigVersion) {
	const category = (categoryId: string) => {
		const found = version.categories.find((candidate) => candidate.id === categoryId);
		if (!found) throw new Error(`configuration defect: no category ${categoryId}`);
		return found;
	};
	return {
		revoTokenProducts: version.tokenProducts.map((mapping) => ({
			id: mapping.mappingId,
			action: mapping.action,
			productId: mapping.productId,
			category: serializeTokenCategory(category(mapping.categoryId))
		})),
		hybridRevoTokenProducts: version.hybridProducts.map((mapping) => ({
			id: mapping.mappingId,
			productId: mapping.productId,
			hybridCategory: serializeCategory(category(mapping.categoryId))
		}))
	};
}
