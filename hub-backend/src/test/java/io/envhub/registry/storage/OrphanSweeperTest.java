package io.envhub.registry.storage;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.format.hash.Sha256;
import io.envhub.testsupport.TestWheels;
import io.envhub.registry.model.Artifact;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.envhub.testsupport.Tokens;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.io.ByteArrayInputStream;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** An object no row references is swept; a published one never is. */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class OrphanSweeperTest {
    @Inject
    OrphanSweeper sweeper;

    @Inject
    ObjectStore store;

    @Test
    void sweepsOnlyUnreferencedObjects() {
        TestWheels.Built wheel = TestWheels.environment("kept-env", "1.0");
        given().auth().oauth2(Tokens.forUser("alice", "alice"))
                .multiPart("file", wheel.filename(), wheel.bytes(), "application/octet-stream")
                .post("/api/v1/environments/alice/kept-env/versions").then().statusCode(201);
        String kept = Artifact.objectKeyFor(Sha256.hex(Sha256.digest(wheel.bytes())));
        byte[] junk = "left behind by a crashed push".getBytes();
        String orphan = Artifact.objectKeyFor(Sha256.hex(Sha256.digest(junk)));
        store.put(orphan, new ByteArrayInputStream(junk), junk.length, "application/zip");

        assertEquals(0, sweeper.sweep(Duration.ofHours(1)), "young objects are left alone");
        assertTrue(sweeper.sweep(Duration.ofSeconds(-5)) >= 1);
        assertTrue(store.size(orphan).isEmpty(), "the orphan is gone");
        assertTrue(store.size(kept).isPresent(), "the published wheel stays");
    }
}
