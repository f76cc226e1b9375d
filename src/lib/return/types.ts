/**
 * What the return station's screen works with (types only: nothing here brings the server
 * modules into the browser bundle).
 */
import type { ReturnFailure } from '#lib/server/returns/return-desk.ts';
import type { ReturnSettings } from '#lib/server/returns/return-settings.ts';
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

/** The return station page's load data. */
export interface ReturnData {
	device: { id: string; name: string };
	identity: { organization: string; place: string } | null;
	settings: ReturnSettings;
	demo: boolean;
	hasPin: boolean;
}

/** The guest's choice: containers to return per category id. */
export type Quantities = Record<string, number>;
