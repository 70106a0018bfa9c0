package io.envhub.registry.download;

import io.envhub.registry.storage.ObjectStore;
import io.envhub.registry.storage.StorageConfig;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Presigned download URLs, reused per object (and download name) for their lifetime minus
 * {@link DownloadConfig#presignReuseMargin()}: a burst of workers installing the same file costs one signature, and
 * every URL handed out stays valid for at least the margin. Bounded; an instance's own cache, nothing shared.
 */
@ApplicationScoped
public class PresignedUrls {
    /** Most URLs kept; past it, expired ones are dropped, then everything (the next requests sign again). */
    static final int MAX_ENTRIES = 50_000;

    private record Signed(String url, long reuseUntilNanos) {
    }

    private final ObjectStore store;
    private final StorageConfig storage;
    private final DownloadConfig config;
    private final Map<String, Signed> cache = new ConcurrentHashMap<>();

    public PresignedUrls(ObjectStore store, StorageConfig storage, DownloadConfig config) {
        this.store = store;
        this.storage = storage;
        this.config = config;
    }

    /** A presigned GET URL of {@code objectKey} that stays valid for at least the reuse margin. */
    public String get(String objectKey, String downloadName) {
        Duration ttl = storage.presignTtl();
        long reuse = ttl.minus(config.presignReuseMargin()).toNanos();
        if (reuse <= 0) {
            return store.presignedGet(objectKey, ttl, downloadName);
        }
        String key = objectKey + '\n' + downloadName;
        long now = System.nanoTime();
        Signed signed = cache.get(key);
        if (signed != null && signed.reuseUntilNanos() - now > 0) {
            return signed.url();
        }
        String url = store.presignedGet(objectKey, ttl, downloadName);
        if (cache.size() >= MAX_ENTRIES) {
            cache.values().removeIf(s -> s.reuseUntilNanos() - now <= 0);
            if (cache.size() >= MAX_ENTRIES) {
                cache.clear();
            }
        }
        cache.put(key, new Signed(url, now + reuse));
        return url;
    }
}
