/**
 * The "guest phone": a small page at `/_sim/` that shows a live QR of a fresh transaction key
 * per demo wallet and places app orders, so a person can try the kiosk with a real camera.
 * It only calls the control API; `/_sim/qr.svg` renders any short text as a QR code.
 */
import { readFileSync } from 'node:fs';
import { renderSVG } from 'uqr';
import { z } from 'zod';
import type { ControlRoute, Reply } from '../routing.ts';
import { parseWith } from '../validation.ts';

const page = readFileSync(new URL('./guest-page.html', import.meta.url), 'utf8');
const avatar = readFileSync(new URL('./main-stage.svg', import.meta.url), 'utf8');
/** A looping clip of the main stage (scripts/make-demo-clip.ts), for a VIDEO `avatarMedia`. */
const clip = readFileSync(new URL('./main-stage.webm', import.meta.url));

const qrQuery = z.object({ text: z.string().min(1).max(512) });

const html = (): Reply => ({ status: 200, body: page, contentType: 'text/html; charset=utf-8' });

export const guestPageRoutes: ControlRoute[] = [
	{ method: 'GET', path: '/_sim', handle: html },
	{ method: 'GET', path: '/_sim/', handle: html },
	{
		method: 'GET',
		path: '/_sim/qr.svg',
		handle({ request }) {
			const { text } = parseWith(qrQuery, Object.fromEntries(request.query));
			// A quiet zone of 4 modules, as the QR standard asks.
			return { status: 200, body: renderSVG(text, { border: 4 }), contentType: 'image/svg+xml' };
		}
	},
	{
		method: 'GET',
		path: '/_sim/media/main-stage.svg',
		handle: () => ({ status: 200, body: avatar, contentType: 'image/svg+xml' })
	},
	{
		method: 'GET',
		path: '/_sim/media/main-stage.webm',
		handle: () => ({ status: 200, body: clip, contentType: 'video/webm' })
	}
];
