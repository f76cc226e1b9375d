/**
 * The one container-deposit configuration of an organization (spec 1, rule 1) and its versions
 * (rule 2): the last version is current; transactions keep the version they were created with.
 */
import { PlatformError } from '../errors.ts';
import type {
	DepositCategory,
	DepositConfigVersion,
	DepositConfiguration,
	Device,
	SimState
} from '../state.ts';
import { DepositErrorCode } from './error-codes.ts';

export function organizationOfDevice(state: SimState, device: Device): string {
	const place = state.places.find((candidate) => candidate.id === device.placeId);
	if (!place) throw new Error(`seed defect: no place ${device.placeId}`);
	return place.organizationId;
}

export function findConfiguration(
	state: SimState,
	organizationId: string
): DepositConfiguration | undefined {
	return state.depositConfigurations.find(
		(candidate) => candidate.organizationId === organizationId
	);
}

/** 404 when the organization has none; 400 NOT_ENABLED when it is switched off. */
export function requireEnabledConfiguration(
	state: SimState,
	organizationId: string
): DepositConfiguration {
	const configuration = findConfiguration(state, organizationId);
	if (!configuration) {
		throw new PlatformError(
			404,
			DepositErrorCode.configurationNotFound,
			'The organization has no container-deposit configuration.'
		);
	}
	if (!configuration.enabled) {
		throw new PlatformError(
			400,
			DepositErrorCode.configurationNotEnabled,
			'The container-deposit configuration is not enabled.'
		);
	}
	return configuration;
}

export function currentVersion(configuration: DepositConfiguration): DepositConfigVersion {
	const version = configuration.versions.at(-1);
	if (!version)
		throw new Error(`configuration defect: ${configuration.organizationId} has no version`);
	return version;
}

/** The version a transaction was created with (rule 2); versions are never removed. */
export function versionOf(
	state: SimState,
	organizationId: string,
	versionNumber: number
): DepositConfigVersion {
	const version = findConfiguration(state, organizationId)?.versions.find(
		(candidate) => candidate.version === versionNumber
	);
	if (!version) throw new Error(`state defect: no version ${versionNumber} for ${organizationId}`);
	return version;
}

export function categoryOf(version: DepositConfigVersion, categoryId: string): DepositCategory {
	const category = version.categories.find((candidate) => candidate.id === categoryId);
	if (!category) throw new Error(`configuration defect: no category ${categoryId}`);
	return category;
}
