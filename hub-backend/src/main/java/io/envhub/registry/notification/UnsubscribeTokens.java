package io.envhub.registry.notification;

import io.envhub.contract.ProblemCode;
import io.envhub.contract.event.NotificationKind;
import io.envhub.contract.event.WebhookSignature;
import io.envhub.kit.error.ApiException;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;

/**
 * Unsubscribe tokens: {@code base64url(userId:kind).hex(HMAC-SHA256)} keyed with
 * {@link NotificationConfig#unsubscribeSecret()}. They do not expire (a link in an old email still works) and name one
 * user and one kind: the holder can only turn that kind's email off.
 */
@ApplicationScoped
public class UnsubscribeTokens {
    private final String secret;

    public UnsubscribeTokens(NotificationConfig config) {
        this.secret = config.unsubscribeSecret();
    }

    /** Who and what a valid token unsubscribes. */
    public record Subject(long userId, NotificationKind kind) {
    }

    /** The token for {@code userId} and {@code kind}. */
    public String token(long userId, NotificationKind kind) {
        String payload = userId + ":" + kind.wire();
        return Base64.getUrlEncoder().withoutPadding().encodeToString(payload.getBytes(StandardCharsets.UTF_8)) + "."
                + WebhookSignature.hmac(secret, "unsubscribe:" + payload);
    }

    /** The subject of a token; 400 {@code invalid-unsubscribe} when it is not one this hub signed. */
    public Subject read(String token) {
        try {
            int dot = token == null ? -1 : token.indexOf('.');
            if (dot > 0) {
                String payload = new String(Base64.getUrlDecoder().decode(token.substring(0, dot)), StandardCharsets.UTF_8);
                byte[] expected = WebhookSignature.hmac(secret, "unsubscribe:" + payload).getBytes(StandardCharsets.US_ASCII);
                if (MessageDigest.isEqual(expected, token.substring(dot + 1).getBytes(StandardCharsets.US_ASCII))) {
                    String[] parts = payload.split(":", 2);
                    NotificationKind kind = NotificationKind.find(parts[1]).orElseThrow();
                    return new Subject(Long.parseLong(parts[0]), kind);
                }
            }
        } catch (RuntimeException e) {
            // an unreadable token is refused below like a forged one
        }
        throw new ApiException.Invalid(ProblemCode.INVALID_UNSUBSCRIBE, "This unsubscribe link is not valid (it may be cut off); "
                + "change your email settings on the hub's notification settings page instead.");
    }
}
