package io.envhub.bounty.bounty;

import io.envhub.contract.bounty.BountyStatus;
import io.envhub.bounty.access.Actor;
import io.envhub.bounty.bounty.BountyViews.BountyDetail;
import io.envhub.bounty.bounty.BountyViews.BountyPage;
import io.envhub.bounty.bounty.BountyViews.BountySummary;
import io.envhub.bounty.bounty.BountyViews.ClarificationView;
import io.envhub.bounty.workflow.Workflow.Machine;
import io.envhub.contract.BountySort;
import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import io.quarkus.panache.common.Page;
import io.quarkus.panache.common.Sort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** Reads bounties: the board (filters, sort, pages), one bounty's page, a sponsor's own bounties. */
@ApplicationScoped
public class BountyReader {
    /** Page size when none is asked for. */
    public static final int DEFAULT_SIZE = 20;
    /** Largest page size. */
    public static final int MAX_SIZE = 100;
    private static final Set<String> PUBLIC_STATES = Set.of(BountyStatus.OPEN.wire(), BountyStatus.CLOSED.wire(),
            BountyStatus.AWARDED.wire(), BountyStatus.CANCELLED.wire());
    private static final Set<String> SPONSOR_ACTIONS = Set.of("edit", "open", "clarify", "close", "cancel");

    private final Participation participation;

    public BountyReader(Participation participation) {
        this.participation = participation;
    }

    /**
     * The board: bounties past the draft stage, filtered. {@code sort} is {@code newest} (default), {@code deadline}
     * (soonest first) or {@code reward} (highest first).
     */
    @Transactional
    public BountyPage list(String status, String tier, String domain, String currency, Long minReward, Long maxReward,
                           String q, String sort, Integer page, Integer size) {
        StringBuilder where = new StringBuilder("status <> 'draft'");
        Map<String, Object> params = new HashMap<>();
        if (status != null && !status.isBlank()) {
            if (!PUBLIC_STATES.contains(status)) {
                throw new ApiException.Invalid(ProblemCode.INVALID_STATUS, "status must be one of: open, closed, awarded, cancelled.");
            }
            where.append(" AND status = :status");
            params.put("status", status);
        }
        if (tier != null && !tier.isBlank()) {
            if (!Domains.TIERS.contains(tier)) {
                throw new ApiException.Invalid(ProblemCode.INVALID_TIER, "tier must be open_access or application_only.");
            }
            where.append(" AND tier = :tier");
            params.put("tier", tier);
        }
        if (domain != null && !domain.isBlank()) {
            where.append(" AND domain = :domain");
            params.put("domain", domain);
        }
        if (currency != null && !currency.isBlank()) {
            where.append(" AND currency = :currency");
            params.put("currency", currency.toUpperCase(Locale.ROOT));
        }
        if (minReward != null) {
            where.append(" AND rewardMinor >= :minReward");
            params.put("minReward", minReward);
        }
        if (maxReward != null) {
            where.append(" AND rewardMinor <= :maxReward");
            params.put("maxReward", maxReward);
        }
        if (q != null && !q.isBlank()) {
            where.append(" AND (lower(title) LIKE :q OR lower(description) LIKE :q)");
            params.put("q", "%" + q.strip().toLowerCase(Locale.ROOT).replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
                    + "%");
        }
        int p = page == null ? 1 : page;
        int s = size == null ? DEFAULT_SIZE : size;
        if (p < 1 || p > 10_000) {
            throw new ApiException.Invalid(ProblemCode.INVALID_PAGE, "page must be between 1 and 10000.");
        }
        if (s < 1 || s > MAX_SIZE) {
            throw new ApiException.Invalid(ProblemCode.INVALID_PAGE_SIZE, "size must be between 1 and " + MAX_SIZE + ".");
        }
        var query = Bounty.<Bounty>find(where.toString(), sort(sort), params);
        long total = query.count();
        List<BountySummary> items = query.page(Page.of(p - 1, s)).list().stream().map(BountyReader::summary).toList();
        return new BountyPage(total, p, s, items);
    }

    /** One bounty as the caller may see it. */
    @Transactional
    public BountyDetail detail(long id, Actor actor) {
        return detail(BountyService.visible(id, actor), actor);
    }

    /** The detail view of a bounty already loaded (e.g. just changed). */
    @Transactional
    public BountyDetail detail(Bounty b, Actor actor) {
        List<ClarificationView> clarifications = Clarification.of(b.id).stream()
                .map(c -> new ClarificationView(c.id, c.text, c.authorUsername, c.createdAt)).toList();
        return new BountyDetail(b.id, b.status, b.title, b.domain, b.description, List.copyOf(b.criteria), b.tier, b.rewardMinor,
                b.currency, b.maxAwards, b.awardsGiven, b.awardsLeft(), b.deadline, List.of(b.requiredTags), b.taskType,
                b.sponsorUsername, b.createdAt, b.openedAt, b.closedAt, clarifications, participation.awardsOf(b.id),
                allowedActions(b, actor));
    }

    /** The caller's own bounties as sponsor, drafts included, newest first. */
    @Transactional
    public List<BountySummary> mine(Actor actor) {
        actor.requireSignedIn();
        return Bounty.<Bounty>list("sponsorSubject = ?1 ORDER BY id DESC", actor.subject()).stream().map(BountyReader::summary)
                .toList();
    }

    /** A bounty in a list. */
    public static BountySummary summary(Bounty b) {
        return new BountySummary(b.id, b.status, b.title, b.domain, b.tier, b.rewardMinor, b.currency, b.maxAwards, b.awardsGiven,
                b.awardsLeft(), b.deadline, b.sponsorUsername, b.createdAt, b.openedAt);
    }

    private List<String> allowedActions(Bounty b, Actor actor) {
        List<String> out = new ArrayList<>();
        if (!actor.signedIn()) {
            return out;
        }
        boolean manager = BountyService.mayManage(b, actor);
        boolean beforeDeadline = b.deadline.isAfter(BountyService.now());
        for (String action : Machine.BOUNTY.allowed(b.status)) {
            if (manager && SPONSOR_ACTIONS.contains(action)) {
                out.add(action);
            } else if (!actor.is(b.sponsorSubject) && (actor.contributor() || actor.admin()) && beforeDeadline) {
                if ("apply".equals(action) && Domains.APPLICATION_ONLY.equals(b.tier)) {
                    out.add(action);
                } else if ("submit".equals(action) && (Domains.OPEN_ACCESS.equals(b.tier)
                        || participation.acceptedApplicant(b.id, actor.subject()))) {
                    out.add(action);
                }
            }
        }
        return out;
    }

    private static Sort sort(String sort) {
        BountySort by = sort == null || sort.isBlank() ? BountySort.DEFAULT : BountySort.find(sort).orElseThrow(
                () -> new ApiException.Invalid(ProblemCode.INVALID_SORT, "sort must be " + BountySort.phrase() + "."));
        return switch (by) {
            case NEWEST -> Sort.by("createdAt", Sort.Direction.Descending).and("id", Sort.Direction.Descending);
            case DEADLINE -> Sort.by("deadline").and("id");
            case REWARD -> Sort.by("rewardMinor", Sort.Direction.Descending).and("id", Sort.Direction.Descending);
        };
    }
}
