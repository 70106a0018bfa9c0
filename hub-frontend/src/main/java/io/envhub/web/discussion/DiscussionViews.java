package io.envhub.web.discussion;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.time.OffsetDateTime;
import java.util.List;

/** What the discussion pages read from hub-backend. */
public final class DiscussionViews {
    private DiscussionViews() {
    }

    /** A thread. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Discussion(long id, String environment, Long bountyId, String title, String author, String state,
                             boolean pinned, String closedBy, OffsetDateTime closedAt, int commentCount, OffsetDateTime createdAt,
                             OffsetDateTime lastActivity, boolean canModerate, boolean canComment) {
        public boolean open() {
            return "open".equals(state);
        }
    }

    /** A comment as the API gives it (Markdown). */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Comment(long id, String author, String body, OffsetDateTime createdAt, OffsetDateTime editedAt, int edits,
                          boolean hidden, String hiddenReason, boolean canEdit) {
    }

    /** A thread and its comments. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Thread(Discussion discussion, List<Comment> comments) {
    }

    /** A comment as the page shows it: the Markdown rendered to sanitized HTML. */
    public record Shown(Comment comment, String html) {
    }
}
