/**
 * Intermediate status information (04 FF): what the terminal shows while a transaction runs,
 * for the kiosk to show as well (docs/zvt.md "Terminal messages"). The status byte names a
 * predefined display text (codes from Portalum.Zvt EnglishIntermediateStatusRepository); FF
 * means "none of them": the text is in the TLV (tag 24, lines in tag 07 — Portalum.Zvt
 * IntermediateStatusInformationParserTest GetMessage_TlvData).
 */
import { charsetOf, decodeText } from './charset.ts';
import { findTlv, type TlvNode } from './tlv.ts';

export interface IntermediateStatus {
	status: number;
	/** Seconds the terminal waits in this state, when it says (one byte, BCD). */
	timeoutSeconds?: number;
	tlv?: TlvNode[];
}

/** What the kiosk shows, in its own words (and languages): the message ids of the subset we map. */
export type IntermediateStatusMessage =
	'insert-card' | 'pin-entry' | 'please-wait' | 'remove-card' | 'declined' | 'other';

const MESSAGES: ReadonlyMap<number, IntermediateStatusMessage> = new Map([
	[0x01, 'pin-entry'], // please watch PIN pad
	[0x02, 'pin-entry'],
	[0x04, 'please-wait'], // waiting for response from host
	[0x0a, 'insert-card'],
	[0x0b, 'remove-card'],
	[0x0e, 'please-wait'],
	[0x17, 'please-wait'],
	[0x1d, 'declined'],
	[0x4b, 'remove-card']
]);

export const STATUS = {
	insertCard: 0x0a,
	watchPinPad: 0x01,
	pleaseWait: 0x17,
	textInTlv: 0xff
} as const;

export function intermediateStatusMessage(status: number): IntermediateStatusMessage {
	return MESSAGES.get(status) ?? 'other';
}

/**
 * The display lines the terminal sent in TLV tag 24 (each a tag 07), in order, in the
 * character set the container names (tag 14).
 */
export function intermediateStatusTexts(tlv: readonly TlvNode[] | undefined): string[] {
	const display = tlv && findTlv(tlv, 0x24);
	if (!display || !('children' in display)) return [];
	const charset = charsetOf(tlv);
	return display.children.flatMap((node) =>
		node.tag === 0x07 && 'value' in node ? [decodeText(node.value, charset)] : []
	);
}
