package io.envhub.registry.discussion;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.OffsetDateTime;
import java.util.List;

/** JSON shapes of discussions. Bodies are Markdown as written; the web hub renders them through its sanitizer. */
public final class DiscussionViews {
    private DiscussionViews() {
    }

    /** Body of a new thread. */
    public record NewDiscussion(String title, String body) {
    }

    /** Body of a new or edited comment. */
    public record CommentBody(String body) {
    }

    /** Body of a hide (admins): the reason is kept and shown instead of the text. */
    public record HideBody(String reason) {
    }

    /**
     * A thread.
     *
     * @param environment {@code owner/name} for an environment's thread, else null
     * @param bountyId the bounty for a bounty's thread, else null
     * @param canModerate whether the caller may close, reopen and pin it
     * @param canComment whether the caller may comment (signed in, thread open)
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Discussion(long id, String environment, Long bountyId, String title, String author, String state,
                             boolean pinned, String closedBy, OffsetDateTime closedAt, int commentCount, OffsetDateTime createdAt,
                             OffsetDateTime lastActivity, boolean canModerate, boolean canComment) {
    }

    /** A comment; {@code body} is null when an admin hid it ({@code hiddenReason} says why). */
    public record Comment(long id, String author, String body, OffsetDateTime createdAt, OffsetDateTime editedAt, int edits,
                          boolean hidden, String hiddenReason, boolean canEdit) {
    }

    /** A thread with its comments, oldest first (the first is the opening post). */
    public record Thread(Discussion discussion, List<Comment> comments) {
    }

    /** An earlier text of an edited comment. */
    public record Edit(String body, OffsetDateTime writtenAt, OffsetDateTime replacedAt) {
    }
}
