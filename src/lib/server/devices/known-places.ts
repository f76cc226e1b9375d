/**
 * The places this server knows: those of its own devices, from their cached identities (spec 1
 * `GET /me`: `place`). One place for the rules "where is this device" and "which of our devices
 * of a mode are at this place" (the kiosks whose orders a board shows, the boards whose
 * callbacks a board's health counts, the boards to reconcile). The platform's deposit errors
 * carry at most a place id (spec 1 descriptors: "additional context"), never a name.
 */
import type { DeviceMode, DeviceRepository, DeviceRecord } from './device-repository.ts';
import type { PlatformViewStore } from './platform-view.ts';

export interface Place {
	id: string;
	name: string;
}

export class KnownPlaces {
	readonly #devices: DeviceRepository;
	readonly #views: PlatformViewStore;

	constructor(devices: DeviceRepository, views: PlatformViewStore) {
		this.#devices = devices;
		this.#views = views;
	}

	/** The place of one of our devices, when its identity has been read. */
	async placeOf(deviceId: string): Promise<Place | null> {
		const place = (await this.#views.get(deviceId)).identity?.place;
		return place ? { id: place.id, name: place.name } : null;
	}

	/** Our devices of `mode` whose place is known, each with its place. */
	async placed(mode: DeviceMode): Promise<{ device: DeviceRecord; place: Place }[]> {
		const devices = (await this.#devices.list()).filter((device) => device.mode === mode);
		const places = await Promise.all(devices.map((device) => this.placeOf(device.id)));
		return devices.flatMap((device, index) => {
			const place = places[index];
			return place ? [{ device, place }] : [];
		});
	}

	/** Our devices of `mode` at the place. */
	async devicesAt(placeId: string, mode: DeviceMode): Promise<DeviceRecord[]> {
		return (await this.placed(mode))
			.filter(({ place }) => place.id === placeId)
			.map(({ device }) => device);
	}

	/** The name of the place with this id, when one of our devices is there. */
	async nameOf(placeId: string): Promise<string | null> {
		for (const device of await this.#devices.list()) {
			const place = await this.placeOf(device.id);
			if (place?.id === placeId) return place.name;
		}
		return null;
	}
}
