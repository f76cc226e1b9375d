/**
 * The typed platform client against the simulator over HTTP: device identity and container
 * deposits (spec 1). Every operation returns typed minor-unit values; every error code the
 * simulator can produce surfaces as PlatformApiError with that errorCode.
 */
import { describe, expect, it } from 'vitest';
import {
	activeItemCountOf,
	DepositErrorCode,
	isDepositSchemeOff
} from '#lib/server/platform/deposits.ts';
import { PlatformRequestError } from '#lib/server/platform/errors.ts';
import { IdentityErrorCode } from '#lib/server/platform/identity.ts';
import { caught, clientFor, expectApiError, strangerClient } from './client-support.ts';
import { useSimulator } from './harness.ts';

const sim = useSimulator();
const kiosk = () => clientFor(sim, 'dev_kiosk_main');

const CUP = {
	id: 'cat_cup',
	expirationHours: 48,
	depositGrossMinor: 200,
	currencyCode: 'EUR',
	revoTokenCategory: {
		id: 'cat_cup',
		name: 'Reusable cup 0.4 l',
		currencyCode: 'EUR',
		description: 'Festival cup, rinse and return'
	}
};

async function issue(items = [{ productId: 'drink_pils', quantity: 3 }]) {
	return kiosk().deposits.createTransaction(items);
}

describe('identity.getExternalDevice', () => {
	it('returns the typed device of the key', async () => {
		const device = await kiosk().identity.getExternalDevice();
		expect(device).toMatchObject({
			id: 'dev_kiosk_main',
			name: 'Main Stage Kiosk 1',
			authorities: ['REVO', 'CREDIT', 'KIOSK'],
			organization: { id: 'org_riverside', name: 'Riverside Open Air' },
			place: {
				id: 'place_main_stage',
				name: 'Main Stage Bar',
				placeStatus: 'ACTIVE',
				avatarMedia: { processingStatus: 'COMPLETE', mediaType: 'IMAGE' }
			}
		});
		expect(device.relatedDesks.map((desk) => [desk.id, desk.type, desk.enabled])).toEqual([
			['desk_main_counter', 'COUNTER', true],
			['desk_main_table_1', 'TABLE', true],
			['desk_main_table_2', 'TABLE', false]
		]);
		expect(device.place.avatarMedia?.uris[0]?.src).toMatch(/^http:\/\/.+\/_sim\/media\//);
	});

	it('a device without authorities can still verify its key', async () => {
		const device = await clientFor(sim, 'dev_info_main').identity.getExternalDevice();
		expect(device.authorities).toEqual([]);
	});

	it('an unknown key → 401 AUTHORIZATION; a disabled device likewise', async () => {
		await expectApiError(
			strangerClient(sim).identity.getExternalDevice(),
			401,
			IdentityErrorCode.authorization
		);
		await expectApiError(
			clientFor(sim, 'dev_retired_main').identity.getExternalDevice(),
			401,
			IdentityErrorCode.authorization
		);
	});
});

describe('deposits: the four operations', () => {
	it('getConfiguration: hybrid products with their categories in minor units', async () => {
		const configuration = await kiosk().deposits.getConfiguration();
		const pils = configuration.hybridRevoTokenProducts.find((p) => p.productId === 'drink_pils');
		expect(pils).toEqual({ id: 'map_pils', productId: 'drink_pils', hybridCategory: CUP });
		const pitcher = configuration.hybridRevoTokenProducts.find(
			(p) => p.productId === 'drink_pitcher'
		);
		expect(pitcher?.hybridCategory.depositGrossMinor).toBe(500);
		expect(configuration.revoTokenProducts.map((p) => p.action)).toEqual(['BORROW', 'RETURN']);
	});

	it('createTransaction: code, sequence number, summaries with deposit totals', async () => {
		const created = await issue([
			{ productId: 'drink_pils', quantity: 2 },
			{ productId: 'drink_water', quantity: 1 },
			{ productId: 'drink_pitcher', quantity: 1 }
		]);
		expect(created.code).toHaveLength(40);
		expect(created.sequenceNumber).toBe('000001');
		expect(
			created.categorySummaries.map((s) => [
				s.hybridRevoTokenCategory.id,
				s.activeItemCount,
				s.depositMinor
			])
		).toEqual([
			['cat_cup', 3, 600],
			['cat_pitcher', 1, 500]
		]);
		const cup = created.categorySummaries[0]!;
		expect(Date.parse(cup.expiresAt) - Date.parse(created.createdAt)).toBe(48 * 3_600_000);
	});

	it('previewTransaction and validateTransaction: partial return, refund in minor units', async () => {
		const { code } = await issue([
			{ productId: 'drink_pils', quantity: 3 },
			{ productId: 'drink_pitcher', quantity: 1 }
		]);
		const returnStation = clientFor(sim, 'dev_return_main');
		const preview = await returnStation.deposits.previewTransaction(code);
		expect(preview).toEqual([
			{ category: CUP, activeItemCount: 3 },
			{
				category: expect.objectContaining({ id: 'cat_pitcher', depositGrossMinor: 500 }),
				activeItemCount: 1
			}
		]);
		const returned = await returnStation.deposits.validateTransaction(code, [
			{ hybridRevoTokenCategoryId: 'cat_cup', quantity: 2 },
			{ hybridRevoTokenCategoryId: 'cat_pitcher', quantity: 1 }
		]);
		expect(
			returned.map((r) => [r.category.id, r.validatedCount, r.remainingItemCount, r.refundMinor])
		).toEqual([
			['cat_cup', 2, 1, 400],
			['cat_pitcher', 1, 0, 500]
		]);
		const after = await returnStation.deposits.previewTransaction(code);
		expect(activeItemCountOf(after, 'cat_cup')).toBe(1);
		expect(activeItemCountOf(after, 'cat_pitcher')).toBe(0);
	});
});

describe('deposits: every error code the simulator produces', () => {
	it('UNAUTHORIZED for an unknown key', async () => {
		await expectApiError(
			strangerClient(sim).deposits.getConfiguration(),
			401,
			DepositErrorCode.unauthorized
		);
	});

	it('EXTERNAL_DEVICE_HAS_NO_RIGHT_AUTHORITY without REVO', async () => {
		const error = await expectApiError(
			clientFor(sim, 'dev_board_main').deposits.createTransaction([
				{ productId: 'drink_pils', quantity: 1 }
			]),
			403,
			DepositErrorCode.noRightAuthority
		);
		expect(error.descriptors).toEqual(['REVO']);
	});

	it('HYBRID_REVO_TOKEN_CONFIGURATION_NOT_ENABLED on configuration and create → scheme off', async () => {
		await sim.control('PUT', '/_sim/deposit-configuration', { enabled: false });
		const error = await expectApiError(
			kiosk().deposits.getConfiguration(),
			400,
			DepositErrorCode.configurationNotEnabled
		);
		expect(isDepositSchemeOff(error)).toBe(true);
		await expectApiError(issue(), 400, DepositErrorCode.configurationNotEnabled);
	});

	it('a missing configuration is a 404 → scheme off, whatever its code', async () => {
		expect((await sim.control('DELETE', '/_sim/deposit-configurations/org_riverside')).status).toBe(
			204
		);
		const error = await expectApiError(kiosk().deposits.getConfiguration(), 404);
		expect(isDepositSchemeOff(error)).toBe(true);
	});

	it('HYBRID_REVO_TOKEN_EXTERNAL_PRODUCT_NOT_FOUND, _PRODUCT_NOT_IN_CURRENT_VERSION, _PRODUCT_NOT_IN_DEVICE_PLACE', async () => {
		const notFound = await expectApiError(
			issue([{ productId: 'drink_unknown', quantity: 1 }]),
			404,
			DepositErrorCode.externalProductNotFound
		);
		expect(notFound.descriptors).toEqual(['drink_unknown']);
		await expectApiError(
			issue([{ productId: 'drink_punch', quantity: 1 }]),
			400,
			DepositErrorCode.productNotInCurrentVersion
		);
		await expectApiError(
			issue([{ productId: 'food_fries', quantity: 1 }]),
			403,
			DepositErrorCode.productNotInDevicePlace
		);
	});

	it('HYBRID_REVO_TOKEN_TRANSACTION_NOT_FOUND for an unknown code', async () => {
		await expectApiError(
			kiosk().deposits.previewTransaction('0'.repeat(40)),
			404,
			DepositErrorCode.transactionNotFound
		);
	});

	it('DEVICE_CANNOT_ACCESS_HYBRID_REVO_TOKEN_TRANSACTION from another place', async () => {
		const { code } = await issue();
		const garden = clientFor(sim, 'dev_return_garden');
		await expectApiError(
			garden.deposits.previewTransaction(code),
			403,
			DepositErrorCode.deviceCannotAccessTransaction
		);
		await expectApiError(
			garden.deposits.validateTransaction(code, [
				{ hybridRevoTokenCategoryId: 'cat_cup', quantity: 1 }
			]),
			403,
			DepositErrorCode.deviceCannotAccessTransaction
		);
	});

	it('HYBRID_REVO_TOKEN_TRANSACTION_NOT_ENOUGH_ACTIVE_ITEMS; recovery: preview again', async () => {
		const { code } = await issue([{ productId: 'drink_pils', quantity: 2 }]);
		const returnStation = clientFor(sim, 'dev_return_main');
		const error = await expectApiError(
			returnStation.deposits.validateTransaction(code, [
				{ hybridRevoTokenCategoryId: 'cat_cup', quantity: 3 }
			]),
			400,
			DepositErrorCode.notEnoughActiveItems
		);
		expect(error.descriptors).toEqual(['cat_cup', '3', '2']);
		expect(
			activeItemCountOf(await returnStation.deposits.previewTransaction(code), 'cat_cup')
		).toBe(2);
	});

	it('EMPTY_ITEMS and DUPLICATE_CATEGORY_ID cannot reach the platform: refused locally', async () => {
		const { code } = await issue();
		const empty = await caught(kiosk().deposits.createTransaction([]));
		expect(empty).toBeInstanceOf(PlatformRequestError);
		const duplicate = await caught(
			kiosk().deposits.validateTransaction(code, [
				{ hybridRevoTokenCategoryId: 'cat_cup', quantity: 1 },
				{ hybridRevoTokenCategoryId: 'cat_cup', quantity: 1 }
			])
		);
		expect(duplicate).toBeInstanceOf(PlatformRequestError);
		expect(activeItemCountOf(await kiosk().deposits.previewTransaction(code), 'cat_cup')).toBe(3);
	});
});
