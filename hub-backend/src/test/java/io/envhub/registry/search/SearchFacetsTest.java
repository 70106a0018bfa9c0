package io.envhub.registry.search;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.envhub.registry.RegistryFixtures;
import io.envhub.registry.model.Owner;
import io.envhub.registry.model.Environment;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Licence and research-domain facets and filters, on listings (counter tables) and on filtered searches. */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class SearchFacetsTest {
    @Inject
    RegistryFixtures fixtures;
    @Inject
    EntityManager em;

    private static JsonPath search(Object... params) {
        RequestSpecification req = given();
        for (int i = 0; i < params.length; i += 2) {
            req = req.queryParam((String) params[i], params[i + 1]);
        }
        return req.get("/api/v1/environments").then().statusCode(200).extract().jsonPath();
    }

    private static Map<String, Integer> facet(JsonPath res, String name) {
        Map<String, Integer> out = new LinkedHashMap<>();
        List<Map<String, Object>> counts = res.getList("facets." + name);
        for (Map<String, Object> t : counts) {
            out.put((String) t.get("tag"), ((Number) t.get("count")).intValue());
        }
        return out;
    }

    private void license(Environment env, String license) {
        QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery("UPDATE hub.environments SET license = ?1 WHERE id = ?2")
                .setParameter(1, license).setParameter(2, env.id).executeUpdate());
    }

    @Test
    void licenceAndDomainFacetsCountTheMatchesAndFilterThem() {
        String run = RegistryFixtures.run();
        Owner owner = fixtures.owner("facets-" + run);
        String tag = "fc-" + run;
        Environment algebra = fixtures.environment(owner, "algebra", "a", "public", List.of(tag, "mathematics"), null);
        Environment proofs = fixtures.environment(owner, "proofs", "p", "public", List.of(tag, "mathematics", "education"), null);
        Environment dosing = fixtures.environment(owner, "dosing", "d", "public", List.of(tag, "medicine"), null);
        Environment longText = fixtures.environment(owner, "longtext", "l", "public", List.of(tag), null);
        fixtures.environment(owner, "hidden", "h", "private", List.of(tag, "medicine"), null);
        license(algebra, "MIT");
        license(proofs, "mit");
        license(dosing, "Apache-2.0");
        license(longText, "Permission is hereby granted, free of charge, to any person obtaining a copy\nof this software");

        for (JsonPath res : List.of(search("tag", tag), search("tag", tag, "owner", owner.name))) {
            assertEquals(4, res.getInt("total"));
            assertEquals(Map.of("mathematics", 2, "medicine", 1, "education", 1), facet(res, "domains"));
            assertEquals(Map.of("MIT", 1, "mit", 1, "Apache-2.0", 1), facet(res, "licenses"), "long licence texts are no facet");
        }
        assertEquals(List.of("algebra", "proofs"), search("tag", tag, "domain", "Mathematics", "sort", "name").getList("items.name"));
        JsonPath mit = search("tag", tag, "license", "MIT", "sort", "name");
        assertEquals(List.of("algebra", "proofs"), mit.getList("items.name"), "the licence filter ignores case");
        assertEquals(Map.of("mathematics", 2, "education", 1), facet(mit, "domains"));
        assertEquals(List.of("dosing"), search("tag", tag, "license", "apache-2.0", "domain", "medicine").getList("items.name"));
        given().queryParam("domain", "astrology").get("/api/v1/environments").then().statusCode(400)
                .body("type", equalTo("https://envhub.dev/problems/invalid-domain"));
        given().queryParam("license", "x".repeat(65)).get("/api/v1/environments").then().statusCode(400);
    }

    /**
     * A filtered search with a status filter: the total and the licences count its result, the statuses facet every
     * match but the status filter (so the other statuses can be chosen); without it, all three count the same matches.
     */
    @Test
    void aStatusFilterNarrowsTheLicencesButNotTheStatuses() {
        String run = RegistryFixtures.run();
        Owner owner = fixtures.owner("stf-" + run);
        String tag = "sf-" + run;
        List<Environment> abc = mitMitBsd(owner, "st", tag);
        Environment a = abc.get(0);
        Environment b = abc.get(1);
        Environment c = abc.get(2);
        fixtures.environment(owner, "st-d", "d", "public", List.of(tag), null); // the fixtures' licence: Apache-2.0
        update(a, "trust_status = 'verified'");
        update(b, "trust_status = 'failed'");
        update(c, "trust_status = 'verified'");

        JsonPath all = search("tag", tag, "owner", owner.name);
        assertEquals(4, all.getInt("total"));
        assertEquals(Map.of("MIT", 2, "BSD-3-Clause", 1, "Apache-2.0", 1), facet(all, "licenses"));
        assertEquals(2, all.getInt("facets.statuses.verified"));
        assertEquals(1, all.getInt("facets.statuses.failed"));

        JsonPath verified = search("tag", tag, "owner", owner.name, "status", "verified", "sort", "name");
        assertEquals(List.of("st-a", "st-c"), verified.getList("items.name"));
        assertEquals(2, verified.getInt("total"));
        assertEquals(Map.of("MIT", 1, "BSD-3-Clause", 1), facet(verified, "licenses"), "the result's licences only");
        assertEquals(2, verified.getInt("facets.statuses.verified"), "every status still counted");
        assertEquals(1, verified.getInt("facets.statuses.failed"));

        JsonPath failed = search("q", "st", "tag", tag, "owner", owner.name, "status", "failed");
        assertEquals(1, failed.getInt("total"));
        assertEquals(Map.of("MIT", 1), facet(failed, "licenses"), "no licence counted 0 times");
        assertEquals(0, search("tag", tag, "owner", owner.name, "status", "flagged").getInt("total"));
    }

    /** Three public environments {@code prefix}-a, -b, -c tagged {@code tag}, licensed MIT, MIT and BSD-3-Clause. */
    private List<Environment> mitMitBsd(Owner owner, String prefix, String tag) {
        List<Environment> out = List.of(fixtures.environment(owner, prefix + "-a", "a", "public", List.of(tag), null),
                fixtures.environment(owner, prefix + "-b", "b", "public", List.of(tag), null),
                fixtures.environment(owner, prefix + "-c", "c", "public", List.of(tag), null));
        license(out.get(0), "MIT");
        license(out.get(1), "MIT");
        license(out.get(2), "BSD-3-Clause");
        return out;
    }

    private void update(Environment env, String set) {
        QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery("UPDATE hub.environments SET " + set + " WHERE id = ?1")
                .setParameter(1, env.id).executeUpdate());
    }

    /** The licences a listing counts (hub.public_tag_licenses) follow every change, as a scan of the matches would. */
    @Test
    void aListingsLicenceCountsFollowEveryChange() {
        String run = RegistryFixtures.run();
        Owner owner = fixtures.owner("lic-" + run);
        String tag = "lc-" + run;
        List<Environment> abc = mitMitBsd(owner, "lic", tag);
        Environment a = abc.get(0);
        Environment b = abc.get(1);
        Environment c = abc.get(2);
        assertEquals(Map.of("MIT", 2, "BSD-3-Clause", 1), facet(search("tag", tag), "licenses"));
        license(b, "Apache-2.0");
        assertEquals(Map.of("MIT", 1, "Apache-2.0", 1, "BSD-3-Clause", 1), facet(search("tag", tag), "licenses"));
        update(c, "visibility = 'private'");
        assertEquals(Map.of("MIT", 1, "Apache-2.0", 1), facet(search("tag", tag), "licenses"), "private: not counted");
        update(b, "unlisted_at = now()");
        assertEquals(Map.of("MIT", 1), facet(search("tag", tag), "licenses"), "unlisted: not counted");
        update(b, "unlisted_at = NULL");
        update(a, "trust_status = 'verified', validated_version = '1.0'");
        assertEquals(Map.of("MIT", 1), facet(search("tag", tag, "validated", "true"), "licenses"));
        assertEquals(Map.of("MIT", 1), facet(search("tag", tag, "status", "verified"), "licenses"));
        assertEquals(Map.of(), facet(search("tag", tag, "status", "failed"), "licenses"));
        update(a, "tags = ARRAY['other-" + run + "']");
        assertEquals(Map.of("Apache-2.0", 1), facet(search("tag", tag), "licenses"), "the tag removed");
        // the listing (counters) and a filtered search (a scan of the matches) agree
        assertEquals(facet(search("tag", tag), "licenses"), facet(search("tag", tag, "owner", owner.name), "licenses"));
        QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery("DELETE FROM hub.environments WHERE id = ?1")
                .setParameter(1, b.id).executeUpdate());
        assertEquals(Map.of(), facet(search("tag", tag), "licenses"), "deleted");
    }
}
