import { describe, expect, it, vi } from 'vitest';
import { watchHeadsets, type MediaDevicesLike } from './headset.ts';

const output = (deviceId: string) =>
	({ kind: 'audiooutput', deviceId, label: '', groupId: '' }) as MediaDeviceInfo;
const input = (deviceId: string) =>
	({ kind: 'audioinput', deviceId, label: '', groupId: '' }) as MediaDeviceInfo;

/** Until the listing the watcher asked for has been answered. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

/** navigator.mediaDevices with a list the test changes; `plug` changes it and says so. */
function mediaDevices(initial: MediaDeviceInfo[]) {
	const target = new EventTarget();
	let list = initial;
	const devices: MediaDevicesLike & { plug(next: MediaDeviceInfo[]): Promise<void> } = {
		enumerateDevices: vi.fn(async () => list),
		addEventListener: target.addEventListener.bind(target),
		removeEventListener: target.removeEventListener.bind(target),
		async plug(next) {
			list = next;
			target.dispatchEvent(new Event('devicechange'));
			await settled();
		}
	};
	return devices;
}

describe('watchHeadsets', () => {
	it('notices a new audio output, not the ones there at the start', async () => {
		const devices = mediaDevices([output('default'), output('speakers'), input('mic')]);
		const plugged = vi.fn();
		watchHeadsets(devices, plugged);
		await settled();
		expect(plugged).not.toHaveBeenCalled();
		await devices.plug([output('default'), output('speakers'), output('usb-headset')]);
		expect(plugged).toHaveBeenCalledOnce();
	});

	it('ignores outputs unplugged and other devices plugged in', async () => {
		const devices = mediaDevices([output('default'), output('usb-headset')]);
		const plugged = vi.fn();
		watchHeadsets(devices, plugged);
		await settled();
		await devices.plug([output('default')]);
		await devices.plug([output('default'), input('usb-camera-mic')]);
		expect(plugged).not.toHaveBeenCalled();
		// The next guest plugs one in again.
		await devices.plug([output('default'), output('usb-headset')]);
		expect(plugged).toHaveBeenCalledOnce();
	});

	it('counts outputs whose ids the browser withholds', async () => {
		const devices = mediaDevices([output('')]);
		const plugged = vi.fn();
		watchHeadsets(devices, plugged);
		await settled();
		await devices.plug([output('')]);
		expect(plugged).not.toHaveBeenCalled();
		await devices.plug([output(''), output('')]);
		expect(plugged).toHaveBeenCalledOnce();
	});

	it('stops when told, and survives a browser that refuses the list', async () => {
		const devices = mediaDevices([output('default')]);
		const plugged = vi.fn();
		const stop = watchHeadsets(devices, plugged);
		await settled();
		stop();
		await devices.plug([output('default'), output('usb-headset')]);
		expect(plugged).not.toHaveBeenCalled();

		const refusing = mediaDevices([]);
		vi.mocked(refusing.enumerateDevices).mockRejectedValue(new DOMException('', 'NotAllowedError'));
		watchHeadsets(refusing, plugged);
		await refusing.plug([]);
		expect(plugged).not.toHaveBeenCalled();
	});
});
