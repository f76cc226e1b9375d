/**
 * Our scanner interface. Codes arrive from two sources: the camera (QR codes, decoded by
 * html5-qrcode in `camera-scanner.ts`) and a USB card/QR reader that types like a keyboard
 * (`keyboard-wedge.ts`). Scans are delivered as raw strings; callers normalise them
 * (`normalizeTransactionKey` for loyalty keys, `parseDepositCode` for deposit codes).
 *
 * This module is small and free of html5-qrcode: the camera code (~110 KB gzip) is only ever
 * loaded through the dynamic import in `loadCameraScanner()`, so it never lands in a page's
 * initial JavaScript.
 */

export type ScanSource = 'camera' | 'keyboard';

/**
 * What a screen answers to a scan: nothing, or a promise while it processes the value (the
 * camera's watchdog waits for it before it counts a stall again).
 */
export type ScanOutcome = void | PromiseLike<unknown>;

export interface CameraDevice {
	id: string;
	/** The browser's label; empty before the camera permission is granted. */
	label: string;
}

/** Why the camera cannot be used. The keyboard reader works in every case. */
export type CameraProblem =
	'denied' | 'not-found' | 'in-use' | 'insecure' | 'unsupported' | 'failed';

/** Which decoder reads the frames: the browser's BarcodeDetector (alternating with zxing-js, as html5-qrcode does) or zxing-js alone. */
export type CameraDecoder = 'native' | 'javascript';

export interface CameraScanner {
	/**
	 * Opens the camera (the one chosen earlier on this device, else a back camera) into `element`,
	 * which it empties and fills with the preview, and decodes QR codes until `stop()`, inside a
	 * scan box of `boxShare` of the viewfinder's shorter side (default `SCAN_BOX_SHARE`). Rejects
	 * with a CameraError.
	 */
	start(
		element: HTMLElement,
		onScan: (value: string) => ScanOutcome,
		boxShare?: number
	): Promise<void>;
	/** Stops decoding and releases the camera; safe to call at any time, also during start. */
	stop(): Promise<void>;
	/** The video inputs (labels are known once the camera runs). */
	cameras(): CameraDevice[];
	/** The camera in use, or null when none runs. */
	activeCameraId(): string | null;
	/** Switches to another camera and remembers the choice on this device. */
	selectCamera(id: string): Promise<void>;
	torchSupported(): boolean;
	torch(on: boolean): Promise<void>;
	decoder(): CameraDecoder;
}

export class CameraError extends Error {
	readonly problem: CameraProblem;

	constructor(problem: CameraProblem, detail: string) {
		super(detail);
		this.name = 'CameraError';
		this.problem = problem;
	}
}

/** Performance marks around one camera scan (read by scripts/bench-decode.ts). */
export const SCAN_MARKS = {
	/** Just before the camera is opened: with a code held up, the code is "in view" from here. */
	start: 'scanner:camera-start',
	/** The first value decoded after that start. */
	decoded: 'scanner:decoded'
} as const;

/** The key under which the chosen camera is remembered (localStorage). */
export const CAMERA_CHOICE_KEY = 'venue-kiosk:camera';

/**
 * The key (localStorage) under which a device may set the camera watchdog's wait in ms
 * (`SCAN_STALL_MS` in `watchdog.ts` without it). The browser tests set a short one.
 */
export const SCAN_STALL_KEY = 'venue-kiosk:scan-stall-ms';

/**
 * Loads the camera scanner (html5-qrcode) on demand: a separate chunk, fetched only when a
 * scan screen opens.
 */
export async function loadCameraScanner(): Promise<CameraScanner> {
	const { createCameraScanner } = await import('./camera-scanner.ts');
	return createCameraScanner();
}

/** The scan box's usual share of the viewfinder's shorter side: room around a code held up. */
export const SCAN_BOX_SHARE = 0.8;

/**
 * The scan box: html5-qrcode decodes only inside it, so it must hold the whole code. A square
 * of `share` of the viewfinder's shorter side, at least html5-qrcode's minimum of 50 px.
 */
export function qrboxFor(
	viewfinderWidth: number,
	viewfinderHeight: number,
	share = SCAN_BOX_SHARE
): { width: number; height: number } {
	const side = Math.max(50, Math.floor(Math.min(viewfinderWidth, viewfinderHeight) * share));
	return { width: side, height: side };
}

/**
 * Maps what getUserMedia (or html5-qrcode, which turns its errors into strings such as
 * "Error getting userMedia, error = NotAllowedError: Permission denied") reports to a problem.
 */
export function classifyCameraError(error: unknown): CameraProblem {
	const text =
		typeof error === 'object' && error !== null && 'name' in error && 'message' in error
			? `${String(error.name)}: ${String(error.message)}`
			: String(error);
	if (/NotAllowedError|PermissionDenied|Permission denied|SecurityError/i.test(text)) {
		return 'denied';
	}
	if (/NotFoundError|DevicesNotFound|OverconstrainedError|Requested device not found/i.test(text)) {
		return 'not-found';
	}
	if (/NotReadableError|TrackStartError|Could not start video source/i.test(text)) return 'in-use';
	if (/not supported|NotSupportedError|mediaDevices/i.test(text)) return 'unsupported';
	return 'failed';
}

const BACK = /back|rear|environment|rück|hinten|arrière|trasera/i;
const FRONT = /front|user|facetime|vorne|avant/i;
/** Lenses that often cannot focus at scanning distance. */
const SPECIAL_LENS = /ultra|tele|macro|depth|infra|\bir\b|0[.,]5x/i;
/** iOS's virtual multi-lens cameras switch lenses on their own; the plain wide camera is steadier. */
const VIRTUAL_LENS = /dual|triple/i;

/** Lower is better: a back camera, its main lens. */
export function cameraScore(camera: CameraDevice): number {
	return (
		(BACK.test(camera.label) ? 0 : FRONT.test(camera.label) ? 20 : 10) +
		(SPECIAL_LENS.test(camera.label) ? 4 : 0) +
		(VIRTUAL_LENS.test(camera.label) ? 2 : 0)
	);
}

/**
 * The camera to scan with when nobody chose one: on phones with several back cameras the
 * browser's `facingMode: environment` may pick a lens that cannot focus on a code held close
 * (ultra wide, telephoto). Prefers the plain main back camera (the first of equals); a
 * remembered choice wins.
 */
export function preferredCamera(
	cameras: readonly CameraDevice[],
	remembered: string | null
): CameraDevice | undefined {
	const chosen = remembered ? cameras.find((c) => c.id === remembered) : undefined;
	if (chosen) return chosen;
	let best: CameraDevice | undefined;
	for (const camera of cameras) {
		if (!best || cameraScore(camera) < cameraScore(best)) best = camera;
	}
	return best;
}

/**
 * A camera sees the same code in frame after frame. Emits a value once, then not again while
 * it keeps being seen; it is emitted again after it has been out of view for `quietMs`.
 */
export function createRepeatFilter(quietMs = 2000): (value: string, time: number) => boolean {
	let lastValue: string | null = null;
	let lastSeen = -Infinity;
	return (value, time) => {
		const repeat = value === lastValue && time - lastSeen < quietMs;
		lastValue = value;
		lastSeen = time;
		return !repeat;
	};
}
