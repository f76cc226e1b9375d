/**
 * The camera scanner: html5-qrcode behind our `CameraScanner` interface. Load it only through
 * `loadCameraScanner()` in `scanner.ts` (a dynamic import): html5-qrcode is ~110 KB gzip and
 * must stay out of every page's initial JavaScript.
 *
 * html5-qrcode's traps, and what this does about them:
 * - it decodes only inside `qrbox`: the box is 80 % of the viewfinder's shorter side (the
 *   watchdog in `watchdog.ts` restarts a camera that reads nothing with another box);
 * - `facingMode: environment` may pick a lens that cannot focus (phones with several back
 *   cameras): once the labels are known it moves to the main back camera, the user can switch,
 *   and a choice is remembered on the device;
 * - it turns getUserMedia errors into strings: `classifyCameraError` reads them;
 * - BarcodeDetector: used where the browser has one that reads QR codes
 *   (`useBarCodeDetectorIfSupported`); html5-qrcode then alternates it with zxing-js.
 */
import { Html5Qrcode, Html5QrcodeScannerState, Html5QrcodeSupportedFormats } from 'html5-qrcode';
import {
	CAMERA_CHOICE_KEY,
	CameraError,
	SCAN_BOX_SHARE,
	SCAN_MARKS,
	SCAN_STALL_KEY,
	cameraScore,
	classifyCameraError,
	preferredCamera,
	qrboxFor,
	type CameraDecoder,
	type CameraDevice,
	type CameraScanner,
	type ScanOutcome
} from './scanner.ts';
import { superviseCamera } from './watchdog.ts';

/** Frames decoded per second (html5-qrcode's default is 2, too slow for a queue of guests). */
const FPS = 10;

type CameraChoice = string | { facingMode: 'environment' };

/** Track capabilities and constraints that TypeScript's DOM types do not know yet. */
type ExtendedCapabilities = MediaTrackCapabilities & { torch?: boolean; focusMode?: string[] };

/** html5-qrcode under the watchdog, which also passes each value on only once while in view. */
export async function createCameraScanner(): Promise<CameraScanner> {
	return superviseCamera(new Html5CameraScanner(await hasNativeQrDetector()), {
		stallMs: stallSetting()
	});
}

/** The watchdog's wait set on this device, if any (a positive whole number of ms). */
function stallSetting(): number | undefined {
	try {
		const ms = Number(localStorage.getItem(SCAN_STALL_KEY));
		return Number.isInteger(ms) && ms > 0 ? ms : undefined;
	} catch {
		return undefined;
	}
}

/** Whether the browser's own BarcodeDetector exists and reads QR codes (not on Linux Chromium). */
async function hasNativeQrDetector(): Promise<boolean> {
	const Detector = (
		globalThis as { BarcodeDetector?: { getSupportedFormats?: () => Promise<string[]> } }
	).BarcodeDetector;
	if (typeof Detector?.getSupportedFormats !== 'function') return false;
	try {
		return (await Detector.getSupportedFormats()).includes('qr_code');
	} catch {
		return false;
	}
}

function rememberedCamera(): string | null {
	try {
		return localStorage.getItem(CAMERA_CHOICE_KEY);
	} catch {
		return null;
	}
}

function rememberCamera(id: string): void {
	try {
		localStorage.setItem(CAMERA_CHOICE_KEY, id);
	} catch {
		// private mode: the choice lasts for this page only
	}
}

let elementCount = 0;

/** Reports every decoded frame, a code held up ten times a second: the watchdog filters. */
class Html5CameraScanner implements CameraScanner {
	readonly #native: boolean;
	#html5: Html5Qrcode | null = null;
	#element: HTMLElement | null = null;
	#onScan: (value: string) => ScanOutcome = () => {};
	#boxShare = SCAN_BOX_SHARE;
	#track: MediaStreamTrack | null = null;
	#cameras: CameraDevice[] = [];
	/** Whether the camera should run: stop() during a start wins. */
	#wanted = false;
	/** start, stop and selectCamera run one after another. */
	#queue: Promise<unknown> = Promise.resolve();

	constructor(native: boolean) {
		this.#native = native;
	}

	start(
		element: HTMLElement,
		onScan: (value: string) => ScanOutcome,
		boxShare = SCAN_BOX_SHARE
	): Promise<void> {
		this.#wanted = true;
		return this.#serial(async () => {
			await this.#close();
			this.#onScan = onScan;
			this.#boxShare = boxShare;
			await this.#open(element, rememberedCamera());
		});
	}

	stop(): Promise<void> {
		this.#wanted = false;
		return this.#serial(() => this.#close());
	}

	cameras(): CameraDevice[] {
		return this.#cameras;
	}

	activeCameraId(): string | null {
		return this.#track?.getSettings().deviceId ?? null;
	}

	selectCamera(id: string): Promise<void> {
		rememberCamera(id);
		this.#wanted = true;
		return this.#serial(async () => {
			const element = this.#element;
			if (!element) return;
			await this.#close();
			await this.#open(element, id);
		});
	}

	torchSupported(): boolean {
		const capabilities = this.#track?.getCapabilities?.() as ExtendedCapabilities | undefined;
		return Boolean(capabilities && 'torch' in capabilities);
	}

	async torch(on: boolean): Promise<void> {
		if (!this.#track || !this.torchSupported()) return;
		await this.#track.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] });
	}

	decoder(): CameraDecoder {
		return this.#native ? 'native' : 'javascript';
	}

	#serial<T>(task: () => Promise<T>): Promise<T> {
		const run = this.#queue.then(task, task);
		this.#queue = run.catch(() => undefined);
		return run;
	}

	async #open(element: HTMLElement, cameraId: string | null): Promise<void> {
		if (!this.#wanted) return;
		if (!window.isSecureContext) throw new CameraError('insecure', 'not a secure context');
		if (!navigator.mediaDevices?.getUserMedia) {
			throw new CameraError('unsupported', 'navigator.mediaDevices.getUserMedia is missing');
		}
		if (this.#element !== element || !this.#html5) {
			element.id ||= `camera-scanner-${++elementCount}`;
			this.#element = element;
			this.#html5 = new Html5Qrcode(element.id, {
				verbose: false,
				formatsToSupport: [Html5QrcodeSupportedFormats.QR_CODE],
				useBarCodeDetectorIfSupported: this.#native
			});
		}
		const html5 = this.#html5;
		let decoded = false;
		const onDecoded = (text: string) => {
			if (!decoded) {
				decoded = true;
				performance.mark(SCAN_MARKS.decoded);
			}
			this.#onScan(text);
		};
		const share = this.#boxShare;
		const qrbox = (width: number, height: number) => qrboxFor(width, height, share);
		const config = { fps: FPS, qrbox, disableFlip: false };
		const attempt = (choice: CameraChoice) => html5.start(choice, config, onDecoded, undefined);

		performance.mark(SCAN_MARKS.start);
		try {
			await attempt(cameraId ?? { facingMode: 'environment' });
		} catch (error) {
			const problem = classifyCameraError(error);
			// A remembered camera that is gone (unplugged): try any back camera.
			if (cameraId === null || problem !== 'not-found') throw new CameraError(problem, `${error}`);
			try {
				await attempt({ facingMode: 'environment' });
			} catch (retryError) {
				throw new CameraError(classifyCameraError(retryError), `${retryError}`);
			}
		}
		this.#track = this.#videoTrack(element);
		await this.#listCameras();
		if (!this.#wanted) {
			await this.#close();
			return;
		}
		// Nobody chose a camera and the browser picked a worse lens than one that is there.
		const best = preferredCamera(this.#cameras, null);
		const active = this.#cameras.find((c) => c.id === this.activeCameraId());
		if (cameraId === null && best && active && cameraScore(best) < cameraScore(active)) {
			await this.#close();
			await attempt(best.id);
			this.#track = this.#videoTrack(element);
		}
		await this.#focusContinuously();
	}

	async #close(): Promise<void> {
		const html5 = this.#html5;
		this.#track = null;
		if (!html5) return;
		const state = html5.getState();
		if (state === Html5QrcodeScannerState.SCANNING || state === Html5QrcodeScannerState.PAUSED) {
			await html5.stop();
		}
	}

	#videoTrack(element: HTMLElement): MediaStreamTrack | null {
		const stream = element.querySelector('video')?.srcObject;
		return stream instanceof MediaStream ? (stream.getVideoTracks()[0] ?? null) : null;
	}

	async #listCameras(): Promise<void> {
		try {
			const devices = await navigator.mediaDevices.enumerateDevices();
			this.#cameras = devices
				.filter((d) => d.kind === 'videoinput')
				.map((d) => ({ id: d.deviceId, label: d.label }));
		} catch {
			this.#cameras = [];
		}
	}

	/** Close-up codes need autofocus; some cameras start in a fixed focus. */
	async #focusContinuously(): Promise<void> {
		const track = this.#track;
		const capabilities = track?.getCapabilities?.() as ExtendedCapabilities | undefined;
		if (!track || !capabilities?.focusMode?.includes('continuous')) return;
		try {
			await track.applyConstraints({
				advanced: [{ focusMode: 'continuous' } as MediaTrackConstraintSet]
			});
		} catch {
			// the camera keeps its own focus
		}
	}
}
