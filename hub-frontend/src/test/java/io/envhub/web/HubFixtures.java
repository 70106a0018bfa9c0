package io.envhub.web;

import static io.restassured.RestAssured.given;

import io.envhub.testsupport.TestWheels;
import io.envhub.testsupport.Tokens;
import io.restassured.http.ContentType;
import org.eclipse.microprofile.config.ConfigProvider;

/** Puts data into the real hub-backend through its public API, as a user would (see {@link HubBackendTestResource}). */
public final class HubFixtures {
    private HubFixtures() {
    }

    /** The backend's base URL. */
    public static String hubUrl() {
        return ConfigProvider.getConfig().getValue("envhub.test.hub-url", String.class);
    }

    /** A unique suffix for names made by one test run. */
    public static String unique() {
        return Long.toString(System.nanoTime() % 1_000_000_000L, 36);
    }

    /** {@code Bearer} header value for a demo user (alice/alice, sam/sam, ada/ada). */
    public static String bearer(String user) {
        return "Bearer " + Tokens.forUser(user, user);
    }

    /** Pushes a wheel as the given user; the version's status starts as pending. */
    public static void push(String user, String owner, TestWheels.Built wheel, String visibility) {
        String name = wheel.filename().substring(0, wheel.filename().indexOf('-')).replace('_', '-');
        var request = given().baseUri(hubUrl()).header("Authorization", bearer(user))
                .multiPart("file", wheel.filename(), wheel.bytes(), "application/octet-stream");
        if (visibility != null) {
            request = request.multiPart("visibility", visibility);
        }
        request.post("/api/v1/environments/{owner}/{name}/versions", owner, name)
                .then().statusCode(201).contentType(ContentType.JSON);
    }
}
