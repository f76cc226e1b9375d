/** What the setup pages show about a device: its record, the platform's view of it, features. */
import type { Features } from '#lib/shared/features.ts';
import type { ServerContext } from '../context.ts';
import type { DeviceRecord } from '../devices/device-repository.ts';
import { featuresOf, type PlatformView } from '../devices/platform-view.ts';
import type { DepositConfiguration } from '../platform/deposits.ts';

export interface DeviceOverview {
	device: DeviceRecord;
	view: PlatformView;
	features: Features;
	/** An ordering kiosk without a card terminal (outside demo): it sells for credits only. */
	cardPaymentsOff: boolean;
}

export async function deviceOverview(
	context: ServerContext,
	device: DeviceRecord
): Promise<DeviceOverview> {
	const view = await context.views.get(device.id);
	const cardPaymentsOff =
		device.mode === 'kiosk' && (await context.terminals.cardTerminalOf(device.id)) === null;
	return { device, view, features: featuresOf(view), cardPaymentsOff };
}

export async function allDeviceOverviews(context: ServerContext): Promise<DeviceOverview[]> {
	const devices = await context.devices.list();
	return Promise.all(devices.map((device) => deviceOverview(context, device)));
}

export interface CategoryLine {
	id: string;
	name: string;
	depositGrossMinor: number;
	currencyCode: string;
	expirationHours: number;
	productCount: number;
}

/** The container categories of a configuration, each with how many products issue it. */
export function depositCategories(configuration: DepositConfiguration): CategoryLine[] {
	const lines = new Map<string, CategoryLine>();
	for (const { hybridCategory: category } of configuration.hybridRevoTokenProducts) {
		const line = lines.get(category.id) ?? {
			id: category.id,
			name: category.revoTokenCategory?.name ?? category.id,
			depositGrossMinor: category.depositGrossMinor,
			currencyCode: category.currencyCode,
			expirationHours: category.expirationHours,
			productCount: 0
		};
		line.productCount += 1;
		lines.set(category.id, line);
	}
	return [...lines.values()];
}
