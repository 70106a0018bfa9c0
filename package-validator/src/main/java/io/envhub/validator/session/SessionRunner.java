package io.envhub.validator.session;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import io.envhub.validator.check.SessionLauncher;
import io.envhub.validator.check.SessionProcess;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.logging.Logger;

/**
 * Holds this validator's hosted sessions: one sandboxed harness process each, by id (chosen by hub-backend, which
 * records the runner of each session). No database: hub-backend owns users, limits and routing. Idle sessions are
 * reaped; a process that died answers {@link ApiException.Unavailable} once and its slot is freed.
 */
@ApplicationScoped
public class SessionRunner {

    private static final Logger LOG = Logger.getLogger(SessionRunner.class);

    /** One live session and when it was last used. */
    private static final class Entry {
        final SessionProcess process;
        volatile long lastUsedNanos = System.nanoTime();

        Entry(SessionProcess process) {
            this.process = process;
        }
    }

    private final SessionLauncher launcher;
    private final SessionConfig config;
    private final Map<String, Entry> sessions = new ConcurrentHashMap<>();
    private final AtomicInteger starting = new AtomicInteger();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10))
            .followRedirects(HttpClient.Redirect.NORMAL).build();
    private final ScheduledExecutorService reaper = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "session-reaper");
        t.setDaemon(true);
        return t;
    });
    private final Timer stepTimer;
    private final MeterRegistry meters;

    public SessionRunner(SessionLauncher launcher, SessionConfig config, MeterRegistry meters) {
        this.launcher = launcher;
        this.config = config;
        this.meters = meters;
        this.stepTimer = Timer.builder("envhub.sessions.step").description("reset and step latency in the runner")
                .publishPercentiles(0.5, 0.99).register(meters);
        meters.gaugeMapSize("envhub.sessions.active", java.util.List.of(), sessions);
        long every = Math.max(1, Math.min(config.idle().toMillis() / 4, 5000));
        reaper.scheduleWithFixedDelay(this::reap, every, every, TimeUnit.MILLISECONDS);
    }

    /**
     * Downloads the wheel, installs it and starts the session process.
     *
     * @param id the session id (hub-backend's)
     * @param wheelUrl a short-lived URL of the wheel (presigned)
     * @param owner the environment's owner, whose index resolves dependencies
     */
    public void open(String id, String wheelUrl, String owner) {
        if (sessions.containsKey(id)) {
            throw new ApiException.Conflict(ProblemCode.INVALID_REQUEST, "session " + id + " exists");
        }
        if (sessions.size() + starting.incrementAndGet() > config.maxSessions()) {
            starting.decrementAndGet();
            throw new ApiException.Unavailable(ProblemCode.SESSION_RUNNER_UNAVAILABLE,
                    "this runner holds its most sessions (" + config.maxSessions() + ")");
        }
        Path dir = null;
        try {
            dir = Files.createTempDirectory("session-wheel-");
            Path wheel = dir.resolve(fileName(wheelUrl));
            HttpResponse<Path> r = http.send(HttpRequest.newBuilder(URI.create(wheelUrl)).timeout(Duration.ofSeconds(120))
                    .GET().build(), HttpResponse.BodyHandlers.ofFile(wheel));
            if (r.statusCode() != 200) {
                throw new ApiException.Unavailable(ProblemCode.SESSION_RUNNER_UNAVAILABLE,
                        "the wheel could not be downloaded (HTTP " + r.statusCode() + ")");
            }
            SessionProcess p = launcher.start(wheel, owner, (int) config.lifetime().toSeconds(), config.loadTimeout().toMillis());
            sessions.put(id, new Entry(p));
            meters.counter("envhub.sessions.started").increment();
            LOG.infof("session %s started (pid %d)", id, p.pid());
        } catch (SessionLauncher.NotStartable e) {
            throw new ApiException.Conflict(ProblemCode.SESSION_NOT_STARTABLE, e.getMessage());
        } catch (IOException e) {
            throw new ApiException.Unavailable(ProblemCode.SESSION_RUNNER_UNAVAILABLE, "the wheel could not be fetched: "
                    + e.getClass().getSimpleName());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ApiException.Unavailable(ProblemCode.SESSION_RUNNER_UNAVAILABLE, "interrupted");
        } finally {
            starting.decrementAndGet();
            deleteDir(dir);
        }
    }

    /**
     * Sends a request to a session's process.
     *
     * @param id the session
     * @param request {@code op} and its fields
     * @return the environment's answer
     */
    public JsonNode call(String id, ObjectNode request) {
        Entry e = sessions.get(id);
        if (e == null) {
            throw new ApiException.NotFound("no session " + id + " on this runner (closed or reaped)");
        }
        e.lastUsedNanos = System.nanoTime();
        long t0 = System.nanoTime();
        try {
            JsonNode reply = e.process.call(request, config.stepTimeout().toMillis());
            if (!"state".equals(request.path("op").asText())) {
                stepTimer.record(System.nanoTime() - t0, TimeUnit.NANOSECONDS);
            }
            return reply;
        } catch (SessionProcess.Gone gone) {
            remove(id, "gone: " + gone.getMessage());
            throw new ApiException.Unavailable(ProblemCode.SESSION_GONE, "the session's process ended: " + gone.getMessage());
        } finally {
            e.lastUsedNanos = System.nanoTime();
        }
    }

    /**
     * Closes a session (no error when it is already gone).
     *
     * @param id the session
     * @return whether it was open here
     */
    public boolean close(String id) {
        return remove(id, "closed");
    }

    /** @return how many sessions this runner holds */
    public int size() {
        return sessions.size();
    }

    /**
     * The sandbox process of a session (operators and tests).
     *
     * @param id the session
     * @return its pid, or -1
     */
    public long pid(String id) {
        Entry e = sessions.get(id);
        return e == null ? -1 : e.process.pid();
    }

    /**
     * Kills a session's process without closing the session (an operator's kill switch; tests).
     *
     * @param id the session
     */
    public void kill(String id) {
        Entry e = sessions.get(id);
        if (e != null) {
            e.process.kill();
        }
    }

    void reap() {
        long idle = config.idle().toNanos();
        long now = System.nanoTime();
        sessions.forEach((id, e) -> {
            if (!e.process.alive()) {
                remove(id, "its process ended");
            } else if (now - e.lastUsedNanos > idle) {
                remove(id, "idle");
            }
        });
    }

    private boolean remove(String id, String why) {
        Entry e = sessions.remove(id);
        if (e == null) {
            return false;
        }
        e.process.close();
        meters.counter("envhub.sessions.ended", "reason", why.startsWith("gone") ? "gone" : why.split(" ")[0]).increment();
        LOG.infof("session %s ended: %s", id, why);
        return true;
    }

    @PreDestroy
    void shutdown() {
        reaper.shutdownNow();
        sessions.keySet().forEach(id -> remove(id, "shutdown"));
    }

    private static String fileName(String url) {
        String path = URI.create(url).getPath();
        String name = path.substring(path.lastIndexOf('/') + 1);
        return name.matches("[A-Za-z0-9._+-]{1,200}\\.whl") ? name : "package.wheel";
    }

    private static void deleteDir(Path dir) {
        if (dir == null) {
            return;
        }
        try (var files = Files.list(dir)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Files.deleteIfExists(f);
            }
            Files.deleteIfExists(dir);
        } catch (IOException ignored) {
            // a temp directory left behind is swept with the OS's temp directory
        }
    }
}
