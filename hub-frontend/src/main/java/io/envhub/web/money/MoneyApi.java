package io.envhub.web.money;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.web.money.MoneyViews.ConfirmRequest;
import io.envhub.web.money.MoneyViews.Earnings;
import io.envhub.web.money.MoneyViews.FailRequest;
import io.envhub.web.money.MoneyViews.FundingRequest;
import io.envhub.web.money.MoneyViews.Payout;
import io.envhub.web.money.MoneyViews.SponsorMoney;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.concurrent.CompletionStage;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/**
 * The money part of bounty-service's public API (ledger, funding, payouts, reconciliation), called with the viewer's
 * own token: bounty-service decides who may do what; the admin pages only hide themselves from non-admins.
 */
@RegisterRestClient(configKey = "bounty-api")
@Path("/api/v1")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public interface MoneyApi {
    @GET
    @Path("/sponsors/me/balance")
    CompletionStage<SponsorMoney> sponsorBalance(@HeaderParam("Authorization") String bearer);

    @GET
    @Path("/me/earnings")
    Earnings earnings(@HeaderParam("Authorization") String bearer);

    @GET
    @Path("/ledger/funding")
    List<MoneyViews.Funding> fundings(@HeaderParam("Authorization") String bearer);

    @POST
    @Path("/ledger/funding")
    JsonNode fund(@HeaderParam("Authorization") String bearer, FundingRequest body);

    @GET
    @Path("/payouts")
    List<Payout> payouts(@HeaderParam("Authorization") String bearer, @QueryParam("status") String status);

    @POST
    @Path("/payouts/{id}/confirm")
    JsonNode confirm(@HeaderParam("Authorization") String bearer, @PathParam("id") long id, ConfirmRequest body);

    @POST
    @Path("/payouts/{id}/fail")
    JsonNode fail(@HeaderParam("Authorization") String bearer, @PathParam("id") long id, FailRequest body);

    @POST
    @Path("/payouts/{id}/retry")
    JsonNode retry(@HeaderParam("Authorization") String bearer, @PathParam("id") long id);

    @GET
    @Path("/payouts/export.csv")
    @Produces("text/csv")
    Response exportCsv(@HeaderParam("Authorization") String bearer);

    @GET
    @Path("/ledger/reconciliation")
    JsonNode reconciliation(@HeaderParam("Authorization") String bearer);
}
