/**
 * The attract screen's looping media (docs/accessibility.md, Motion): a place whose `avatarMedia`
 * is a VIDEO (spec 1 MediaResponse) loops its clip silently behind the invitation; the screen gets
 * it from its own server (never from the platform's asset host), keeps it in IndexedDB and loops it
 * offline too; with reduced motion the clip's picture shows instead. The place's picture comes back
 * after.
 */
import { type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { MAIN_PLACE_ID } from '@venue-kiosk/platform-sim/seed.ts';
import { KIOSK_URL } from '../../playwright.config.ts';
import { pairKiosk } from './kiosk-support.ts';
import { underServiceWorker } from './pwa-support.ts';
import {
	expectNoAxeViolations,
	guestScreenReady,
	keptInIndexedDb,
	refreshAll,
	screenshot,
	simulator
} from './support.ts';

test.use({ serviceWorkers: 'allow', hasTouch: true, viewport: { width: 1080, height: 1920 } });

const CLIP_MEDIA = {
	id: 'media_main_stage_clip',
	mediaType: 'VIDEO',
	uris: [
		{ src: '/_sim/media/main-stage.webm', URIType: 'VIDEO' },
		{ src: '/_sim/media/main-stage.svg', URIType: 'VIDEO_THUMBNAIL' }
	]
};
const PICTURE_MEDIA = {
	id: 'media_main_stage',
	mediaType: 'IMAGE',
	uris: [
		{ src: '/_sim/media/main-stage.svg', URIType: 'LARGE' },
		{ src: '/_sim/media/main-stage.svg', URIType: 'SMALL' }
	]
};

/** The platform's console sets the place's media; staff refresh the devices' identity. */
async function placeMedia(request: APIRequestContext, browser: Browser, media: object) {
	const set = await request.put(`${simulator}/_sim/places/${MAIN_PLACE_ID}/avatar`, {
		data: media
	});
	expect(set.ok()).toBe(true);
	await refreshAll(browser);
}

/** The clip plays, silent, and starts over at its end (seen going back, played four times faster). */
async function expectLooping(page: Page) {
	const clip = page.locator('main.attract video');
	await expect(clip).toBeVisible();
	expect(
		await clip.evaluate((video: HTMLVideoElement) => ({
			muted: video.muted,
			loop: video.loop,
			controls: video.controls,
			hidden: video.getAttribute('aria-hidden')
		}))
	).toEqual({ muted: true, loop: true, controls: false, hidden: 'true' });
	await clip.evaluate((video: HTMLVideoElement) => {
		video.playbackRate = 4;
		(window as unknown as { seen: number[] }).seen = [];
		video.addEventListener('timeupdate', () =>
			(window as unknown as { seen: number[] }).seen.push(video.currentTime)
		);
	});
	await expect
		.poll(() =>
			page.evaluate(() => {
				const seen = (window as unknown as { seen: number[] }).seen;
				return seen.some((time, index) => index > 0 && time < seen[index - 1]! - 1);
			})
		)
		.toBe(true);
	expect(await clip.evaluate((video: HTMLVideoElement) => video.paused || video.ended)).toBe(false);
}

test.afterAll(async ({ request, browser }) => {
	await placeMedia(request, browser, PICTURE_MEDIA);
});

test('a place with a video: its clip loops on the attract screen, from this server, offline too', async ({
	page,
	request,
	browser
}) => {
	await placeMedia(request, browser, CLIP_MEDIA);
	const fromPlatform: string[] = [];
	page.on('request', (sent) => {
		if (sent.url().startsWith(simulator)) fromPlatform.push(sent.url());
	});
	await pairKiosk(page);
	await underServiceWorker(page);

	const clip = page.locator('main.attract video');
	const address = await clip.getAttribute('src');
	expect(address).toMatch(/^\/media\/place\/clip-[0-9a-f]{32}$/);
	expect(await clip.getAttribute('poster')).toMatch(/^\/media\/place\/picture-[0-9a-f]{32}$/);
	await expectLooping(page);
	await expectNoAxeViolations(page);
	await screenshot(page, 'attract-clip');
	// Under the clip one row of products: the attract screen still fits the screen.
	await expect(page.locator('main.attract .dish:visible')).toHaveCount(2);
	expect(
		await page.evaluate(() => document.scrollingElement!.scrollHeight - window.innerHeight)
	).toBeLessThanOrEqual(0);
	expect(fromPlatform).toEqual([]);

	// Served like a video server does: ranges, its own type, never run as a page.
	const part = await page.request.get(address!, { headers: { range: 'bytes=0-99' } });
	expect(part.status()).toBe(206);
	expect(part.headers()).toMatchObject({
		'content-type': 'video/webm',
		'content-range': expect.stringMatching(/^bytes 0-99\/\d+$/),
		'x-content-type-options': 'nosniff',
		'content-security-policy': expect.stringContaining('sandbox')
	});
	// Only a paired screen gets its place's media.
	const stranger = await browser.newContext();
	expect((await stranger.request.get(`${KIOSK_URL}${address}`)).status()).toBe(404);
	await stranger.close();

	// Kept in IndexedDB: offline, the clip comes from there and loops on.
	await expect
		.poll(async () => {
			const media = ((await keptInIndexedDb(page)).media ?? []) as { url: string }[];
			return media.map((record) => record.url);
		})
		.toEqual(expect.arrayContaining([address, expect.stringMatching(/^\/media\/place\/picture-/)]));
	await page.context().setOffline(true);
	await page.reload();
	await guestScreenReady(page);
	await expect(clip).toHaveAttribute('src', /^blob:/);
	await expectLooping(page);
	await page.context().setOffline(false);
});

test('with reduced motion the clip stays still: its picture instead', async ({
	page,
	request,
	browser
}) => {
	await placeMedia(request, browser, CLIP_MEDIA);
	await page.emulateMedia({ reducedMotion: 'reduce' });
	await pairKiosk(page);
	const attract = page.locator('main.attract');
	await expect(attract.locator('img.avatar')).toBeVisible();
	await expect(attract.locator('img.avatar')).toHaveAttribute('src', /^\/media\/place\/picture-/);
	await expect(attract.locator('video')).toHaveCount(0);
	expect(
		await attract.locator('img.avatar').evaluate((img: HTMLImageElement) => img.naturalWidth)
	).toBeGreaterThan(0);
});
