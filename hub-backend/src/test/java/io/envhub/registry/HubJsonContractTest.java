package io.envhub.registry;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.contract.api.DayCount;
import io.envhub.contract.api.EnvironmentDetail;
import io.envhub.contract.api.EnvironmentPage;
import io.envhub.contract.api.EnvironmentSummary;
import io.envhub.contract.api.Explore;
import io.envhub.contract.api.Readme;
import io.envhub.contract.api.SearchPage;
import io.envhub.contract.api.VersionDetail;
import io.envhub.contract.api.VersionFile;
import io.envhub.contract.api.VersionSummary;
import io.envhub.registry.model.Environment;
import io.envhub.registry.model.Owner;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Per public endpoint hub-frontend's {@code HubClient} reads into a contract record (environment, versions, version,
 * files, search, readme, downloads, the page's composite call, explore), the JSON hub-backend really answers against
 * that record: read into it and written again, every field the backend sent is still there with the
 * same value (nothing the backend sends is dropped by the record), and the record reads back as itself. A field the
 * backend adds or renames without the contract record following fails here instead of showing as a blank on a page.
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class HubJsonContractTest {
    @Inject
    RegistryFixtures fixtures;
    @Inject
    ObjectMapper json;

    @Test
    void theContractRecordsKeepEveryFieldHubBackendAnswers() throws Exception {
        Owner owner = fixtures.owner("contract-" + RegistryFixtures.run());
        Environment env = fixtures.environment(owner, "Contracted", "Read by the pages", "public", List.of("text"),
                "# Contracted\nhello");
        fixtures.ranRuntime(fixtures.publish(env, "1.0.0"));
        fixtures.publish(env, "1.1.0");
        fixtures.yank(env, "1.1.0", "broken build");
        String base = "/api/v1/environments/" + owner.name + "/contracted";

        carries(answer(base), type(EnvironmentDetail.class));
        carries(answer(base + "/versions"), type(new TypeReference<List<VersionSummary>>() { }));
        carries(answer(base + "/versions/1.0.0"), type(VersionDetail.class));
        carries(answer(base + "/versions/1.1.0"), type(VersionDetail.class));
        carries(answer(base + "/versions/1.0.0/files"), type(new TypeReference<List<VersionFile>>() { }));
        JsonNode search = answer("/api/v1/environments?owner=" + owner.name);
        assertEquals(1, search.get("items").size(), search.toString());
        carries(search, type(SearchPage.class));

        carries(answer(base + "/readme"), type(Readme.class));
        carries(answer(base + "/downloads?days=7"), type(new TypeReference<List<DayCount>>() { }));
        carries(answer(base + "/page?days=7"), type(EnvironmentPage.class));

        JsonNode explore = answer("/api/v1/explore");
        carries(explore, type(Explore.class));
        int items = 0;
        for (String list : List.of("trending", "recentlyUpdated", "newestValidated")) {
            for (JsonNode item : explore.get(list)) {
                carries(item, type(EnvironmentSummary.class));
                items++;
            }
        }
        assertTrue(items > 0, "explore listed nothing: " + explore);
    }

    private JsonNode answer(String path) throws Exception {
        return json.readTree(given().get(path).then().statusCode(200).extract().asString());
    }

    private JavaType type(Class<?> type) {
        return json.getTypeFactory().constructType(type);
    }

    private JavaType type(TypeReference<?> type) {
        return json.getTypeFactory().constructType(type);
    }

    private void carries(JsonNode sent, JavaType type) throws Exception {
        Object value = json.treeToValue(sent, type);
        JsonNode again = json.valueToTree(value);
        kept(type.toCanonical(), sent, again);
        assertEquals(value, json.treeToValue(again, type), type + " reads back as written");
    }

    /** Every field of {@code sent} is in {@code again} with the same value (timestamps as instants). */
    private static void kept(String where, JsonNode sent, JsonNode again) {
        if (sent.isObject()) {
            assertTrue(again.isObject(), where + " is no longer an object: " + again);
            sent.fieldNames().forEachRemaining(name -> {
                assertTrue(again.has(name), where + "." + name + " is lost by the contract record: " + sent);
                kept(where + "." + name, sent.get(name), again.get(name));
            });
        } else if (sent.isArray()) {
            assertEquals(sent.size(), again.size(), where);
            for (int i = 0; i < sent.size(); i++) {
                kept(where + "[" + i + "]", sent.get(i), again.get(i));
            }
        } else if (sent.isTextual() && again.isTextual() && !sent.equals(again)) {
            assertTrue(sameInstant(sent.asText(), again.asText()), where + ": " + sent + " became " + again);
        } else if (sent.isNumber() && again.isNumber()) {
            assertEquals(0, sent.decimalValue().compareTo(again.decimalValue()), where + ": " + sent + " became " + again);
        } else {
            assertEquals(sent, again, where);
        }
        assertFalse(sent.isMissingNode(), where);
    }

    private static boolean sameInstant(String a, String b) {
        try {
            return OffsetDateTime.parse(a).isEqual(OffsetDateTime.parse(b));
        } catch (DateTimeParseException notATime) {
            return false;
        }
    }
}
