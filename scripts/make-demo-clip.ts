/**
 * `node scripts/make-demo-clip.ts`: records the simulator's demo clip of the main stage
 * (packages/platform-sim/src/control/main-stage.webm) — the looping media a place's VIDEO `avatarMedia` gives the
 * attract screen. Drawn on a canvas in the browser tests' Chromium and recorded with its
 * MediaRecorder as VP8 WebM (every Chromium plays it; no codec licence). The drawing repeats
 * every six seconds, so the clip loops without a jump. Run by hand after changing the drawing;
 * the clip is committed.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/e2e/chromium.ts';

const CLIP = resolve(import.meta.dirname, '../packages/platform-sim/src/control/main-stage.webm');
const SECONDS = 6;

const browser = await chromium.launch(chromiumLaunchOptions);
try {
	const page = await browser.newPage();
	const base64 = await page.evaluate(async (seconds) => {
		const canvas = document.createElement('canvas');
		canvas.width = 960;
		canvas.height = 540;
		const context = canvas.getContext('2d')!;
		/** One frame at `t` seconds: the stage, its sweeping lights and a swaying crowd. */
		const draw = (t: number) => {
			const phase = (t / seconds) * Math.PI * 2;
			context.fillStyle = '#0b3d6b';
			context.fillRect(0, 0, 960, 540);
			for (const [index, colour] of ['#f2b705', '#ff6f91', '#7bdff2'].entries()) {
				const angle = Math.sin(phase + index * 2.1) * 0.6;
				const x = 240 + index * 240;
				context.save();
				context.translate(x, 60);
				context.rotate(angle);
				const beam = context.createLinearGradient(0, 0, 0, 420);
				beam.addColorStop(0, `${colour}cc`);
				beam.addColorStop(1, `${colour}00`);
				context.fillStyle = beam;
				context.beginPath();
				context.moveTo(-12, 0);
				context.lineTo(12, 0);
				context.lineTo(110, 420);
				context.lineTo(-110, 420);
				context.closePath();
				context.fill();
				context.restore();
			}
			context.fillStyle = '#f2b705';
			context.beginPath();
			context.moveTo(120, 400);
			context.lineTo(480, 120);
			context.lineTo(840, 400);
			context.closePath();
			context.fill();
			context.fillStyle = '#ffffff';
			context.fillRect(200, 380, 560, 40);
			context.fillStyle = '#061f38';
			for (let head = 0; head < 24; head += 1) {
				const sway = Math.sin(phase * 2 + head * 0.9) * 10;
				context.beginPath();
				context.arc(20 + head * 40 + sway, 500, 26, 0, Math.PI * 2);
				context.fill();
				context.fillRect(-6 + head * 40 + sway, 500, 52, 60);
			}
		};
		const recorder = new MediaRecorder(canvas.captureStream(25), {
			mimeType: 'video/webm;codecs=vp8',
			videoBitsPerSecond: 400_000
		});
		const chunks: Blob[] = [];
		recorder.ondataavailable = (event) => chunks.push(event.data);
		const stopped = new Promise((resolve) => (recorder.onstop = resolve));
		const started = performance.now();
		draw(0);
		recorder.start();
		await new Promise<void>((done) => {
			const frame = () => {
				const t = (performance.now() - started) / 1000;
				if (t >= seconds) return done();
				draw(t);
				requestAnimationFrame(frame);
			};
			requestAnimationFrame(frame);
		});
		recorder.stop();
		await stopped;
		const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
		let binary = '';
		for (const byte of bytes) binary += String.fromCharCode(byte);
		return btoa(binary);
	}, SECONDS);
	const clip = Buffer.from(base64, 'base64');
	writeFileSync(CLIP, clip);
	console.log(`${CLIP}: ${clip.byteLength} bytes, ${SECONDS} s`);
} finally {
	await browser.close();
}
