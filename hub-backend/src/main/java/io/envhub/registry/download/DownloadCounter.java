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
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
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
 *
 * <p>De-duplication (one counted download per client and environment per {@link DownloadConfig#dedupWindow()}) holds
 * across instances: an instance first filters in memory (a client looping on one instance costs nothing), then hands
 * each remaining (client, environment, time) to the flush, whose statement keeps the last counted time per client and
 * environment in {@code hub.download_clients} (migration V42) and counts a download only when that row is missing or
 * older than the window. So a client spread over N instances by a load balancer still counts once per window; the
 * request path still never writes to the database.
 */
@ApplicationScoped
public class DownloadCounter {
    private static final Logger LOG = Logger.getLogger(DownloadCounter.class);

    static final String FLUSH = """
            WITH flush AS (INSERT INTO hub.download_flushes (id) VALUES (?) ON CONFLICT DO NOTHING RETURNING id),
                 seen AS (SELECT s.client, s.env, s.at FROM unnest(?::text[], ?::bigint[], ?::timestamptz[]) AS s(client, env, at)
                           CROSS JOIN flush
                          WHERE EXISTS (SELECT 1 FROM hub.environments e WHERE e.id = s.env)),
                 fresh AS (INSERT INTO hub.download_clients AS c (client, environment_id, counted_at)
                           SELECT client, env, at FROM seen ORDER BY client, env
                           ON CONFLICT (client, environment_id) DO UPDATE SET counted_at = EXCLUDED.counted_at
                           WHERE c.counted_at <= EXCLUDED.counted_at - make_interval(secs => ?)
                           RETURNING environment_id AS env, (counted_at AT TIME ZONE 'UTC')::date AS day),
                 counted AS (SELECT b.env, b.day, b.n FROM unnest(?::bigint[], ?::date[], ?::bigint[]) AS b(env, day, n)
                              CROSS JOIN flush
                             WHERE EXISTS (SELECT 1 FROM hub.environments e WHERE e.id = b.env)
                             UNION ALL SELECT env, day, 1 FROM fresh),
                 batch AS (SELECT env, day, sum(n)::bigint AS n FROM counted GROUP BY env, day),
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

    /** A client (user or address) who downloaded an environment, first seen at {@code at} by this instance. */
    record Seen(String client, long environmentId, Instant at) {
    }

    /**
     * Written together, under one id: counts to add as they are (no de-duplication window) and downloads to count
     * only when their client had none counted within the window by any instance.
     */
    record Batch(UUID id, Map<Key, Long> counts, List<Seen> seen) {
        Batch(UUID id, Map<Key, Long> counts) {
            this(id, counts, List.of());
        }

        long size() {
            return counts.values().stream().mapToLong(Long::longValue).sum() + seen.size();
        }
    }

    private final AgroalDataSource db;
    private final DownloadConfig config;
    private final Caller caller;
    private final ClientAddress address;
    /** (client, environment) to the time (nanos) until which further downloads are not counted. */
    private final ConcurrentHashMap<String, Long> recent = new ConcurrentHashMap<>();
    /** Counts not yet handed to a batch (no de-duplication window). */
    private final ConcurrentHashMap<Key, Long> pending = new ConcurrentHashMap<>();
    /** (client, environment) to the first time seen, not yet handed to a batch (with a de-duplication window). */
    private final ConcurrentHashMap<String, Seen> pendingSeen = new ConcurrentHashMap<>();
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
        if (config.dedupWindow().toNanos() <= 0) {
            pending.merge(new Key(environmentId, LocalDate.now(ZoneOffset.UTC)), 1L, Long::sum);
        } else {
            String client = client();
            if (!firstInWindow(client + "/" + environmentId)) {
                return;
            }
            pendingSeen.putIfAbsent(client + "/" + environmentId, new Seen(client, environmentId, Instant.now()));
        }
        if (waiting.incrementAndGet() >= config.flushAt()) {
            flush();
        }
    }

    /** Downloads counted here and not yet written (the retried batch included). */
    long unwritten() {
        flushing.lock();
        try {
            long n = pending.values().stream().mapToLong(Long::longValue).sum() + pendingSeen.size();
            return unsent == null ? n : n + unsent.size();
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

    /** Forgets clients whose last counted download is older than the window (they would count again anyway). */
    @Scheduled(every = "1m", delayed = "1m", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void pruneClients() {
        try (Connection c = db.getConnection(); PreparedStatement delete = c.prepareStatement(
                "DELETE FROM hub.download_clients WHERE counted_at < now() - make_interval(secs => ?)")) {
            delete.setDouble(1, Math.max(60, config.dedupWindow().toMillis() / 1000.0));
            delete.executeUpdate();
        } catch (SQLException e) {
            LOG.warnf("could not prune old download clients: %s", e.getMessage());
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
                    List<Seen> seen = new ArrayList<>();
                    for (String key : pendingSeen.keySet()) {
                        Seen s = pendingSeen.remove(key);
                        if (s != null) {
                            seen.add(s);
                        }
                    }
                    if (counts.isEmpty() && seen.isEmpty()) {
                        return true;
                    }
                    unsent = new Batch(UUID.randomUUID(), counts, seen);
                }
                try {
                    write(unsent);
                    unsent = null;
                } catch (SQLException e) {
                    LOG.warnf("could not write %d download counts (kept, retried with the next flush): %s",
                            unsent.size(), e.getMessage());
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
        int m = batch.seen().size();
        Object[] clients = new Object[m];
        Object[] seenEnvs = new Object[m];
        Object[] times = new Object[m];
        for (int j = 0; j < m; j++) {
            Seen s = batch.seen().get(j);
            clients[j] = s.client();
            seenEnvs[j] = s.environmentId();
            times[j] = Timestamp.from(s.at());
        }
        try (Connection c = db.getConnection(); PreparedStatement update = c.prepareStatement(FLUSH)) {
            if (!c.getAutoCommit()) {
                throw new IllegalStateException("downloads are flushed in autocommit, outside any transaction");
            }
            update.setObject(1, batch.id());
            update.setArray(2, c.createArrayOf("text", clients));
            update.setArray(3, c.createArrayOf("bigint", seenEnvs));
            update.setArray(4, c.createArrayOf("timestamptz", times));
            update.setDouble(5, config.dedupWindow().toMillis() / 1000.0);
            update.setArray(6, c.createArrayOf("bigint", envs));
            update.setArray(7, c.createArrayOf("date", days));
            update.setArray(8, c.createArrayOf("bigint", counts));
            update.executeUpdate();
        }
    }

    /** The client a download is counted for: the signed-in user, else the address. */
    private String client() {
        Long user = caller.ownerId();
        return user != null ? "u" + user : "ip" + address.current();
    }

    /** This instance's own filter: whether the key had no download seen here within the window. */
    private boolean firstInWindow(String key) {
        long window = config.dedupWindow().toNanos();
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
