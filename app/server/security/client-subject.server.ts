// Who a per-client limit counts: the enquiry form's rate limit and the sign-in limits both key
// their counters by it.
import net from "node:net";

/** The eight groups of an IPv6 address, written out ("2001:db8::1" → 2001, db8, 0, …, 1). */
function ipv6Groups(address: string) {
  let text = address.split("%")[0] ?? "";
  // A dotted IPv4 tail (::ffff:192.0.2.1, 64:ff9b::192.0.2.1) is two more groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const zeros = Array(8 - left.length - right.length).fill("0");
  return [...left, ...(tail === undefined ? [] : zeros), ...right].map((g) => g.replace(/^0+(?=.)/, ""));
}

/**
 * Who a rate limit counts: an IPv4 address as it is (also when written IPv4-mapped), an IPv6
 * address by its /64, the block one home or server is given, so a sender cannot get a fresh
 * limit by stepping to the next address in it.
 */
export function rateLimitSubject(clientIp: string) {
  const address = clientIp.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1];
  if (mapped && net.isIPv4(mapped)) return mapped;
  if (net.isIPv6(address.split("%")[0] ?? "")) return `${ipv6Groups(address).slice(0, 4).join(":")}::/64`;
  return address || "unknown";
}
