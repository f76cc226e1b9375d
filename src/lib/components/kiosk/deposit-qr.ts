/**
 * The deposit code's QR code, drawn by the screen that shows it (the guest's receipt, the back
 * office's reprint) rather than by the server: the code is the guest's to keep and already in the
 * sale the screen holds, and drawing it took the server more time than anything else in a card
 * sale. The generator (uqr) is a chunk of its own, loaded when a receipt first shows a code, so
 * no screen's initial JavaScript carries it; the service worker caches it with the version's other
 * files, so an offline kiosk draws it too.
 */
export async function depositQrSvg(code: string): Promise<string> {
	const { renderSVG } = await import('uqr');
	// A quiet zone of 4 modules; alphanumeric content keeps the code small.
	return renderSVG(code, { border: 4, ecc: 'M' });
}
