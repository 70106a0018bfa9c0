package io.envhub.contract.event;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The {@code X-EnvHub-Signature} header of a webhook delivery (the scheme of Stripe's): {@code t=<unix seconds>,v1=<hex
 * HMAC-SHA256 of "t.body" keyed with the subscription's secret>}; right after a secret rotation a second {@code v1}
 * signed with the previous secret follows. A receiver recomputes the HMAC over the raw body, compares in constant time
 * with any {@code v1}, and refuses a {@code t} too far from its clock (replays).
 */
public final class WebhookSignature {
    /** The header's name. */
    public static final String HEADER = "X-EnvHub-Signature";
    /** How far from the receiver's clock a timestamp may be by default. */
    public static final Duration DEFAULT_TOLERANCE = Duration.ofMinutes(5);

    private WebhookSignature() {
    }

    /** The header value for {@code body} sent at {@code unixSeconds}, one {@code v1} per secret (current first). */
    public static String header(long unixSeconds, String body, List<String> secrets) {
        StringBuilder out = new StringBuilder("t=").append(unixSeconds);
        for (String secret : secrets) {
            out.append(",v1=").append(hmac(secret, unixSeconds + "." + body));
        }
        return out.toString();
    }

    /**
     * Whether {@code header} signs {@code body} with {@code secret} at a time within {@code tolerance} of {@code now}:
     * what a receiver checks before trusting a delivery.
     */
    public static boolean verify(String header, String body, String secret, Instant now, Duration tolerance) {
        if (header == null || body == null || secret == null) {
            return false;
        }
        Long t = null;
        List<String> v1 = new ArrayList<>();
        for (String part : header.split(",")) {
            String p = part.strip();
            if (p.startsWith("t=")) {
                try {
                    t = Long.parseLong(p.substring(2));
                } catch (NumberFormatException e) {
                    return false;
                }
            } else if (p.startsWith("v1=")) {
                v1.add(p.substring(3));
            }
        }
        if (t == null || v1.isEmpty() || Math.abs(now.getEpochSecond() - t) > tolerance.toSeconds()) {
            return false;
        }
        byte[] expected = hmac(secret, t + "." + body).getBytes(StandardCharsets.US_ASCII);
        boolean ok = false;
        for (String candidate : v1) {
            ok |= MessageDigest.isEqual(expected, candidate.getBytes(StandardCharsets.US_ASCII));
        }
        return ok;
    }

    /** Hex HMAC-SHA256 of {@code payload} keyed with {@code secret} (UTF-8). */
    public static String hmac(String secret, String payload) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(payload.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("HmacSHA256 is not available", e);
        }
    }
}
