import { expect, test } from "vitest";
import { addressKind, mayConnectTo } from "./network-address";

test.each([
  ["8.8.8.8", "public"],
  ["1.1.1.1", "public"],
  ["172.32.0.1", "public"],
  ["100.128.0.1", "public"],
  ["127.0.0.1", "loopback"],
  ["127.255.255.254", "loopback"],
  ["10.0.0.1", "private"],
  ["172.16.5.4", "private"],
  ["172.31.255.255", "private"],
  ["192.168.1.1", "private"],
  ["100.64.0.1", "private"],
  ["169.254.169.254", "metadata"],
  ["100.100.100.200", "metadata"],
  ["169.254.1.1", "link-local"],
  ["0.0.0.0", "unspecified"],
  ["0.1.2.3", "unspecified"],
  ["224.0.0.251", "multicast"],
  ["255.255.255.255", "reserved"],
  ["240.0.0.1", "reserved"],
  ["192.0.2.10", "reserved"],
  ["198.18.0.1", "reserved"],
])("the IPv4 address %s is %s", (address, kind) => {
  expect(addressKind(address)).toBe(kind);
});

test.each([
  ["2606:4700:4700::1111", "public"],
  ["2a00:1450:4001:82b::200e", "public"],
  ["::1", "loopback"],
  ["0:0:0:0:0:0:0:1", "loopback"],
  ["::", "unspecified"],
  ["fd12:3456:789a::1", "private"],
  ["fc00::1", "private"],
  ["fec0::1", "private"],
  ["fe80::1", "link-local"],
  ["fe80::1%eth0", "link-local"],
  ["fd00:ec2::254", "metadata"],
  ["ff02::1", "multicast"],
  ["2001:db8::1", "reserved"],
  ["::127.0.0.1", "reserved"],
  ["100::1", "reserved"],
  ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "reserved"],
])("the IPv6 address %s is %s", (address, kind) => {
  expect(addressKind(address)).toBe(kind);
});

test.each([
  ["::ffff:127.0.0.1", "loopback"],
  ["::ffff:7f00:1", "loopback"],
  ["0:0:0:0:0:ffff:7f00:0001", "loopback"],
  ["::ffff:10.0.0.1", "private"],
  ["::ffff:169.254.169.254", "metadata"],
  ["::ffff:a9fe:a9fe", "metadata"],
  ["::ffff:0.0.0.0", "unspecified"],
  ["::ffff:8.8.8.8", "public"],
  ["64:ff9b::127.0.0.1", "loopback"],
  ["64:ff9b::a9fe:a9fe", "metadata"],
  ["64:ff9b::808:808", "public"],
  ["2002:7f00:1::", "loopback"],
  ["2002:c0a8:101::1", "private"],
  ["2002:808:808::1", "public"],
])("the IPv6 address %s carries an IPv4 one and is %s", (address, kind) => {
  expect(addressKind(address)).toBe(kind);
});

test("a name or a malformed address is no IP address", () => {
  expect(addressKind("localhost")).toBeNull();
  expect(addressKind("example.com")).toBeNull();
  expect(addressKind("127.1")).toBeNull();
  expect(addressKind("2130706433")).toBeNull();
  expect(addressKind("[::1]")).toBeNull();
});

test("public addresses are always allowed; this machine and private networks only when allowed", () => {
  expect(mayConnectTo("8.8.8.8", { allowPrivate: false })).toBe(true);
  expect(mayConnectTo("2606:4700:4700::1111", { allowPrivate: false })).toBe(true);
  for (const address of ["127.0.0.1", "::1", "::ffff:127.0.0.1", "10.1.2.3", "192.168.0.9", "fd00::5"]) {
    expect(mayConnectTo(address, { allowPrivate: false }), address).toBe(false);
    expect(mayConnectTo(address, { allowPrivate: true }), address).toBe(true);
  }
});

test("metadata, link-local, unspecified, multicast and reserved addresses are never allowed", () => {
  for (const address of [
    "169.254.169.254",
    "::ffff:169.254.169.254",
    "fd00:ec2::254",
    "169.254.10.10",
    "fe80::1",
    "0.0.0.0",
    "::",
    "::ffff:0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "2001:db8::1",
    "not an address",
  ]) {
    expect(mayConnectTo(address, { allowPrivate: true }), address).toBe(false);
  }
});
