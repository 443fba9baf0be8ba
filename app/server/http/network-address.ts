// What kind of network an IP address belongs to, so a fetch the server makes on someone's word
// (a picture's URL in an imported sheet) never reaches the server's own machine, its private
// network or a cloud's metadata service. IPv4 and IPv6 are told apart by their form; an IPv6
// address that carries an IPv4 one (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16)
// is judged by the IPv4 address inside it.
//
//   addressKind("10.1.2.3")              // "private"
//   addressKind("::ffff:127.0.0.1")      // "loopback"
//   mayConnectTo("169.254.169.254", { allowPrivate: true })   // false: metadata, always refused
import net from "node:net";

export type AddressKind =
  /** On the internet. */
  | "public"
  /** This machine: 127.0.0.0/8, ::1. */
  | "loopback"
  /** A private network: 10/8, 172.16/12, 192.168/16, carrier-grade NAT 100.64/10, IPv6 ULA fc00::/7, site-local fec0::/10. */
  | "private"
  /** A cloud's instance metadata service (169.254.169.254, fd00:ec2::254, 100.100.100.200). */
  | "metadata"
  /** The link: 169.254/16, fe80::/10. */
  | "link-local"
  /** "Any address": 0.0.0.0/8, ::. A connection to it reaches this machine. */
  | "unspecified"
  | "multicast"
  /** Documentation, benchmarking, broadcast, future use, deprecated or tunnelled forms. */
  | "reserved";

type Range = readonly [base: string, bits: number, kind: Exclude<AddressKind, "public">];

// The first range an address falls in names it: metadata before the link-local or private range
// it sits in.
const IPV4_RANGES: readonly Range[] = [
  ["169.254.169.254", 32, "metadata"],
  ["100.100.100.200", 32, "metadata"],
  ["0.0.0.0", 8, "unspecified"],
  ["127.0.0.0", 8, "loopback"],
  ["10.0.0.0", 8, "private"],
  ["172.16.0.0", 12, "private"],
  ["192.168.0.0", 16, "private"],
  ["100.64.0.0", 10, "private"],
  ["169.254.0.0", 16, "link-local"],
  ["192.0.0.0", 24, "reserved"],
  ["192.0.2.0", 24, "reserved"],
  ["198.18.0.0", 15, "reserved"],
  ["198.51.100.0", 24, "reserved"],
  ["203.0.113.0", 24, "reserved"],
  ["224.0.0.0", 4, "multicast"],
  ["240.0.0.0", 4, "reserved"],
];

const IPV6_RANGES: readonly Range[] = [
  ["fd00:ec2::254", 128, "metadata"],
  ["::", 128, "unspecified"],
  ["::1", 128, "loopback"],
  ["fc00::", 7, "private"],
  ["fec0::", 10, "private"],
  ["fe80::", 10, "link-local"],
  ["ff00::", 8, "multicast"],
  // IPv4-compatible (deprecated), discard-only, Teredo, documentation, ORCHID.
  ["::", 96, "reserved"],
  ["100::", 64, "reserved"],
  ["2001::", 32, "reserved"],
  ["2001:db8::", 32, "reserved"],
  ["2001:10::", 28, "reserved"],
  ["2001:20::", 28, "reserved"],
];

function ipv4ToNumber(address: string) {
  return address.split(".").reduce((sum, part) => sum * 256 + Number(part), 0);
}

/** The 16 bytes of an IPv6 address (zone id dropped), an embedded dotted IPv4 tail read too. */
function ipv6ToBytes(text: string): Uint8Array {
  let address = text.replace(/%.*$/, "");
  const bytes = new Uint8Array(16);
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (dotted?.[1]) {
    const v4 = ipv4ToNumber(dotted[1]);
    address = `${address.slice(0, dotted.index)}${((v4 >>> 16) & 0xffff).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head = "", tail] = address.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const groups =
    tail === undefined
      ? headGroups
      : [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill("0"), ...tailGroups];
  groups.forEach((group, i) => {
    const value = Number.parseInt(group, 16);
    bytes[i * 2] = value >> 8;
    bytes[i * 2 + 1] = value & 0xff;
  });
  return bytes;
}

function bytesToBigInt(bytes: Uint8Array) {
  return bytes.reduce((sum, byte) => (sum << 8n) | BigInt(byte), 0n);
}

function inRange(value: bigint, base: bigint, bits: number, width: number) {
  const shift = BigInt(width - bits);
  return value >> shift === base >> shift;
}

function kindOfIpv4(address: string): AddressKind {
  const value = BigInt(ipv4ToNumber(address));
  if (value === 0xffffffffn) return "reserved";
  for (const [base, bits, kind] of IPV4_RANGES)
    if (inRange(value, BigInt(ipv4ToNumber(base)), bits, 32)) return kind;
  return "public";
}

/** The IPv4 address an IPv6 one carries (mapped, NAT64, 6to4), or null. */
function embeddedIpv4(bytes: Uint8Array): string | null {
  const quad = (from: number) => Array.from(bytes.subarray(from, from + 4)).join(".");
  const zeros = (from: number, to: number) => bytes.subarray(from, to).every((byte) => byte === 0);
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return quad(12);
  // 64:ff9b::/96, the well-known NAT64 prefix.
  if (bytes[0] === 0 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zeros(4, 12))
    return quad(12);
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return quad(2);
  return null;
}

function kindOfIpv6(address: string): AddressKind {
  const bytes = ipv6ToBytes(address);
  const inside = embeddedIpv4(bytes);
  if (inside) return kindOfIpv4(inside);
  const value = bytesToBigInt(bytes);
  for (const [base, bits, kind] of IPV6_RANGES)
    if (inRange(value, bytesToBigInt(ipv6ToBytes(base)), bits, 128)) return kind;
  return "public";
}

/** The kind of network `address` (an IP address, without brackets) is on; null when it is no IP address. */
export function addressKind(address: string): AddressKind | null {
  const family = net.isIP(address.replace(/%.*$/, ""));
  if (family === 4) return kindOfIpv4(address);
  if (family === 6) return kindOfIpv6(address);
  return null;
}

/**
 * Whether the server may open a connection to `address` on someone else's word: public ones
 * always; this machine and private networks only when `allowPrivate` says so (tests, a
 * supplier's server on the trader's own network); link-local, metadata, unspecified, multicast
 * and reserved ones never.
 */
export function mayConnectTo(address: string, options: { allowPrivate: boolean }) {
  const kind = addressKind(address);
  if (kind === "public") return true;
  if (kind === "loopback" || kind === "private") return options.allowPrivate;
  return false;
}
