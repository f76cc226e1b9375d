/**
 * METRICS_ALLOW's source addresses: single addresses or CIDR ranges, IPv4 and IPv6, separated by
 * commas. Checked with Node's own `BlockList`, which knows both families; an IPv4 client that
 * reaches a dual-stack socket is seen as `::ffff:a.b.c.d` and is checked as the IPv4 address it is.
 */
import { BlockList, isIP } from 'node:net';

export interface AddressRange {
	address: string;
	prefix: number;
	family: 'ipv4' | 'ipv6';
}

/** The ranges of `list`, or null when any entry is not an address or range. */
export function addressRanges(list: string): AddressRange[] | null {
	const entries = list
		.split(',')
		.map((entry) => entry.trim())
		.filter((entry) => entry !== '');
	const ranges: AddressRange[] = [];
	for (const entry of entries) {
		const [address = '', prefixText, ...rest] = entry.split('/');
		const version = isIP(address);
		if (version === 0 || rest.length > 0) return null;
		const bits = version === 4 ? 32 : 128;
		const prefix = prefixText === undefined ? bits : Number(prefixText);
		if (!/^\d{1,3}$/.test(prefixText ?? String(bits)) || prefix > bits) return null;
		ranges.push({ address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' });
	}
	return ranges.length > 0 ? ranges : null;
}

/** Whether `address` (as the client address reads it) lies in one of `ranges`. */
export function rangeMatcher(ranges: readonly AddressRange[]): (address: string) => boolean {
	const list = new BlockList();
	for (const range of ranges) list.addSubnet(range.address, range.prefix, range.family);
	return (address) => {
		const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
		const plain = mapped ?? address;
		const version = isIP(plain);
		if (version === 0) return false;
		return list.check(plain, version === 4 ? 'ipv4' : 'ipv6');
	};
}
