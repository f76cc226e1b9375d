/**
 * What a device's key lets it use, by the server's one rule (server/devices/platform-view.ts
 * featuresOf): the setup pages list it, the guest screens offer what it allows.
 */
export interface Features {
	/** REVO and a configuration that answers 200. */
	deposits: boolean;
	/** CREDIT: loyalty credit payments. */
	loyalty: boolean;
	/** ORDER: the order board. */
	orderBoard: boolean;
}
