package io.envhub.registry.trustedpublishing;

import io.envhub.contract.api.TrustedPublisher;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * The exchange of a CI's OIDC ID token for an upload token: {@code POST /api/v1/trusted-publishing/token}, and the same
 * under PyPI's paths ({@code GET /_/oidc/audience}, {@code POST /_/oidc/mint-token}) so that PyPI's clients
 * ({@code uv publish --trusted-publishing always}, pypa/gh-action-pypi-publish) find it on their own.
 */
@Path("/")
@Produces(MediaType.APPLICATION_JSON)
public class TrustedPublishingResource {
    private final TrustedPublishingService service;

    public TrustedPublishingResource(TrustedPublishingService service) {
        this.service = service;
    }

    @POST
    @Path("api/v1/trusted-publishing/token")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Exchange an OIDC ID token for an upload token", description = "{token: the CI's ID token, "
            + "environment: owner/name (only when it matches publishers of several)}. The token must come from a trusted "
            + "issuer (403 issuer-not-trusted), verify with the issuer's keys, be unexpired (400 oidc-token-invalid), never "
            + "exchanged before (409 oidc-token-replayed) and match a publisher's audience and claims (403 "
            + "no-trusted-publisher). Answers {token, expiresAt, environment}: a token that may only upload new versions "
            + "of that environment for 15 minutes.")
    public TrustedPublisher.Minted exchange(TrustedPublisher.Exchange request) {
        return service.exchange(request);
    }

    @POST
    @Path("_/oidc/mint-token")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "PyPI's name for the exchange", description = "As POST /api/v1/trusted-publishing/token.")
    public TrustedPublisher.Minted mint(TrustedPublisher.Exchange request) {
        return service.exchange(request);
    }

    @GET
    @Path("api/v1/trusted-publishing")
    @Operation(summary = "What this hub trusts", description = "{issuers, audience, tokenLifetimeSeconds}: the OIDC issuers "
            + "whose ID tokens may be exchanged, the default audience, and how long a minted token works.")
    public Map<String, Object> info() {
        return service.info();
    }

    @GET
    @Path("_/oidc/audience")
    @Operation(summary = "The audience to ask the CI's ID token for", description = "PyPI's {audience}.")
    public Map<String, String> audience() {
        return Map.of("audience", service.defaultAudience());
    }
}
