"""Who a request comes from, as far as the server can tell.

Behind a reverse proxy every connection comes from the proxy, so the deployment names the
header the proxy writes the client's address into (``CLIENT_IP_HEADER``). That header is
believed only on connections from the proxy itself (``TRUSTED_PROXIES``), and only its last
entry, the one the proxy appended: anything before it was written by the client. An IPv6
client owns a whole /64 and can change address inside it at will, so it counts as its /64.
"""

import ipaddress

from django.conf import settings
from django.http import HttpRequest


def _parse(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(text.strip())
    except ValueError:
        return None


def address(request: HttpRequest) -> str:
    """The client's address as a string (an IPv6 client's /64 network address).

    >>> from django.test import RequestFactory
    >>> address(RequestFactory().get("/", REMOTE_ADDR="2001:db8:1:2:3:4:5:6"))
    '2001:db8:1:2::'
    """
    remote = _parse(request.META.get("REMOTE_ADDR", "")) or ipaddress.ip_address("0.0.0.0")
    client = remote
    if settings.CLIENT_IP_HEADER and str(remote) in settings.TRUSTED_PROXIES:
        hops = request.META.get(settings.CLIENT_IP_HEADER, "").split(",")
        client = _parse(hops[-1]) or remote
    if isinstance(client, ipaddress.IPv6Address):
        if client.ipv4_mapped:
            return str(client.ipv4_mapped)
        return str(ipaddress.ip_network(f"{client}/64", strict=False).network_address)
    return str(client)
