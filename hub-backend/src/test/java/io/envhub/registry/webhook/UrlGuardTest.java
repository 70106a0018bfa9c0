package io.envhub.registry.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import java.lang.reflect.Proxy;
import java.net.InetAddress;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The SSRF guard without ENVHUB_WEBHOOK_ALLOW_PRIVATE: https only; loopback, private, link-local (cloud metadata),
 * carrier-grade NAT and IPv6 forms of them refused when a webhook is saved and when a delivery connects (a receiver
 * listening on loopback gets nothing).
 */
class UrlGuardTest {
    @Test
    void httpsOnlyAndNoPrivateAddresses() {
        UrlGuard guard = new UrlGuard(config(false));
        assertEquals(ProblemCode.INVALID_URL.code(), refused(guard, "http://example.org/hook"));
        assertEquals(ProblemCode.INVALID_URL.code(), refused(guard, "ftp://example.org/hook"));
        assertEquals(ProblemCode.INVALID_URL.code(), refused(guard, "https://user:pw@example.org/hook"));
        for (String url : List.of("https://127.0.0.1/hook", "https://localhost:8443/hook", "https://10.1.2.3/",
                "https://192.168.0.10/", "https://172.20.0.1/", "https://169.254.169.254/latest/meta-data/",
                "https://100.64.0.1/", "https://[::1]/", "https://[fd00::1]/", "https://[::ffff:127.0.0.1]/",
                "https://0.0.0.0/")) {
            assertEquals(ProblemCode.URL_NOT_ALLOWED.code(), refused(guard, url), url);
        }
    }

    @Test
    void publicAddressesPass() throws Exception {
        assertTrue(UrlGuard.isPublic(InetAddress.getByName("93.184.215.14")));
        assertTrue(UrlGuard.isPublic(InetAddress.getByName("2606:4700:4700::1111")));
        assertFalse(UrlGuard.isPublic(InetAddress.getByName("::ffff:10.0.0.1")));
        assertFalse(UrlGuard.isPublic(InetAddress.getByName("64:ff9b::a9fe:a9fe")), "NAT64 of 169.254.169.254");
    }

    @Test
    void aDeliveryToLoopbackIsRefusedAtConnectionTime() throws Exception {
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            WebhookSender sender = new WebhookSender(new UrlGuard(config(false)), config(false));
            WebhookSender.Result r = sender.send(receiver.url("/hook").replace("http:", "https:"), "{}", List.of("s"), "ping",
                    "evt_1", 1);
            assertNull(r.statusCode());
            assertTrue(r.error().startsWith("refused:"), r.error());
            assertEquals(0, receiver.requests.get(), "nothing reached the receiver");
        }
    }

    @Test
    void withTheFlagALocalReceiverGetsASignedDelivery() throws Exception {
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            receiver.secret = "whsec_test";
            WebhookSender sender = new WebhookSender(new UrlGuard(config(true)), config(true));
            WebhookSender.Result ok = sender.send(receiver.url("/hook"), "{\"id\":\"evt_1\",\"type\":\"ping\"}",
                    List.of("whsec_test"), "ping", "evt_1", 1);
            assertEquals(200, ok.statusCode(), ok.toString());
            WebhookSender.Result forged = sender.send(receiver.url("/hook"), "{\"id\":\"evt_2\",\"type\":\"ping\"}",
                    List.of("whsec_guessed"), "ping", "evt_2", 2);
            assertEquals(401, forged.statusCode(), "the receiver's check refuses a signature made with another secret");
            assertEquals(1, receiver.forgeries.get());
        }
    }

    private static String refused(UrlGuard guard, String url) {
        return assertThrows(ApiException.class, () -> guard.check(url)).code();
    }

    /** The configuration with every default and this allow-private setting. */
    static WebhookConfig config(boolean allowPrivate) {
        return (WebhookConfig) Proxy.newProxyInstance(WebhookConfig.class.getClassLoader(), new Class<?>[] {WebhookConfig.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "allowPrivate" -> allowPrivate;
                    case "timeout" -> Duration.ofSeconds(5);
                    case "maxRedirects" -> 3;
                    case "poll" -> "1s";
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }
}
