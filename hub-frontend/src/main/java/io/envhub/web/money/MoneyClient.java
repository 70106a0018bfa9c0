package io.envhub.web.money;

import static io.envhub.web.client.ServiceJson.path;
import static io.envhub.web.client.ServiceJson.query;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.web.client.BountyService;
import io.envhub.web.client.ServiceJson;
import io.envhub.web.money.MoneyViews.ConfirmRequest;
import io.envhub.web.money.MoneyViews.Earnings;
import io.envhub.web.money.MoneyViews.FailRequest;
import io.envhub.web.money.MoneyViews.Funding;
import io.envhub.web.money.MoneyViews.FundingRequest;
import io.envhub.web.money.MoneyViews.Payout;
import io.envhub.web.money.MoneyViews.SponsorMoney;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.eclipse.microprofile.context.ManagedExecutor;

/**
 * The money part of bounty-service's public API (ledger, funding, payouts, reconciliation) over the same
 * {@link ServiceJson} as the bounty calls, with the viewer's own token: bounty-service decides who may do what; the
 * admin pages only hide themselves from non-admins. Failures are thrown as {@link ServiceJson} throws them.
 */
@ApplicationScoped
public class MoneyClient {
    private static final String API = "/api/v1";
    private static final String PAYOUT = API + "/payouts/{}";
    private static final TypeReference<List<Funding>> FUNDINGS = new TypeReference<>() { };
    private static final TypeReference<List<Payout>> PAYOUTS = new TypeReference<>() { };

    private final ServiceJson bounties;
    /** Runs the sponsor's balance next to the dashboard's other calls. */
    private final ManagedExecutor background;

    public MoneyClient(@BountyService ServiceJson bounties, ManagedExecutor background) {
        this.bounties = bounties;
        this.background = background;
    }

    public CompletableFuture<SponsorMoney> sponsorBalance(String bearer) {
        return background.supplyAsync(() -> bounties.get(bearer, API + "/sponsors/me/balance", SponsorMoney.class));
    }

    public Earnings earnings(String bearer) {
        return bounties.get(bearer, API + "/me/earnings", Earnings.class);
    }

    public List<Funding> fundings(String bearer) {
        return bounties.get(bearer, API + "/ledger/funding", FUNDINGS);
    }

    public JsonNode fund(String bearer, FundingRequest body) {
        return bounties.call(bearer, "POST", API + "/ledger/funding", body);
    }

    public List<Payout> payouts(String bearer, String status) {
        return bounties.get(bearer, query(API + "/payouts", "status", status), PAYOUTS);
    }

    public JsonNode confirm(String bearer, long id, ConfirmRequest body) {
        return bounties.call(bearer, "POST", path(PAYOUT + "/confirm", id), body);
    }

    public JsonNode fail(String bearer, long id, FailRequest body) {
        return bounties.call(bearer, "POST", path(PAYOUT + "/fail", id), body);
    }

    public JsonNode retry(String bearer, long id) {
        return bounties.call(bearer, "POST", path(PAYOUT + "/retry", id), null);
    }

    /** The CSV of payouts awaiting payment, as bounty-service exports it. */
    public String exportCsv(String bearer) {
        return bounties.getRaw(bearer, API + "/payouts/export.csv").body();
    }

    public JsonNode reconciliation(String bearer) {
        return bounties.call(bearer, "GET", API + "/ledger/reconciliation", null);
    }
}
