package io.envhub.bounty.bounty;

import java.time.OffsetDateTime;
import java.util.List;

/** The JSON shapes of bounties (requests and answers). Field names are the public API: keep them stable. */
public final class BountyViews {
    private BountyViews() {
    }

    /**
     * Body of {@code POST /api/v1/bounties} (a new draft) and of {@code PATCH /api/v1/bounties/{id}} (fields left out or
     * null keep their value).
     *
     * @param title short title
     * @param domain one of {@link Domains#ALL}
     * @param description Markdown
     * @param criteria the acceptance checklist, in order
     * @param tier {@code open_access} or {@code application_only}
     * @param rewardMinor reward per award in minor units of {@code currency} (cents for USD)
     * @param currency ISO 4217 code, e.g. {@code USD}
     * @param maxAwards how many submissions may be approved (and paid)
     * @param deadline last moment to apply or submit
     * @param requiredTags tags a submitted environment should carry (optional)
     * @param taskType the kind of task wanted, e.g. {@code multi-turn} (optional)
     */
    public record BountyRequest(String title, String domain, String description, List<String> criteria, String tier,
                                Long rewardMinor, String currency, Integer maxAwards, OffsetDateTime deadline,
                                List<String> requiredTags, String taskType) {
    }

    /** A bounty in a list (board, "my bounties"). {@code awardsLeft} = maxAwards - awardsGiven. */
    public record BountySummary(long id, String status, String title, String domain, String tier, long rewardMinor,
                                String currency, int maxAwards, int awardsGiven, int awardsLeft, OffsetDateTime deadline,
                                String sponsor, OffsetDateTime createdAt, OffsetDateTime openedAt) {
    }

    /**
     * A bounty with everything public about it. {@code allowedActions} are the transitions the caller may ask for now
     * (e.g. {@code open}, {@code close}, {@code cancel}, {@code edit}, {@code clarify}, {@code apply}, {@code submit}).
     */
    public record BountyDetail(long id, String status, String title, String domain, String description,
                               List<String> criteria, String tier, long rewardMinor, String currency, int maxAwards,
                               int awardsGiven, int awardsLeft, OffsetDateTime deadline, List<String> requiredTags,
                               String taskType, String sponsor, OffsetDateTime createdAt, OffsetDateTime openedAt,
                               OffsetDateTime closedAt, List<ClarificationView> clarifications, List<Award> awarded,
                               List<String> allowedActions) {
    }

    /** A dated clarification appended by the sponsor or an admin; never rewritten. */
    public record ClarificationView(long id, String text, String author, OffsetDateTime createdAt) {
    }

    /** Body of {@code POST /api/v1/bounties/{id}/clarifications}. */
    public record ClarificationRequest(String text) {
    }

    /** An approved submission: which environment version won. */
    public record Award(long submissionId, String submitter, String environment, String version, String sha256,
                        OffsetDateTime approvedAt) {
    }

    /** One page of a bounty list. */
    public record BountyPage(long total, int page, int size, List<BountySummary> items) {
    }
}
