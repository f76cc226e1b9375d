/**
 * Place names this server knows: the places of its own devices, from their cached identities
 * (spec 1 `GET /me` place). The platform's deposit errors carry at most a place id (spec 1
 * descriptors: "additional context"), never a name.
 */
import type { DeviceRepository } from '../devices/device-repository.ts';
import type { PlatformViewStore } from '../devices/platform-view.ts';

export class KnownPlaces {
	readonly #devices: DeviceRepository;
	readonly #views: PlatformViewStore;

	constructor(devices: DeviceRepository, views: PlatformViewStore) {
		this.#devices = devices;
		this.#views = views;
	}

	/** The name of the place with this id, when one of our devices is there. */
	nameOf(placeId: string): string | null {
		for (const device of this.#devices.list()) {
			const place = this.#views.get(device.id).identity?.place;
			if (place?.id === placeId) return place.name;
		}
		return null;
	}

	/** The name of one of our devices' place. */
	placeOfDevice(deviceId: string): string | null {
		return this.#views.get(deviceId).identity?.place.name ?? null;
	}
}
