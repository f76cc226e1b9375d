/**
 * Browser side of scripts/bench-decode.ts, bundled by it into one script: the same camera loop
 * as html5-qrcode's (crop the scan box, decode, wait 1/fps), with either decoder:
 * - `zxing-js`: html5-qrcode's own JavaScript decoder (what runs where there is no native
 *   BarcodeDetector, e.g. Linux Chromium);
 * - `zxing-wasm`: the `barcode-detector` ponyfill (ZXing-C++ as WebAssembly), its .wasm served
 *   by the benchmark from node_modules (never the CDN that is its default).
 */
import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import { BaseLoggger, Html5QrcodeSupportedFormats } from 'html5-qrcode/esm/core.js';
import { ZXingHtml5QrcodeDecoder } from 'html5-qrcode/esm/zxing-html5-qrcode-decoder.js';

export type DecoderName = 'zxing-js' | 'zxing-wasm';

type Decode = (canvas: HTMLCanvasElement) => Promise<string | null>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function decoders(wasmUrl: string): Record<DecoderName, () => Decode> {
	return {
		'zxing-js': () => {
			const decoder = new ZXingHtml5QrcodeDecoder(
				[Html5QrcodeSupportedFormats.QR_CODE],
				false,
				new BaseLoggger(false)
			);
			return (canvas) =>
				decoder.decodeAsync(canvas).then(
					(result) => result.text,
					() => null
				);
		},
		'zxing-wasm': () => {
			prepareZXingModule({
				overrides: {
					locateFile: (path: string, prefix: string) =>
						path.endsWith('.wasm') ? wasmUrl : prefix + path
				}
			});
			const detector = new BarcodeDetector({ formats: ['qr_code'] });
			return async (canvas) => (await detector.detect(canvas))[0]?.rawValue ?? null;
		}
	};
}

async function openCamera(): Promise<{ video: HTMLVideoElement; close: () => void }> {
	const stream = await navigator.mediaDevices.getUserMedia({
		audio: false,
		video: { facingMode: 'environment' }
	});
	const video = document.createElement('video');
	video.muted = true;
	video.playsInline = true;
	video.srcObject = stream;
	document.body.append(video);
	await video.play();
	return {
		video,
		close: () => {
			for (const track of stream.getTracks()) track.stop();
			video.remove();
		}
	};
}

/** A canvas holding the scan box (80 % of the shorter side, centred) of the current frame. */
function cropper(video: HTMLVideoElement): { canvas: HTMLCanvasElement; grab: () => void } {
	// As qrboxFor() in src/lib/scanner/scanner.ts (not imported: its dynamic import would split this bundle).
	const width = Math.floor(Math.min(video.videoWidth, video.videoHeight) * 0.8);
	const height = width;
	const canvas = document.createElement('canvas');
	canvas.width = width;
	canvas.height = height;
	const context = canvas.getContext('2d', { willReadFrequently: true })!;
	const x = (video.videoWidth - width) / 2;
	const y = (video.videoHeight - height) / 2;
	return {
		canvas,
		grab: () => context.drawImage(video, x, y, width, height, 0, 0, width, height)
	};
}

export interface ScanResult {
	/** From opening the camera (the code is in view from the first frame) to the decoded value. */
	ms: number;
	/** Of that, opening the camera until its video plays. */
	openMs: number;
	value: string | null;
	frames: number;
}

export interface FrameResult {
	ms: number[];
	decoded: number;
}

function createBench(wasmUrl: string) {
	const make = decoders(wasmUrl);
	const ready = new Map<DecoderName, Decode>();
	const decoder = (name: DecoderName) => {
		let decode = ready.get(name);
		if (!decode) ready.set(name, (decode = make[name]()));
		return decode;
	};
	return {
		/** Loads and initialises a decoder (the wasm module) on a blank frame; returns the ms taken. */
		async warm(name: DecoderName): Promise<number> {
			const start = performance.now();
			const canvas = document.createElement('canvas');
			canvas.width = canvas.height = 64;
			await decoder(name)(canvas);
			return performance.now() - start;
		},
		/** One scan as the app's scanner does it: open the camera, decode at `fps` until a value. */
		async scan(name: DecoderName, fps: number, timeoutMs = 15_000): Promise<ScanResult> {
			const decode = decoder(name);
			const start = performance.now();
			const camera = await openCamera();
			const openMs = performance.now() - start;
			try {
				const { canvas, grab } = cropper(camera.video);
				for (let frames = 1; performance.now() - start < timeoutMs; frames++) {
					grab();
					const value = await decode(canvas);
					if (value !== null) return { ms: performance.now() - start, openMs, value, frames };
					await sleep(1000 / fps);
				}
				return { ms: performance.now() - start, openMs, value: null, frames: 0 };
			} finally {
				camera.close();
			}
		},
		/** Captures `count` scan-box frames, `gapMs` apart, kept as canvases. */
		async capture(count: number, gapMs: number): Promise<number> {
			const camera = await openCamera();
			try {
				captured.length = 0;
				for (let i = 0; i < count; i++) {
					const { canvas, grab } = cropper(camera.video);
					grab();
					captured.push(canvas);
					await sleep(gapMs);
				}
				return captured.length;
			} finally {
				camera.close();
			}
		},
		/** Decodes every captured frame once with `name`: the time of each decode. */
		async decodeCaptured(name: DecoderName, expected: string): Promise<FrameResult> {
			const decode = decoder(name);
			const ms: number[] = [];
			let decoded = 0;
			for (const canvas of captured) {
				const start = performance.now();
				const value = await decode(canvas);
				ms.push(performance.now() - start);
				if (value === expected) decoded++;
			}
			return { ms, decoded };
		}
	};
}

const captured: HTMLCanvasElement[] = [];

declare global {
	interface Window {
		createBench: typeof createBench;
	}
}
window.createBench = createBench;
