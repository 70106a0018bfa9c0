package io.envhub.bounty.bounty;

import io.envhub.contract.bounty.BountyStatus;
import io.envhub.bounty.event.Outbox;
import io.envhub.contract.event.EventType;
import io.envhub.bounty.access.Actor;
import io.envhub.bounty.audit.AuditLog;
import io.envhub.bounty.bounty.BountyViews.BountyRequest;
import io.envhub.bounty.participant.ParticipantService;
import io.envhub.bounty.workflow.Workflow.Machine;
import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Creates and changes bounties: drafts (create, edit), then open, close, cancel and clarifications. Only the sponsor
 * who posted a bounty and admins change it; a draft does not exist (404) for anyone else.
 */
@ApplicationScoped
public class BountyService {
    private static final Pattern CURRENCY = Pattern.compile("[A-Z]{3}");
    private static final Pattern TAG = Pattern.compile("[a-z0-9][a-z0-9-]{0,49}");
    private static final int MAX_TITLE = 200;
    private static final int MAX_DESCRIPTION = 50_000;
    private static final int MAX_CRITERIA = 50;
    private static final int MAX_CRITERION = 500;
    private static final int MAX_CLARIFICATION = 10_000;

    private final AuditLog audit;
    private final Escrow escrow;
    private final ParticipantService participants;

    private final Outbox outbox;

    public BountyService(AuditLog audit, Escrow escrow, ParticipantService participants, Outbox outbox) {
        this.outbox = outbox;
        this.audit = audit;
        this.escrow = escrow;
        this.participants = participants;
    }

    /** A new draft posted by the caller (role sponsor or admin). */
    @Transactional
    public Bounty create(BountyRequest req, Actor actor) {
        actor.requireSponsor();
        if (req == null) {
            throw new ApiException.Invalid(ProblemCode.INVALID_REQUEST, "A JSON body with the bounty is required.");
        }
        Bounty b = new Bounty();
        b.sponsorSubject = actor.subject();
        b.sponsorUsername = actor.username();
        b.maxAwards = 1;
        b.currency = "USD";
        apply(b, req, true);
        b.updatedAt = now();
        b.persist();
        participants.acted(actor.subject(), actor.username());
        audit.record(b.id, "bounty", b.id, "create", actor, null, b.status);
        return b;
    }

    /** Changes fields of a draft (fields left null keep their value); an open bounty's terms are frozen (409). */
    @Transactional
    public Bounty update(long id, BountyRequest req, Actor actor) {
        Bounty b = manageable(id, actor);
        Machine.BOUNTY.next(b.status, "edit");
        if (req == null) {
            throw new ApiException.Invalid(ProblemCode.INVALID_REQUEST, "A JSON body with the changes is required.");
        }
        apply(b, req, false);
        b.updatedAt = now();
        return b;
    }

    /**
     * Opens a valid draft: contributors may now apply or submit until the deadline. Reward × max awards move from the
     * sponsor's balance to the bounty's escrow in the same transaction (409 {@code insufficient-balance} otherwise).
     */
    @Transactional
    public Bounty open(long id, Actor actor) {
        Bounty b = manageable(id, actor);
        String to = Machine.BOUNTY.next(b.status, "open");
        if (!b.deadline.isAfter(now())) {
            throw new ApiException.Conflict(ProblemCode.DEADLINE_PASSED, "The deadline " + b.deadline + " has passed; set a later one "
                    + "before opening.");
        }
        escrow.reserve(b, actor.username());
        Bounty opened = move(b, "open", to, actor);
        outbox.emit(EventType.BOUNTY_OPENED, b.id, b.sponsorUsername, BountyReader.summary(opened));
        return opened;
    }

    /**
     * Closes an open bounty: no more applications or submissions; reviews of what was submitted go on. Escrow beyond the
     * awards that undecided submissions could still take returns to the sponsor.
     */
    @Transactional
    public Bounty close(long id, Actor actor) {
        Bounty b = manageable(id, actor);
        move(b, "close", Machine.BOUNTY.next(b.status, "close"), actor);
        escrow.settle(b, actor.username(), "close");
        return b;
    }

    /**
     * Cancels a draft or an open bounty; its whole escrow returns to the sponsor. Every submission not yet decided is
     * withdrawn with it (the submission machine's terminal state for "no longer in the running"), each with an audit
     * row {@code bounty_cancelled} that says why.
     */
    @Transactional
    public Bounty cancel(long id, Actor actor) {
        Bounty b = manageable(id, actor);
        move(b, "cancel", Machine.BOUNTY.next(b.status, "cancel"), actor);
        withdrawUndecided(b, actor);
        escrow.settle(b, actor.username(), "cancel");
        return b;
    }

    /** Native SQL, so the bounty package does not depend on the submission package (which depends on this one). */
    private void withdrawUndecided(Bounty b, Actor actor) {
        List<String> undecided = Machine.SUBMISSION.states().stream()
                .filter(st -> Machine.SUBMISSION.allows(st, "withdraw")).toList();
        @SuppressWarnings("unchecked")
        List<Object[]> rows = Bounty.getEntityManager().createNativeQuery("SELECT id, status FROM bounty.submissions"
                + " WHERE bounty_id = ?1 AND status IN (?2) ORDER BY id FOR UPDATE")
                .setParameter(1, b.id).setParameter(2, undecided).getResultList();
        for (Object[] row : rows) {
            long submission = ((Number) row[0]).longValue();
            String from = (String) row[1];
            String to = Machine.SUBMISSION.next(from, "withdraw");
            Bounty.getEntityManager().createNativeQuery("UPDATE bounty.submissions SET status = ?1, updated_at = ?2 WHERE id = ?3")
                    .setParameter(1, to).setParameter(2, b.updatedAt).setParameter(3, submission).executeUpdate();
            audit.record(b.id, "submission", submission, "bounty_cancelled", actor, from, to);
        }
    }

    /** Closes the open bounty {@code id} if its deadline has passed (the deadline job); whether it did. */
    @Transactional
    public boolean closeIfExpired(long id) {
        Bounty b = Bounty.lockedById(id).orElse(null);
        if (b == null || !BountyStatus.OPEN.is(b.status) || b.deadline.isAfter(now())) {
            return false;
        }
        move(b, "close", Machine.BOUNTY.next(b.status, "close"), Actor.SYSTEM);
        escrow.settle(b, Actor.SYSTEM.username(), "deadline");
        return true;
    }

    /** Appends a dated clarification (the terms themselves stay as they were). */
    @Transactional
    public Clarification clarify(long id, String text, Actor actor) {
        Bounty b = manageable(id, actor);
        Machine.BOUNTY.next(b.status, "clarify");
        if (text == null || text.isBlank() || text.length() > MAX_CLARIFICATION) {
            throw new ApiException.Invalid(ProblemCode.INVALID_CLARIFICATION, "A clarification is 1 to " + MAX_CLARIFICATION
                    + " characters of Markdown.");
        }
        Clarification c = new Clarification();
        c.bountyId = b.id;
        c.authorUsername = actor.username();
        c.text = text.strip();
        c.persist();
        return c;
    }

    /** The bounty if the caller may see it: drafts only for their sponsor and admins, 404 otherwise. */
    public static Bounty visible(long id, Actor actor) {
        Bounty b = Bounty.byId(id).orElse(null);
        if (b == null || BountyStatus.DRAFT.is(b.status) && !mayManage(b, actor)) {
            throw new ApiException.NotFound("Bounty " + id + " does not exist.");
        }
        return b;
    }

    /** Whether the caller is the bounty's sponsor or an admin. */
    public static boolean mayManage(Bounty b, Actor actor) {
        return actor.signedIn() && (actor.admin() || actor.is(b.sponsorSubject));
    }

    private static Bounty manageable(long id, Actor actor) {
        actor.requireSignedIn();
        Bounty b = Bounty.lockedById(id).orElse(null);
        if (b == null || BountyStatus.DRAFT.is(b.status) && !mayManage(b, actor)) {
            throw new ApiException.NotFound("Bounty " + id + " does not exist.");
        }
        if (!mayManage(b, actor)) {
            throw new ApiException.Forbidden("Only the sponsor of bounty " + id + " (and admins) may change it.");
        }
        return b;
    }

    private Bounty move(Bounty b, String action, String to, Actor actor) {
        String from = b.status;
        b.status = to;
        b.updatedAt = now();
        if (BountyStatus.OPEN.is(to)) {
            b.openedAt = b.updatedAt;
        } else {
            b.closedAt = b.updatedAt;
        }
        audit.record(b.id, "bounty", b.id, action, actor, from, to);
        return b;
    }

    private static void apply(Bounty b, BountyRequest req, boolean creating) {
        if (creating || req.title() != null) {
            b.title = required(req.title(), "title", ProblemCode.INVALID_TITLE);
            if (b.title.length() > MAX_TITLE) {
                throw invalid(ProblemCode.INVALID_TITLE, "title is at most " + MAX_TITLE + " characters.");
            }
        }
        if (creating || req.domain() != null) {
            b.domain = required(req.domain(), "domain", ProblemCode.INVALID_DOMAIN);
            if (!Domains.ALL.contains(b.domain)) {
                throw invalid(ProblemCode.INVALID_DOMAIN, "domain must be one of: " + String.join(", ", Domains.ALL) + ".");
            }
        }
        if (req.description() != null) {
            if (req.description().length() > MAX_DESCRIPTION) {
                throw invalid(ProblemCode.INVALID_DESCRIPTION, "description is at most " + MAX_DESCRIPTION + " characters.");
            }
            b.description = req.description();
        }
        if (creating || req.criteria() != null) {
            b.criteria = criteria(req.criteria());
        }
        if (creating || req.tier() != null) {
            b.tier = required(req.tier(), "tier", ProblemCode.INVALID_TIER);
            if (!Domains.TIERS.contains(b.tier)) {
                throw invalid(ProblemCode.INVALID_TIER, "tier must be open_access or application_only.");
            }
        }
        if (creating || req.rewardMinor() != null) {
            if (req.rewardMinor() == null || req.rewardMinor() <= 0) {
                throw invalid(ProblemCode.INVALID_REWARD,
                        "rewardMinor (the reward per award in minor units, e.g. cents) must be positive.");
            }
            b.rewardMinor = req.rewardMinor();
        }
        if (req.currency() != null) {
            if (!CURRENCY.matcher(req.currency()).matches()) {
                throw invalid(ProblemCode.INVALID_CURRENCY, "currency is an ISO 4217 code such as USD or EUR.");
            }
            b.currency = req.currency();
        }
        if (req.maxAwards() != null) {
            if (req.maxAwards() < 1 || req.maxAwards() > 1000) {
                throw invalid(ProblemCode.INVALID_MAX_AWARDS, "maxAwards must be between 1 and 1000.");
            }
            b.maxAwards = req.maxAwards();
        }
        if (creating || req.deadline() != null) {
            if (req.deadline() == null || !req.deadline().isAfter(now())) {
                throw invalid(ProblemCode.INVALID_DEADLINE,
                        "deadline must be a moment in the future (ISO 8601, e.g. 2027-06-30T00:00:00Z).");
            }
            b.deadline = req.deadline().withOffsetSameInstant(ZoneOffset.UTC);
        }
        if (req.requiredTags() != null) {
            for (String tag : req.requiredTags()) {
                if (tag == null || !TAG.matcher(tag).matches()) {
                    throw invalid(ProblemCode.INVALID_TAG, "Tags are lower-case letters, digits and '-', at most 50 characters.");
                }
            }
            b.requiredTags = req.requiredTags().stream().distinct().toArray(String[]::new);
        }
        if (req.taskType() != null) {
            b.taskType = req.taskType().isBlank() ? null : req.taskType().strip();
        }
    }

    private static List<String> criteria(List<String> given) {
        if (given == null || given.isEmpty() || given.size() > MAX_CRITERIA) {
            throw invalid(ProblemCode.INVALID_CRITERIA, "criteria is a list of 1 to " + MAX_CRITERIA + " acceptance criteria.");
        }
        List<String> out = new ArrayList<>();
        for (String c : given) {
            if (c == null || c.isBlank() || c.length() > MAX_CRITERION) {
                throw invalid(ProblemCode.INVALID_CRITERIA, "Each criterion is 1 to " + MAX_CRITERION + " characters.");
            }
            out.add(c.strip());
        }
        return out;
    }

    private static String required(String value, String field, ProblemCode code) {
        if (value == null || value.isBlank()) {
            throw invalid(code, field + " is required.");
        }
        return value.strip();
    }

    private static ApiException invalid(ProblemCode code, String detail) {
        return new ApiException.Invalid(code, detail);
    }

    static OffsetDateTime now() {
        return OffsetDateTime.now(ZoneOffset.UTC);
    }
}
