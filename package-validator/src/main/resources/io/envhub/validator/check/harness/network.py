"""Remembers the hosts the environment's code tried to reach (the sandbox has no network), to name them in errors."""
import socket
import sys

NETWORK_HOSTS = []
_NETWORK_ERRNOS = {99, 100, 101, 103, 104, 110, 111, 113}
_HOST_EVENTS = ("socket.getaddrinfo", "socket.gethostbyname", "socket.gethostbyname_ex", "socket.gethostbyaddr")


def watch():
    """Installs the audit hook that remembers the hosts (for the rest of the process: audit hooks cannot be removed)."""
    sys.addaudithook(_network_audit)


def _network_audit(event, args):
    """Remembers the hosts the environment's code tried to reach (the sandbox has no network)."""
    if event in _HOST_EVENTS:
        host = args[0] if args else None
    elif event == "socket.connect":
        addr = args[1] if len(args) > 1 else None
        host = addr[0] if isinstance(addr, tuple) and addr else None
    else:
        return
    if isinstance(host, bytes):
        host = host.decode("ascii", "replace")
    if host and isinstance(host, str):
        if host in NETWORK_HOSTS:
            NETWORK_HOSTS.remove(host)
        NETWORK_HOSTS.append(host)
        del NETWORK_HOSTS[:-5]


def network_failure(exc):
    """The host last tried before a network error (the one the failing call was reaching), or None."""
    seen = 0
    while exc is not None and seen < 10 and NETWORK_HOSTS:
        name = type(exc).__name__
        if isinstance(exc, (socket.gaierror, socket.herror, ConnectionError, TimeoutError)) \
                or isinstance(exc, OSError) and exc.errno in _NETWORK_ERRNOS \
                or any(w in name for w in ("Connect", "Network", "Timeout", "Resolve", "Offline")):
            return NETWORK_HOSTS[-1]
        exc = exc.__cause__ or exc.__context__
        seen += 1
    return None
