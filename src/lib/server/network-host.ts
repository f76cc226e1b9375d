/**
 * A device's address on the venue's network as staff type it (a receipt printer, a card
 * terminal): an IP address, or a host name of letters, digits and hyphens between dots (RFC 1123).
 * Nothing else — no scheme, port or path — reaches a socket.
 */
import { isIP } from 'node:net';
import { z } from 'zod';

const HOST_NAME =
	/^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

export const networkHostSchema = z
	.string()
	.trim()
	.refine((host) => isIP(host) !== 0 || HOST_NAME.test(host));
