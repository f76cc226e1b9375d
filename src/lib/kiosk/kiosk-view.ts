/** What the ordering kiosk shows, from a snapshot (the page's or a newer kept one). */
import { EVERY_GUEST_LANGUAGE } from '#lib/shared/guest-languages.ts';
import type { KioskSnapshot } from '#lib/shared/screen-snapshot.ts';
import { menuOf } from './menu.ts';
import type { KioskView } from './types.ts';

/** `idleOverride`: demo mode's `?idle=N` (server/screens/idle-override.ts), instead of the settings' idle time. */
export function kioskView(snapshot: KioskSnapshot, idleOverride: number | null): KioskView {
	const identity = snapshot.identity.value;
	const settings = snapshot.settings.value;
	return {
		identity: identity && {
			organization: identity.organization,
			place: identity.place,
			avatar: identity.avatar ?? null,
			avatarClip: identity.avatarClip ?? null
		},
		features: snapshot.features,
		products: menuOf(snapshot.menu.value, snapshot.deposits.value),
		settings: { ...settings, idleSeconds: idleOverride ?? settings.idleSeconds },
		languages: snapshot.languages ?? EVERY_GUEST_LANGUAGE
	};
}
