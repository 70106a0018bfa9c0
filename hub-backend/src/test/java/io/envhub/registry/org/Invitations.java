package io.envhub.registry.org;

import static io.restassured.RestAssured.given;

import io.restassured.http.ContentType;
import java.util.Map;

/** Test helper: adds a user to an organisation the only way there is, an invitation they accept. */
public final class Invitations {
    private Invitations() {
    }

    /** {@code inviter} (an owner's token) invites {@code username} with {@code role}; {@code inviteeToken} accepts. */
    public static void join(String inviter, String org, String username, String role, String inviteeToken) {
        long id = given().auth().oauth2(inviter).contentType(ContentType.JSON).body(Map.of("user", username, "role", role))
                .post("/api/v1/orgs/" + org + "/invitations").then().statusCode(201).extract().jsonPath().getLong("id");
        given().auth().oauth2(inviteeToken).post("/api/v1/me/invitations/" + id + "/accept").then().statusCode(200);
    }
}
