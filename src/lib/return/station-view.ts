/** What the return station shows, from a snapshot (the page's or a newer kept one). */
import { EVERY_GUEST_LANGUAGE } from '#lib/shared/guest-languages.ts';
import type { ReturnSnapshot } from '#lib/shared/screen-snapshot.ts';
import type { ReturnView } from './types.ts';

/** `idleOverride`: demo mode's `?idle=N` (server/screens/idle-override.ts), instead of the settings' idle time. */
export function returnView(snapshot: ReturnSnapshot, idleOverride: number | null): ReturnView {
	const identity = snapshot.identity.value;
	const settings = snapshot.settings.value;
	return {
		identity: identity && { organization: identity.organization, place: identity.place },
		settings: { ...settings, idleSeconds: idleOverride ?? settings.idleSeconds },
		containerNames: Object.fromEntries(
			(snapshot.deposits.value?.categories ?? []).flatMap((category) =>
				category.names ? [[category.id, category.names]] : []
			)
		),
		languages: snapshot.languages ?? EVERY_GUEST_LANGUAGE
	};
}
