/**
 * The client's address as adapter-node reads it: the connection's, or behind a proxy the one
 * ADDRESS_HEADER / XFF_DEPTH name (README, Configuration). With ADDRESS_HEADER set, a request
 * without that header reached the server past its proxy, and adapter-node throws instead of
 * answering an address; such requests are counted together under one name (the login throttle
 * slows them down as one client) rather than failing with a 500, and the server says so once.
 */
import { log } from '../logging/logger.ts';
export const NO_ADDRESS = 'no-address-header';

let warned = false;

export function clientAddress(getClientAddress: () => string): string {
	try {
		return getClientAddress();
	} catch (problem) {
		if (!warned) {
			warned = true;
			log.warn(
				`A request without the client address header (${problem instanceof Error ? problem.message : String(problem)}): is the server reachable past its proxy?`
			);
		}
		return NO_ADDRESS;
	}
}
