package io.envhub.web.view;

import io.quarkus.qute.TemplateGlobal;
import io.quarkus.runtime.StartupEvent;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Static files under versioned URLs: {@code /assets/<hash>/css/envhub.css} serves {@code /css/envhub.css} with a
 * year-long, immutable cache, where {@code <hash>} is the content hash of every file in {@link #FILES}. A new build
 * that changes any of them changes every asset URL, so browsers never keep a stale stylesheet. Pages name the prefix
 * as {@code {assets}} (a template global). The plain {@code /css/...} paths keep working with the default cache.
 */
@ApplicationScoped
public class Assets {
    /** The static files under {@code META-INF/resources} that pages load; add a new one here. */
    public static final List<String> FILES = List.of("css/envhub.css", "css/bounty.css", "css/research.css", "css/admin.css",
            "css/evals.css", "css/publish.css",
            "css/community.css",
            "js/envhub.js", "favicon.svg");
    /** One year, as {@code Cache-Control} wants it. */
    static final String CACHE = "public, max-age=31536000, immutable";
    private static final Map<String, String> TYPES = Map.of("css", "text/css; charset=utf-8",
            "js", "text/javascript; charset=utf-8", "svg", "image/svg+xml");
    private static final String VERSION = hash();
    private final Map<String, byte[]> cache = new ConcurrentHashMap<>();

    /** The URL prefix of the current build's assets, e.g. {@code /assets/1a2b3c4d5e}. */
    @TemplateGlobal(name = "assets")
    public static String prefix() {
        return "/assets/" + VERSION;
    }

    void route(@Observes Router router) {
        router.get("/assets/:version/*").order(-10).handler(this::serve);
    }

    void start(@Observes StartupEvent ignored) {
        FILES.forEach(this::bytes); // a missing file fails the start, not the first page view
    }

    private void serve(RoutingContext ctx) {
        String path = ctx.pathParam("*");
        if (path == null || !FILES.contains(path)) {
            ctx.next();
            return;
        }
        String ext = path.substring(path.lastIndexOf('.') + 1);
        ctx.response().putHeader("Content-Type", TYPES.get(ext)).putHeader("Cache-Control", CACHE)
                .end(Buffer.buffer(bytes(path)));
    }

    private byte[] bytes(String path) {
        return cache.computeIfAbsent(path, Assets::read);
    }

    private static byte[] read(String path) {
        try (InputStream in = Assets.class.getClassLoader().getResourceAsStream("META-INF/resources/" + path)) {
            if (in == null) {
                throw new IllegalStateException("static file " + path + " is missing");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String hash() {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (String f : FILES) {
                sha.update(f.getBytes(StandardCharsets.UTF_8));
                sha.update(read(f));
            }
            return HexFormat.of().formatHex(sha.digest()).substring(0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
