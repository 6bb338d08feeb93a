"""Which address the phones should open: found by listing this machine's interfaces, no traffic sent.

`ifaddr` reads the interface list from the operating system; nothing is connected to, looked up
or sent (no "connect a UDP socket to a public address" trick, no DNS). IPv4 addresses on a
private network come first, since that is where the phones at the table are; loopback and
link-local addresses are left out. The player may choose another address (or a port) in
Settings; `check_address` reads that choice as outside input.
"""

from __future__ import annotations

import ipaddress

LOOPBACK = "127.0.0.1"
PORT_RANGE = (1024, 65535)  # 0 means "any free port"


def candidates() -> list[str]:
    """This machine's addresses a phone on the same network could reach, the likeliest first."""
    import ifaddr  # here, not at the top: Settings import this module, and ifaddr pulls in ctypes and
    # subprocess, which the title's first frame must not wait for (tests/test_startup.py)

    found: list[ipaddress.IPv4Address | ipaddress.IPv6Address] = []
    try:
        adapters = ifaddr.get_adapters()
    except (OSError, ValueError):  # no interface list on this system: only this machine can connect
        return []
    for adapter in adapters:
        for ip in adapter.ips:
            text = ip.ip if isinstance(ip.ip, str) else ip.ip[0]
            try:
                address = ipaddress.ip_address(text)
            except ValueError:
                continue
            if address.is_loopback or address.is_link_local or address.is_multicast or address.is_unspecified:
                continue
            if address not in found:
                found.append(address)
    found.sort(key=lambda a: (a.version != 4, not a.is_private, str(a)))
    return [str(a) for a in found]


def default_address() -> str:
    """The address to listen on and show when Settings say "automatic"."""
    listed = candidates()
    return listed[0] if listed else LOOPBACK


def check_address(text: object) -> str:
    """A chosen address: "" (automatic) or an IP address literal; ValueError says what was expected."""
    if text == "":
        return ""
    if not isinstance(text, str) or len(text) > 45:
        raise ValueError("expected an IP address such as 192.168.1.20, or empty for automatic")
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        raise ValueError(f"expected an IP address such as 192.168.1.20, got {text[:45]!r}") from None
    # an address a phone can open: not "every interface" (0.0.0.0 would listen everywhere and show an
    # address no phone can reach), not a group or the broadcast address, no zone (a '%' in the URL)
    if (address.is_unspecified or address.is_multicast or str(address) == "255.255.255.255"
            or getattr(address, "scope_id", None)):
        raise ValueError(f"expected one address of this machine such as 192.168.1.20, got {text[:45]!r}")
    return str(address)


def check_port(value: object) -> int:
    """A chosen port: 0 (any free port) or 1024 to 65535."""
    if isinstance(value, bool) or not isinstance(value, int) or not (
            value == 0 or PORT_RANGE[0] <= value <= PORT_RANGE[1]):
        raise ValueError(f"expected 0 (any free port) or {PORT_RANGE[0]} to {PORT_RANGE[1]}, got {value!r}")
    return value
