package io.envhub.registry.webhook;

import io.envhub.contract.event.WebhookSignature;
import io.envhub.kit.error.ApiException;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.InputStream;
import java.net.Proxy;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;

/**
 * Sends one delivery: a signed POST of the event's JSON to the webhook's URL, no proxy, redirects followed by hand (at
 * most {@link WebhookConfig#maxRedirects()}, each target checked by the {@link UrlGuard}), every connection's addresses
 * resolved through the guard. Never throws: the outcome, including a refused address, is a {@link Result}.
 */
@ApplicationScoped
public class WebhookSender {
    /** The User-Agent of deliveries. */
    public static final String USER_AGENT = "EnvHub-Webhooks/1";
    private static final MediaType JSON = MediaType.get("application/json; charset=utf-8");
    private static final Set<Integer> REDIRECTS = Set.of(301, 302, 303, 307, 308);
    private static final int EXCERPT = 1024;

    private final OkHttpClient http;
    private final UrlGuard guard;
    private final WebhookConfig config;

    public WebhookSender(UrlGuard guard, WebhookConfig config) {
        this.guard = guard;
        this.config = config;
        this.http = new OkHttpClient.Builder().dns(guard).proxy(Proxy.NO_PROXY).followRedirects(false)
                .followSslRedirects(false).callTimeout(config.timeout()).connectTimeout(config.timeout())
                .readTimeout(config.timeout()).retryOnConnectionFailure(false).build();
    }

    /**
     * What an attempt gave.
     *
     * @param statusCode the final HTTP status, or null when no answer came
     * @param durationMs how long it took
     * @param error what went wrong without an answer (or the status line of a failure), or null
     * @param excerpt the first KiB of the answer's body, or null
     */
    public record Result(Integer statusCode, long durationMs, String error, String excerpt) {
        /** A 2xx answer. */
        public boolean delivered() {
            return statusCode != null && statusCode >= 200 && statusCode < 300;
        }
    }

    /** Sends {@code body} (the event's JSON) signed with {@code secrets} (current first). */
    public Result send(String url, String body, List<String> secrets, String type, String eventId, long deliveryId) {
        long start = System.nanoTime();
        String signature = WebhookSignature.header(Instant.now().getEpochSecond(), body, secrets);
        String target = url;
        try {
            for (int hop = 0; ; hop++) {
                HttpUrl parsed = HttpUrl.parse(guard.check(target).toString());
                if (parsed == null) {
                    return new Result(null, millis(start), "not a URL: " + target, null);
                }
                Request request = new Request.Builder().url(parsed).post(RequestBody.create(body, JSON))
                        .header("User-Agent", USER_AGENT).header(WebhookSignature.HEADER, signature)
                        .header("X-EnvHub-Event", type).header("X-EnvHub-Event-Id", eventId)
                        .header("X-EnvHub-Delivery", Long.toString(deliveryId)).build();
                try (Response response = http.newCall(request).execute()) {
                    String location = response.header("Location");
                    if (REDIRECTS.contains(response.code()) && location != null) {
                        if (hop >= config.maxRedirects()) {
                            return new Result(response.code(), millis(start), "too many redirects", excerpt(response));
                        }
                        HttpUrl next = parsed.resolve(location);
                        if (next == null) {
                            return new Result(response.code(), millis(start), "unreadable redirect: " + location, null);
                        }
                        target = next.toString();
                        continue;
                    }
                    String excerpt = excerpt(response);
                    boolean ok = response.code() >= 200 && response.code() < 300;
                    return new Result(response.code(), millis(start), ok ? null : "HTTP " + response.code(), excerpt);
                }
            }
        } catch (ApiException refused) {
            return new Result(null, millis(start), "refused: " + refused.getMessage(), null);
        } catch (IOException e) {
            return new Result(null, millis(start), e.getClass().getSimpleName() + ": " + e.getMessage(), null);
        } catch (RuntimeException e) {
            return new Result(null, millis(start), "failed: " + e, null);
        }
    }

    private static String excerpt(Response response) throws IOException {
        try (InputStream in = response.body().byteStream()) {
            byte[] head = in.readNBytes(EXCERPT);
            return head.length == 0 ? null : new String(head, StandardCharsets.UTF_8);
        }
    }

    private static long millis(long start) {
        return (System.nanoTime() - start) / 1_000_000;
    }
}
