package io.envhub.registry.download;

import io.agroal.api.AgroalDataSource;
import io.envhub.registry.security.Caller;
import io.envhub.registry.security.ClientAddress;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.sql.Connection;
import java.sql.Date;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import org.jboss.logging.Logger;

/**
 * Counts downloads in memory and writes them in batches: no database write on the request path. Every
 * {@link DownloadConfig#flushInterval()} (or as soon as {@link DownloadConfig#flushAt()} downloads wait) one statement
 * adds the batch to {@code hub.downloads_daily} and the environments' {@code download_count} and records the batch's id
 * in {@code hub.download_flushes}, all in one transaction. A batch that fails is kept and retried with the same id
 * before anything newer: the id makes a retry of a batch that did commit (its answer lost) a no-op, so nothing is
 * counted twice. A crash of the instance loses at most the counts since its last successful flush; they are flushed
 * on a clean shutdown. Each instance flushes its own counts, so any number of backends can run side by side.
 */
@ApplicationScoped
public class DownloadCounter {
    private static final Logger LOG = Logger.getLogger(DownloadCounter.class);

    static final String FLUSH = """
            WITH flush AS (INSERT INTO hub.download_flushes (id) VALUES (?) ON CONFLICT DO NOTHING RETURNING id),
                 batch AS (SELECT b.env, b.day, b.n FROM unnest(?::bigint[], ?::date[], ?::bigint[]) AS b(env, day, n)
                            CROSS JOIN flush
                           WHERE EXISTS (SELECT 1 FROM hub.environments e WHERE e.id = b.env)),
                 daily AS (INSERT INTO hub.downloads_daily AS d (environment_id, day, count)
                           SELECT env, day, n FROM batch
                           ON CONFLICT (environment_id, day) DO UPDATE SET count = d.count + EXCLUDED.count)
            UPDATE hub.environments e SET download_count = e.download_count + t.n
              FROM (SELECT env, sum(n) AS n FROM batch GROUP BY env) t
             WHERE e.id = t.env AND set_config('synchronous_commit', 'off', true) IS NOT NULL""";

    private static final int MAX_CLIENTS = 200_000;

    /** What is counted: an environment on a UTC day. */
    record Key(long environmentId, LocalDate day) {
    }

    /** Counts written together, under one id. */
    record Batch(UUID id, Map<Key, Long> counts) {
    }

    private final AgroalDataSource db;
    private final DownloadConfig config;
    private final Caller caller;
    private final ClientAddress address;
    /** (client, environment) to the time (nanos) until which further downloads are not counted. */
    private final ConcurrentHashMap<String, Long> recent = new ConcurrentHashMap<>();
    /** Counts not yet handed to a batch. */
    private final ConcurrentHashMap<Key, Long> pending = new ConcurrentHashMap<>();
    private final AtomicLong waiting = new AtomicLong();
    private final ReentrantLock flushing = new ReentrantLock();
    /** A batch whose write failed, retried (same id) before any newer counts; guarded by {@link #flushing}. */
    private Batch unsent;

    public DownloadCounter(AgroalDataSource db, DownloadConfig config, Caller caller, ClientAddress address) {
        this.db = db;
        this.config = config;
        this.caller = caller;
        this.address = address;
    }

    /**
     * Counts one download of the environment, unless the same client (signed-in user, else IP address) had one counted
     * within {@link DownloadConfig#dedupWindow()}. In memory only (see the class comment); never throws for the database.
     */
    public void count(long environmentId) {
        if (!firstInWindow(environmentId)) {
            return;
        }
        pending.merge(new Key(environmentId, LocalDate.now(ZoneOffset.UTC)), 1L, Long::sum);
        if (waiting.incrementAndGet() >= config.flushAt()) {
            flush();
        }
    }

    /** Downloads counted here and not yet written (the retried batch included). */
    long unwritten() {
        flushing.lock();
        try {
            long n = pending.values().stream().mapToLong(Long::longValue).sum();
            return unsent == null ? n : n + unsent.counts().values().stream().mapToLong(Long::longValue).sum();
        } finally {
            flushing.unlock();
        }
    }

    @Scheduled(every = "${envhub.downloads.flush-interval:1s}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduledFlush() {
        flush();
    }

    void onStop(@Observes ShutdownEvent event) {
        flush();
    }

    @Scheduled(every = "1h", delayed = "1m", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void pruneFlushIds() {
        try (Connection c = db.getConnection(); PreparedStatement delete = c.prepareStatement(
                "DELETE FROM hub.download_flushes WHERE applied_at < now() - interval '1 day'")) {
            delete.executeUpdate();
        } catch (SQLException e) {
            LOG.warnf("could not prune old download flush ids: %s", e.getMessage());
        }
    }

    /**
     * Writes the waiting counts: first a batch that failed before (same id), then everything counted since. Returns
     * false when a write failed (the counts stay for the next flush).
     */
    public boolean flush() {
        flushing.lock();
        try {
            waiting.set(0);
            for (int round = 0; round < 2; round++) {
                if (unsent == null) {
                    Map<Key, Long> counts = new HashMap<>();
                    for (Key key : pending.keySet()) {
                        Long n = pending.remove(key);
                        if (n != null) {
                            counts.put(key, n);
                        }
                    }
                    if (counts.isEmpty()) {
                        return true;
                    }
                    unsent = new Batch(UUID.randomUUID(), counts);
                }
                try {
                    write(unsent);
                    unsent = null;
                } catch (SQLException e) {
                    LOG.warnf("could not write %d download counts (kept, retried with the next flush): %s",
                            unsent.counts().size(), e.getMessage());
                    return false;
                }
            }
            return true;
        } finally {
            flushing.unlock();
        }
    }

    /** The one statement of a flush; writing a batch a second time changes nothing. */
    void write(Batch batch) throws SQLException {
        int n = batch.counts().size();
        Object[] envs = new Object[n];
        Object[] days = new Object[n];
        Object[] counts = new Object[n];
        int i = 0;
        for (Map.Entry<Key, Long> e : batch.counts().entrySet()) {
            envs[i] = e.getKey().environmentId();
            days[i] = Date.valueOf(e.getKey().day());
            counts[i] = e.getValue();
            i++;
        }
        try (Connection c = db.getConnection(); PreparedStatement update = c.prepareStatement(FLUSH)) {
            if (!c.getAutoCommit()) {
                throw new IllegalStateException("downloads are flushed in autocommit, outside any transaction");
            }
            update.setObject(1, batch.id());
            update.setArray(2, c.createArrayOf("bigint", envs));
            update.setArray(3, c.createArrayOf("date", days));
            update.setArray(4, c.createArrayOf("bigint", counts));
            update.executeUpdate();
        }
    }

    private boolean firstInWindow(long environmentId) {
        long window = config.dedupWindow().toNanos();
        if (window <= 0) {
            return true;
        }
        Long user = caller.ownerId();
        String key = (user != null ? "u" + user : "ip" + address.current()) + "/" + environmentId;
        long now = System.nanoTime();
        if (recent.size() > MAX_CLIENTS) {
            recent.entrySet().removeIf(e -> e.getValue() - now <= 0);
        }
        boolean[] counted = {false};
        recent.compute(key, (k, until) -> {
            if (until == null || until - now <= 0) {
                counted[0] = true;
                return now + window;
            }
            return until;
        });
        return counted[0];
    }
}
