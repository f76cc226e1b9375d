/** The customer receipt the simulated terminal sends as a print text block (06 D3). */
import type { StatusInformation } from '@venue-kiosk/zvt/status-information.ts';
import type { TlvNode } from '@venue-kiosk/zvt/tlv.ts';

/** Tag 1F07 receipt type 02: customer receipt; tag 25 holds the lines, one tag 07 each. */
export function receiptBlock(info: StatusInformation): TlvNode[] {
	const digits = String(info.amountMinor ?? 0).padStart(3, '0');
	const amount = `${digits.slice(0, -2)},${digits.slice(-2)}`;
	const lines = [
		'** Kundenbeleg **',
		`Terminal-ID ${info.terminalId ?? ''}`,
		`Beleg-Nr. ${info.receiptNumber ?? ''}  Trace ${info.traceNumber ?? ''}`,
		`Betrag EUR ${amount}`,
		info.originalTraceNumber === undefined ? 'Zahlung erfolgt' : 'Storno erfolgt'
	];
	return [
		{ tag: 0x1f07, value: Uint8Array.of(0x02) },
		{
			tag: 0x25,
			children: lines.map((line) => ({ tag: 0x07, value: new TextEncoder().encode(line) }))
		}
	];
}
