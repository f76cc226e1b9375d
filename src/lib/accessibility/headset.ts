/**
 * Notices a headset plugged into the kiosk, one of the ways a guest starts the accessibility mode
 * (docs/accessibility.md, Starting and ending), where the browser can tell: on `devicechange`, a
 * new `audiooutput` in `enumerateDevices()`. Listing devices never asks the guest for anything.
 *
 * What the browser shows decides whether it works. Chromium lists a page's audio outputs only
 * while the page may use a microphone; otherwise one anonymous output, the same whatever is
 * plugged in, and nothing is noticed (the kiosk policy, docs/kiosk-device/venue-kiosk.json,
 * refuses the microphone). And a headphone jack on the PC's own sound card often switches that
 * card's output instead of adding one; USB and Bluetooth headsets are new outputs.
 */

export type MediaDevicesLike = Pick<
	MediaDevices,
	'enumerateDevices' | 'addEventListener' | 'removeEventListener'
>;

/** Calls `plugged` for each new audio output from now on; returns the function that stops it. */
export function watchHeadsets(devices: MediaDevicesLike, plugged: () => void): () => void {
	let known: Set<string> | null = null;
	let stopped = false;
	const look = async () => {
		let outputs: string[];
		try {
			outputs = audioOutputsOf(await devices.enumerateDevices());
		} catch {
			return;
		}
		if (stopped) return;
		const added = known !== null && outputs.some((output) => !known!.has(output));
		known = new Set(outputs);
		if (added) plugged();
	};
	devices.addEventListener('devicechange', look);
	void look();
	return () => {
		stopped = true;
		devices.removeEventListener('devicechange', look);
	};
}

/**
 * The outputs by id; outputs listed without one (ids withheld) by their place in the list, so
 * that one more of them still counts as new.
 */
function audioOutputsOf(devices: readonly MediaDeviceInfo[]): string[] {
	return devices
		.filter((device) => device.kind === 'audiooutput')
		.map((device, index) => device.deviceId || `#${index}`);
}
