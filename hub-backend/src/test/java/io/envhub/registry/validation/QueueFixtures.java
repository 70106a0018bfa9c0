package io.envhub.registry.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.format.fingerprint.FingerprintBuilder;
import io.envhub.registry.RegistryFixtures;
import io.envhub.registry.model.Owner;
import io.envhub.registry.model.Environment;
import io.envhub.registry.model.VersionVerdicts;
import io.envhub.registry.environment.EnvironmentStatus;
import io.envhub.registry.model.EnvironmentVersion;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.restassured.RestAssured;
import io.restassured.path.json.JsonPath;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/** Versions with a queued validation job (as a push leaves them), and a client of the queue API for tests. */
@ApplicationScoped
public class QueueFixtures {
    /** The queue API's base path. */
    public static final String BASE = ValidationQueueTest.BASE;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String[] WORDS = ("alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron"
            + " pi rho sigma tau upsilon phi chi psi omega apple river stone cloud engine window garden planet").split(" ");
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private final RegistryFixtures fixtures;
    private final EntityManager em;
    private final VersionVerdicts verdicts;
    private final EnvironmentStatus status;

    public QueueFixtures(RegistryFixtures fixtures, EntityManager em, VersionVerdicts verdicts, EnvironmentStatus status) {
        this.fixtures = fixtures;
        this.em = em;
        this.verdicts = verdicts;
        this.status = status;
    }

    /** A pushed version and its job. */
    public record Pushed(long versionId, long job) {
    }

    /** Publishes {@code owner/displayName} 1.0.0 and queues its validation job, version status pending. */
    public Pushed pushed(Owner owner, String displayName, String visibility) {
        return pushed(owner, displayName, visibility, List.of());
    }

    /** Publishes {@code owner/displayName} 1.0.0 with these tags and queues its validation job, version status pending. */
    public Pushed pushed(Owner owner, String displayName, String visibility, List<String> tags) {
        Environment env = fixtures.environment(owner, displayName, "queue test", visibility, tags, "# readme");
        return pushed(env, "1.0.0");
    }

    /** Publishes a version of {@code env} and queues its validation job, version status pending (as a push leaves it). */
    public Pushed pushed(Environment env, String version) {
        EnvironmentVersion v = fixtures.publish(env, version);
        long job = QuarkusTransaction.requiringNew().call(() -> {
            verdicts.setStatus(v.id, EnvironmentVersion.PENDING);
            status.refresh(env.id);
            ValidationJob j = ValidationJob.queue(v.id);
            j.persist();
            return j.id;
        });
        return new Pushed(v.id, job);
    }

    /** The job row and its version's status. */
    public Map<String, Object> job(long job) {
        return QuarkusTransaction.requiringNew().call(() -> {
            Object[] r = (Object[]) em.createNativeQuery("SELECT j.state, j.attempts, j.lease_owner, j.last_error, v.status"
                    + " FROM hub.validation_jobs j JOIN hub.versions v ON v.id = j.version_id WHERE j.id = ?1")
                    .setParameter(1, job).getSingleResult();
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("state", r[0]);
            out.put("attempts", r[1]);
            out.put("lease_owner", r[2]);
            out.put("last_error", r[3]);
            out.put("version_status", r[4]);
            return out;
        });
    }

    /** Moves the lease's expiry to now plus {@code seconds} (negative: expired). */
    public void expireLeaseIn(long job, int seconds) {
        QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery("UPDATE hub.validation_jobs SET lease_expires_at ="
                + " now() + make_interval(secs => ?1) WHERE id = ?2").setParameter(1, (double) seconds).setParameter(2, job)
                .executeUpdate());
    }

    /** Seconds until the lease expires. */
    public double leaseSecondsLeft(long job) {
        return QuarkusTransaction.requiringNew().call(() -> ((Number) em.createNativeQuery("SELECT EXTRACT(EPOCH FROM"
                + " lease_expires_at - now()) FROM hub.validation_jobs WHERE id = ?1").setParameter(1, job).getSingleResult())
                .doubleValue());
    }

    /** When the version's report was recorded. */
    public Object reportCreatedAt(long versionId) {
        return QuarkusTransaction.requiringNew().call(() -> em.createNativeQuery("SELECT CAST(created_at AS text)"
                + " FROM hub.validation_reports WHERE version_id = ?1").setParameter(1, versionId).getSingleResult());
    }

    /** How many reports the version has. */
    public long reportCount(long versionId) {
        return QuarkusTransaction.requiringNew().call(() -> ((Number) em.createNativeQuery("SELECT count(*)"
                + " FROM hub.validation_reports WHERE version_id = ?1").setParameter(1, versionId).getSingleResult()).longValue());
    }

    /** Claims as {@code worker} until {@code job} comes out (older jobs of other tests are claimed on the way). */
    public JsonPath claimUntil(String token, String worker, long job) {
        for (int i = 0; i < 1000; i++) {
            HttpResponse<String> r = claim(token, worker);
            if (r.statusCode() == 204) {
                fail("job " + job + " was not claimable");
            }
            assertEquals(200, r.statusCode(), r.body());
            JsonPath claimed = new JsonPath(r.body());
            if (claimed.getLong("jobId") == job) {
                return claimed;
            }
        }
        throw new AssertionError("job " + job + " did not come out of the queue");
    }

    /** Claims as {@code worker} until nothing is claimable; the claimed job ids in order. */
    public List<Long> drain(String token, String worker) {
        List<Long> out = new ArrayList<>();
        while (true) {
            HttpResponse<String> r = claim(token, worker);
            if (r.statusCode() == 204) {
                return out;
            }
            assertEquals(200, r.statusCode(), r.body());
            out.add(new JsonPath(r.body()).getLong("jobId"));
        }
    }

    private static HttpResponse<String> claim(String token, String worker) {
        try {
            HttpRequest req = HttpRequest.newBuilder(URI.create(RestAssured.baseURI + ":" + RestAssured.port
                            + ValidationQueueTest.BASE + "/claim"))
                    .header("Authorization", "Bearer " + token).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(Map.of("worker", worker)))).build();
            return HTTP.send(req, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A report as the validator posts it; with a dataset fingerprint of these row texts when given. */
    public static Map<String, Object> report(String status, List<String> rows) {
        Map<String, Object> check = new LinkedHashMap<>();
        check.put("id", "static.archive");
        check.put("status", "failed".equals(status) ? "fail" : "pass");
        check.put("message", "archive checked");
        check.put("durationMs", 3);
        Map<String, Object> trust = new LinkedHashMap<>();
        trust.put("flags", List.of());
        Map<String, Object> report = new LinkedHashMap<>();
        report.put("status", status);
        report.put("checks", List.of(check));
        report.put("trust", trust);
        report.put("fingerprint", rows == null ? null : JSON.convertValue(FingerprintBuilder.build(rows, 1000), Map.class));
        return report;
    }

    /** Distinct dataset rows (prompt and answer text) derived from {@code seed}. */
    public static List<String> rows(String seed, int count) {
        Random rnd = new Random(seed.hashCode());
        List<String> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            StringBuilder sb = new StringBuilder("question " + seed + " " + i + ":");
            for (int w = 0; w < 20; w++) {
                sb.append(' ').append(WORDS[rnd.nextInt(WORDS.length)]);
            }
            out.add(FingerprintBuilder.rowText(sb.toString(), "answer " + rnd.nextInt(1000)));
        }
        return out;
    }
}
