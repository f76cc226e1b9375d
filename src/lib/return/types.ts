/**
 * What the return station's screen works with (server types only: nothing here brings the
 * server modules into the browser bundle).
 */
import type { ReturnFailure } from '#lib/server/returns/return-desk.ts';
import type { ReturnSettings } from '#lib/server/returns/return-settings.ts';
import type { ReturnSnapshot } from '#lib/shared/screen-snapshot.ts';
import type {
	RefundTotal,
	ReturnCategory,
	ReturnedLine,
	ReturnPreviewView,
	ReturnResultView
} from '#lib/server/returns/return-view.ts';

export type {
	RefundTotal,
	ReturnCategory,
	ReturnedLine,
	ReturnFailure,
	ReturnPreviewView,
	ReturnResultView,
	ReturnSettings
};

/** The return station page's load data: the screen's snapshot and what is not kept with it. */
export interface ReturnData {
	device: { id: string; name: string };
	snapshot: ReturnSnapshot;
	/** Demo mode's `?idle=N` (kiosk/idle.ts): the idle time in seconds instead of the settings'. */
	idleOverride: number | null;
	demo: boolean;
	hasPin: boolean;
}

/** What the return station shows, from the newest snapshot it has. */
export interface ReturnView {
	identity: { organization: string; place: string } | null;
	settings: ReturnSettings;
}

/** The guest's choice: containers to return per category id. */
export type Quantities = Record<string, number>;
