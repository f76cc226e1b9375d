/**
 * What the return station's screen works with beyond what the server sends
 * (#lib/shared/return-view.ts, #lib/shared/screen-snapshot.ts): its view and the guest's choice.
 */
import type { GuestLanguages } from '#lib/shared/guest-languages.ts';
import type { ReturnSettings } from '#lib/shared/return-view.ts';
import type { VenueNames } from '#lib/shared/translated.ts';

/** What the return station shows, from the newest snapshot it has. */
export interface ReturnView {
	identity: { organization: string; place: string } | null;
	settings: ReturnSettings;
	/** The names staff gave the container categories (#lib/shared/format.ts containerName). */
	containerNames: VenueNames['containers'];
	/** The languages the venue offers its guests. */
	languages: GuestLanguages;
}

/** The guest's choice: containers to return per category id. */
export type Quantities = Record<string, number>;
