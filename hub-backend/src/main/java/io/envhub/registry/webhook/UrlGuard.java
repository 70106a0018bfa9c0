package io.envhub.registry.webhook;

import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import okhttp3.Dns;

/**
 * The SSRF guard of webhook URLs: https only, and every address the host resolves to must be public (no loopback,
 * private, link-local, carrier-grade NAT, multicast, reserved or unspecified address, nor an IPv6 form of one), checked
 * when a webhook is saved and again as the {@link Dns} of every delivery connection (so after DNS resolution, on every
 * redirect, and against a name that later resolves elsewhere). {@link WebhookConfig#allowPrivate()} lifts both rules.
 */
@ApplicationScoped
public class UrlGuard implements Dns {
    private final boolean allowPrivate;

    public UrlGuard(WebhookConfig config) {
        this.allowPrivate = config.allowPrivate();
    }

    /** Checks a URL a user gives (or a redirect points to); answers 400 with what is wrong. */
    public URI check(String url) {
        URI uri;
        try {
            uri = new URI(url == null ? "" : url.strip());
        } catch (URISyntaxException e) {
            throw new ApiException.Invalid(ProblemCode.INVALID_URL, "The webhook URL is not a valid URL.");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("https") && !(allowPrivate && scheme.equals("http"))) {
            throw new ApiException.Invalid(ProblemCode.INVALID_URL, "A webhook URL must be https://"
                    + (allowPrivate ? " or http://" : "") + ".");
        }
        if (uri.getHost() == null || uri.getRawUserInfo() != null || uri.getRawFragment() != null) {
            throw new ApiException.Invalid(ProblemCode.INVALID_URL, "A webhook URL needs a host, and no user name or fragment.");
        }
        if (url.length() > 2000) {
            throw new ApiException.Invalid(ProblemCode.INVALID_URL, "A webhook URL has at most 2000 characters.");
        }
        List<InetAddress> addresses;
        try {
            addresses = List.of(InetAddress.getAllByName(bare(uri.getHost())));
        } catch (UnknownHostException e) {
            throw new ApiException.Invalid(ProblemCode.INVALID_URL, "The webhook host " + uri.getHost() + " cannot be resolved.");
        }
        try {
            refuseNonPublic(uri.getHost(), addresses);
        } catch (UnknownHostException e) {
            throw new ApiException.Invalid(ProblemCode.URL_NOT_ALLOWED, e.getMessage());
        }
        return uri;
    }

    /** Resolves {@code host}, refusing it when any of its addresses is not public (unless private ones are allowed). */
    @Override
    public List<InetAddress> lookup(String host) throws UnknownHostException {
        List<InetAddress> all = List.of(InetAddress.getAllByName(bare(host)));
        refuseNonPublic(host, all);
        return all;
    }

    private static String bare(String host) {
        return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    }

    private void refuseNonPublic(String host, List<InetAddress> all) throws UnknownHostException {
        if (!allowPrivate) {
            for (InetAddress a : all) {
                if (!isPublic(a)) {
                    throw new UnknownHostException("The webhook host " + host + " resolves to " + a.getHostAddress()
                            + ", a private, loopback, link-local or reserved address: refused.");
                }
            }
        }
    }

    /** Whether an address is reachable on the public internet (not loopback, private, link-local, reserved, ...). */
    public static boolean isPublic(InetAddress a) {
        if (a.isAnyLocalAddress() || a.isLoopbackAddress() || a.isLinkLocalAddress() || a.isSiteLocalAddress()
                || a.isMulticastAddress()) {
            return false;
        }
        byte[] b = a.getAddress();
        if (a instanceof Inet4Address) {
            return isPublicV4(b);
        }
        if (a instanceof Inet6Address) {
            int first = b[0] & 0xff;
            if ((first & 0xfe) == 0xfc) {
                return false; // fc00::/7 unique local
            }
            if (first == 0xfe && (b[1] & 0xc0) == 0xc0) {
                return false; // fec0::/10 site local (deprecated)
            }
            boolean mapped = true;
            for (int i = 0; i < 10; i++) {
                mapped &= b[i] == 0;
            }
            if (mapped && ((b[10] & 0xff) == 0xff && (b[11] & 0xff) == 0xff || b[10] == 0 && b[11] == 0)) {
                return isPublicV4(new byte[] {b[12], b[13], b[14], b[15]}); // ::ffff:a.b.c.d and ::a.b.c.d
            }
            if ((b[0] & 0xff) == 0x00 && b[1] == 0x64 && (b[2] & 0xff) == 0xff && (b[3] & 0xff) == 0x9b) {
                return isPublicV4(new byte[] {b[12], b[13], b[14], b[15]}); // 64:ff9b::/96 NAT64
            }
            if ((b[0] & 0xff) == 0x20 && (b[1] & 0xff) == 0x01 && (b[2] & 0xff) == 0x0d && (b[3] & 0xff) == 0xb8) {
                return false; // 2001:db8::/32 documentation
            }
            return true;
        }
        return false;
    }

    private static boolean isPublicV4(byte[] b) {
        int a0 = b[0] & 0xff;
        int a1 = b[1] & 0xff;
        return !(a0 == 0 || a0 == 10 || a0 == 127 || a0 >= 224            // this network, private, loopback, multicast+reserved
                || a0 == 100 && a1 >= 64 && a1 <= 127                     // carrier-grade NAT
                || a0 == 169 && a1 == 254                                 // link local (cloud metadata)
                || a0 == 172 && a1 >= 16 && a1 <= 31 || a0 == 192 && a1 == 168
                || a0 == 192 && a1 == 0 && (b[2] & 0xff) == 0             // IETF protocol assignments
                || a0 == 192 && a1 == 0 && (b[2] & 0xff) == 2 || a0 == 198 && a1 == 51 && (b[2] & 0xff) == 100
                || a0 == 203 && a1 == 0 && (b[2] & 0xff) == 113           // documentation
                || a0 == 198 && (a1 == 18 || a1 == 19));                  // benchmarking
    }
}
