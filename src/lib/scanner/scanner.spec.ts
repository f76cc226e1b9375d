import { describe, expect, it } from 'vitest';
import {
	cameraScore,
	classifyCameraError,
	createRepeatFilter,
	preferredCamera,
	qrboxFor
} from './scanner.ts';

describe('qrboxFor', () => {
	it('is a square of 80 % of the shorter side', () => {
		expect(qrboxFor(640, 480)).toEqual({ width: 384, height: 384 });
		expect(qrboxFor(360, 640)).toEqual({ width: 288, height: 288 });
		expect(qrboxFor(500, 500, 0.5)).toEqual({ width: 250, height: 250 });
	});

	it('never gets below html5-qrcode’s minimum of 50 px', () => {
		expect(qrboxFor(40, 30)).toEqual({ width: 50, height: 50 });
	});
});

describe('classifyCameraError', () => {
	const named = (name: string, message = '') => Object.assign(new Error(message), { name });

	it.each([
		[named('NotAllowedError', 'Permission denied'), 'denied'],
		['Error getting userMedia, error = NotAllowedError: Permission denied', 'denied'],
		[named('NotFoundError', 'Requested device not found'), 'not-found'],
		['Error getting userMedia, error = NotFoundError: Requested device not found', 'not-found'],
		[named('OverconstrainedError'), 'not-found'],
		[named('NotReadableError', 'Could not start video source'), 'in-use'],
		['Camera streaming not supported by the browser.', 'unsupported'],
		['something else', 'failed'],
		[undefined, 'failed']
	])('%s → %s', (error, problem) => {
		expect(classifyCameraError(error)).toBe(problem);
	});
});

describe('preferredCamera', () => {
	const iphone = [
		{ id: 'front', label: 'Front Camera' },
		{ id: 'ultra', label: 'Back Ultra Wide Camera' },
		{ id: 'triple', label: 'Back Triple Camera' },
		{ id: 'main', label: 'Back Camera' },
		{ id: 'tele', label: 'Back Telephoto Camera' }
	];
	const android = [
		{ id: 'c0', label: 'camera2 0, facing back' },
		{ id: 'c1', label: 'camera2 1, facing front' },
		{ id: 'c2', label: 'camera2 2, facing back' }
	];

	it('prefers the plain main back camera over special lenses and the front camera', () => {
		expect(preferredCamera(iphone, null)?.id).toBe('main');
		expect(preferredCamera(android, null)?.id).toBe('c0');
		expect(preferredCamera([{ id: 'usb', label: 'HD USB Camera' }], null)?.id).toBe('usb');
	});

	it('lets a remembered choice win while that camera is there', () => {
		expect(preferredCamera(iphone, 'ultra')?.id).toBe('ultra');
		expect(preferredCamera(iphone, 'unplugged')?.id).toBe('main');
	});

	it('has nothing to offer without cameras', () => {
		expect(preferredCamera([], null)).toBeUndefined();
	});

	it('scores labels: lower is better', () => {
		expect(cameraScore({ id: '', label: 'Back Camera' })).toBeLessThan(
			cameraScore({ id: '', label: 'Back Ultra Wide Camera' })
		);
		expect(cameraScore({ id: '', label: 'Integrated Webcam' })).toBeLessThan(
			cameraScore({ id: '', label: 'Front Camera' })
		);
	});
});

describe('createRepeatFilter', () => {
	it('passes a value once while it stays in view, again after it was away', () => {
		const seen = createRepeatFilter(2000);
		expect(seen.fresh('a', 0)).toBe(true);
		expect(seen.fresh('a', 100)).toBe(false);
		expect(seen.fresh('a', 2000)).toBe(false); // seen at 100: still in view
		expect(seen.fresh('a', 4500)).toBe(true); // away for 2.5 s
		expect(seen.fresh('b', 4600)).toBe(true);
		expect(seen.fresh('a', 4700)).toBe(true);
	});

	it('passes a value the screen did not take again with its next frame, once', () => {
		const seen = createRepeatFilter(2000);
		expect(seen.fresh('a', 0)).toBe(true);
		seen.forget('b'); // another value: nothing changes for 'a'
		expect(seen.fresh('a', 100)).toBe(false);
		seen.forget('a');
		expect(seen.fresh('a', 200)).toBe(true);
		expect(seen.fresh('a', 300)).toBe(false);
	});
});
