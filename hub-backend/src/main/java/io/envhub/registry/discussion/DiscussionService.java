package io.envhub.registry.discussion;

import io.envhub.contract.ProblemCode;
import io.envhub.contract.event.Notice;
import io.envhub.contract.event.NotificationKind;
import io.envhub.kit.error.ApiException;
import io.envhub.kit.persistence.Row;
import io.envhub.registry.audit.AuditLog;
import io.envhub.registry.environment.EnvironmentLookup;
import io.envhub.registry.event.EventOutbox;
import io.envhub.registry.event.People;
import io.envhub.registry.model.Environment;
import io.envhub.registry.model.Owner;
import io.envhub.registry.discussion.DiscussionViews.Comment;
import io.envhub.registry.discussion.DiscussionViews.Discussion;
import io.envhub.registry.discussion.DiscussionViews.Edit;
import io.envhub.registry.discussion.DiscussionViews.NewDiscussion;
import io.envhub.registry.discussion.DiscussionViews.Thread;
import io.envhub.registry.report.ReportService;
import io.envhub.registry.security.AccessPolicy;
import io.envhub.registry.security.Caller;
import io.envhub.registry.security.RateLimiter;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Discussions on environments (readable by whoever may read the environment, signed out too) and on public bounties.
 * Signed-in users open threads and comment (rate limited); authors edit their comments (the earlier text is kept);
 * the thread's author, the environment's managers (the bounty's sponsor) and admins close and reopen; managers, the
 * sponsor and admins pin; admins hide a comment (its reports close as actioned). Every new comment notifies the
 * thread's other participants and the managers (or sponsor).
 */
@ApplicationScoped
public class DiscussionService {
    /** Longest comment, in characters. */
    public static final int MAX_BODY = 20_000;
    /** Longest title. */
    public static final int MAX_TITLE = 200;
    private static final String THREAD = "SELECT d.id, d.environment_id, d.bounty_id, d.bounty_sponsor, d.title, a.name AS author,"
            + " d.author_id, d.state, d.pinned, d.closed_by, d.closed_at, d.comment_count, d.created_at, d.last_activity,"
            + " o.name || '/' || e.name AS environment, e.owner_id FROM hub.discussions d JOIN hub.owners a ON a.id = d.author_id"
            + " LEFT JOIN hub.environments e ON e.id = d.environment_id LEFT JOIN hub.owners o ON o.id = e.owner_id";

    private final EntityManager em;
    private final EnvironmentLookup lookup;
    private final AccessPolicy access;
    private final Caller caller;
    private final RateLimiter limits;
    private final BountyDirectory bounties;
    private final EventOutbox outbox;
    private final People people;
    private final AuditLog audit;
    private final ReportService reports;

    public DiscussionService(EntityManager em, EnvironmentLookup lookup, AccessPolicy access, Caller caller, RateLimiter limits,
                             BountyDirectory bounties, EventOutbox outbox, People people, AuditLog audit, ReportService reports) {
        this.em = em;
        this.lookup = lookup;
        this.access = access;
        this.caller = caller;
        this.limits = limits;
        this.bounties = bounties;
        this.outbox = outbox;
        this.people = people;
        this.audit = audit;
        this.reports = reports;
    }

    /** The threads of an environment, pinned first, then by last activity; {@code state} open, closed or all. */
    @Transactional
    public List<Discussion> ofEnvironment(String owner, String name, String state) {
        Environment env = lookup.readable(owner, name);
        return list("d.environment_id = ?1", env.id, state);
    }

    /** The threads of a bounty. */
    @Transactional
    public List<Discussion> ofBounty(long bountyId, String state) {
        return list("d.bounty_id = ?1", bountyId, state);
    }

    /** Opens a thread on an environment with its first comment. */
    @Transactional
    public Thread openOnEnvironment(String owner, String name, NewDiscussion body) {
        Owner me = access.requireScope(Caller.PUBLISH);
        Environment env = lookup.readable(owner, name);
        return open(me, env.id, null, null, body);
    }

    /** Opens a thread on a public bounty with its first comment (bounty-service says who sponsors it). */
    @Transactional
    public Thread openOnBounty(long bountyId, NewDiscussion body) {
        Owner me = access.requireScope(Caller.PUBLISH);
        String sponsor = bounties.sponsorOf(bountyId);
        return open(me, null, bountyId, sponsor, body);
    }

    /** A thread with its comments. */
    @Transactional
    public Thread thread(long id) {
        Row d = readable(id);
        List<Comment> comments = new ArrayList<>();
        for (Row c : Row.list(em.createNativeQuery("SELECT c.id, a.name AS author, c.author_id, c.body, c.created_at, c.edited_at,"
                + " c.hidden_reason, (SELECT count(*) FROM hub.discussion_comment_edits x WHERE x.comment_id = c.id) AS edits"
                + " FROM hub.discussion_comments c JOIN hub.owners a ON a.id = c.author_id WHERE c.discussion_id = ?1 ORDER BY c.id",
                Tuple.class).setParameter(1, id))) {
            boolean hidden = c.string("hidden_reason") != null;
            comments.add(new Comment(c.longValue("id"), c.string("author"), hidden ? null : c.string("body"), c.time("created_at"),
                    c.time("edited_at"), c.intValue("edits"), hidden, c.string("hidden_reason"),
                    !hidden && !caller.isAnonymous() && c.longValue("author_id") == caller.ownerId()));
        }
        return new Thread(view(d), comments);
    }

    /** Adds a comment to an open thread; notifies the other participants and the managers. */
    @Transactional
    public Comment comment(long id, String body) {
        Owner me = access.requireScope(Caller.PUBLISH);
        Row d = readable(id);
        if ("closed".equals(d.string("state"))) {
            throw new ApiException.Conflict(ProblemCode.DISCUSSION_CLOSED, "Discussion " + id + " is closed; it takes no more comments.");
        }
        limits.acquire(RateLimiter.Action.COMMENT);
        long cid = insertComment(id, me.id, body(body));
        notifyParticipants(d, me, cid);
        return thread(id).comments().stream().filter(c -> c.id() == cid).findFirst().orElseThrow();
    }

    /** The author edits a comment; the earlier text is kept ({@link #history}). */
    @Transactional
    public Comment edit(long id, long commentId, String body) {
        Owner me = access.requireScope(Caller.PUBLISH);
        readable(id);
        Row c = comment(id, commentId);
        if (c.longValue("author_id") != me.id) {
            throw new ApiException.Forbidden("Only its author edits a comment.");
        }
        if (c.string("hidden_reason") != null) {
            throw new ApiException.Conflict(ProblemCode.COMMENT_HIDDEN, "Comment " + commentId + " was hidden by the hub's admins.");
        }
        String text = body(body);
        limits.acquire(RateLimiter.Action.COMMENT);
        em.createNativeQuery("INSERT INTO hub.discussion_comment_edits (comment_id, body, written_at)"
                + " SELECT id, body, coalesce(edited_at, created_at) FROM hub.discussion_comments WHERE id = ?1")
                .setParameter(1, commentId).executeUpdate();
        em.createNativeQuery("UPDATE hub.discussion_comments SET body = ?2, edited_at = now() WHERE id = ?1")
                .setParameter(1, commentId).setParameter(2, text).executeUpdate();
        return thread(id).comments().stream().filter(x -> x.id() == commentId).findFirst().orElseThrow();
    }

    /** The earlier texts of a comment, oldest first (hidden comments: none shown). */
    @Transactional
    public List<Edit> history(long id, long commentId) {
        readable(id);
        Row c = comment(id, commentId);
        if (c.string("hidden_reason") != null) {
            return List.of();
        }
        List<Edit> out = new ArrayList<>();
        for (Row e : Row.list(em.createNativeQuery("SELECT body, written_at, replaced_at FROM hub.discussion_comment_edits"
                + " WHERE comment_id = ?1 ORDER BY id", Tuple.class).setParameter(1, commentId))) {
            out.add(new Edit(e.string("body"), e.time("written_at"), e.time("replaced_at")));
        }
        return out;
    }

    /** Closes ({@code open = false}) or reopens a thread: its author, the managers or sponsor, admins. */
    @Transactional
    public Discussion setOpen(long id, boolean open) {
        Owner me = access.requireScope(Caller.PUBLISH);
        Row d = readable(id);
        if (!mayModerate(d) && d.longValue("author_id") != me.id) {
            throw new ApiException.Forbidden("Only the thread's author, those who manage its environment (its bounty's sponsor)"
                    + " and admins close or reopen it.");
        }
        em.createNativeQuery("UPDATE hub.discussions SET state = ?2, closed_by = CASE WHEN ?2 = 'closed' THEN ?3 END,"
                        + " closed_at = CASE WHEN ?2 = 'closed' THEN now() END WHERE id = ?1")
                .setParameter(1, id).setParameter(2, open ? "open" : "closed").setParameter(3, me.name).executeUpdate();
        return view(readable(id));
    }

    /** Pins or unpins a thread: the managers or sponsor, admins. */
    @Transactional
    public Discussion setPinned(long id, boolean pinned) {
        access.requireScope(Caller.PUBLISH);
        Row d = readable(id);
        if (!mayModerate(d)) {
            throw new ApiException.Forbidden("Only those who manage the environment (the bounty's sponsor) and admins pin threads.");
        }
        em.createNativeQuery("UPDATE hub.discussions SET pinned = ?2 WHERE id = ?1").setParameter(1, id).setParameter(2, pinned)
                .executeUpdate();
        return view(readable(id));
    }

    /** Hides a comment (admins): its text is no longer shown, its open reports close as actioned; audited. */
    @Transactional
    public Comment hide(long id, long commentId, String reason) {
        Owner admin = access.requireAnyRole("admin");
        readable(id);
        comment(id, commentId);
        String why = reason == null || reason.isBlank() ? null : reason.strip();
        if (why == null || why.length() > 2000) {
            throw new ApiException.Invalid(ProblemCode.REASON_REQUIRED, "Say why the comment is hidden (at most 2000 characters).");
        }
        em.createNativeQuery("UPDATE hub.discussion_comments SET hidden_reason = ?2, hidden_by = ?3, hidden_at = now() WHERE id = ?1")
                .setParameter(1, commentId).setParameter(2, why).setParameter(3, admin.name).executeUpdate();
        audit.record(admin.name, "comment.hide", "comment:" + commentId, why, Map.of("hidden", false), Map.of("hidden", true));
        reports.markActioned("comment:" + commentId, admin.name, "comment hidden: " + why);
        return thread(id).comments().stream().filter(x -> x.id() == commentId).findFirst().orElseThrow();
    }

    private Thread open(Owner me, Long environmentId, Long bountyId, String sponsor, NewDiscussion body) {
        if (body == null || body.title() == null || body.title().isBlank() || body.title().strip().length() > MAX_TITLE) {
            throw new ApiException.Invalid(ProblemCode.INVALID_TITLE, "A thread needs a title of 1 to " + MAX_TITLE + " characters.");
        }
        String text = body(body.body());
        limits.acquire(RateLimiter.Action.COMMENT);
        long id = ((Number) em.createNativeQuery("INSERT INTO hub.discussions (environment_id, bounty_id, bounty_sponsor, title,"
                        + " author_id) VALUES (?1, ?2, ?3, ?4, ?5) RETURNING id")
                .setParameter(1, environmentId).setParameter(2, bountyId).setParameter(3, sponsor)
                .setParameter(4, body.title().strip()).setParameter(5, me.id).getSingleResult()).longValue();
        long cid = insertComment(id, me.id, text);
        notifyParticipants(readable(id), me, cid);
        return thread(id);
    }

    private long insertComment(long discussionId, long authorId, String body) {
        long cid = ((Number) em.createNativeQuery("INSERT INTO hub.discussion_comments (discussion_id, author_id, body)"
                + " VALUES (?1, ?2, ?3) RETURNING id").setParameter(1, discussionId).setParameter(2, authorId).setParameter(3, body)
                .getSingleResult()).longValue();
        em.createNativeQuery("UPDATE hub.discussions SET comment_count = comment_count + 1, last_activity = now() WHERE id = ?1")
                .setParameter(1, discussionId).executeUpdate();
        return cid;
    }

    private void notifyParticipants(Row d, Owner me, long commentId) {
        Set<String> people = new LinkedHashSet<>();
        for (Object name : em.createNativeQuery("SELECT DISTINCT a.name FROM hub.discussion_comments c JOIN hub.owners a"
                + " ON a.id = c.author_id WHERE c.discussion_id = ?1").setParameter(1, d.longValue("id")).getResultList()) {
            people.add((String) name);
        }
        if (d.longOrNull("owner_id") != null) {
            people.addAll(this.people.managersOf(d.longValue("owner_id")));
        }
        if (d.string("bounty_sponsor") != null) {
            people.add(d.string("bounty_sponsor"));
        }
        people.remove(me.name);
        String where = d.string("environment") != null ? d.string("environment") : "bounty " + d.longValue("bounty_id");
        String link = path(d) + "#comment-" + commentId;
        List<Notice> notify = people.stream().map(u -> new Notice(u, NotificationKind.DISCUSSION.wire(), me.name + " commented on \""
                + d.string("title") + "\" (" + where + ")", link)).toList();
        outbox.notice("discussion.comment", Map.of("discussion", d.longValue("id"), "comment", commentId),
                new EventOutbox.Scope(d.longOrNull("environment_id"), d.longOrNull("owner_id")), notify);
    }

    private List<Discussion> list(String where, long target, String state) {
        String s = state == null || state.isBlank() ? "open" : state;
        if (!Set.of("open", "closed", "all").contains(s)) {
            throw new ApiException.Invalid(ProblemCode.INVALID_STATE, "state is open, closed or all.");
        }
        List<Discussion> out = new ArrayList<>();
        for (Row r : Row.list(em.createNativeQuery(THREAD + " WHERE " + where + " AND (?2 = 'all' OR d.state = ?2)"
                + " ORDER BY d.pinned DESC, d.last_activity DESC LIMIT 200", Tuple.class).setParameter(1, target).setParameter(2, s))) {
            out.add(view(r));
        }
        return out;
    }

    /** The thread if the caller may read it (its environment readable); 404 otherwise. */
    private Row readable(long id) {
        Row d = Row.first(em.createNativeQuery(THREAD + " WHERE d.id = ?1", Tuple.class).setParameter(1, id))
                .orElseThrow(() -> new ApiException.NotFound("Discussion " + id + " does not exist."));
        String env = d.string("environment");
        if (env != null) {
            int slash = env.indexOf('/');
            lookup.readable(env.substring(0, slash), env.substring(slash + 1));
        }
        return d;
    }

    private Row comment(long id, long commentId) {
        return Row.first(em.createNativeQuery("SELECT author_id, hidden_reason FROM hub.discussion_comments WHERE id = ?1"
                        + " AND discussion_id = ?2", Tuple.class).setParameter(1, commentId).setParameter(2, id))
                .orElseThrow(() -> new ApiException.NotFound("Comment " + commentId + " of discussion " + id + " does not exist."));
    }

    private boolean mayModerate(Row d) {
        if (caller.isAnonymous()) {
            return false;
        }
        if (caller.isAdmin()) {
            return true;
        }
        if (d.longOrNull("owner_id") != null) {
            return access.canPublish(Owner.findById(d.longValue("owner_id")));
        }
        return caller.username().equalsIgnoreCase(d.string("bounty_sponsor"));
    }

    private Discussion view(Row d) {
        boolean open = "open".equals(d.string("state"));
        return new Discussion(d.longValue("id"), d.string("environment"), d.longOrNull("bounty_id"), d.string("title"),
                d.string("author"), d.string("state"), d.isTrue("pinned"), d.string("closed_by"), d.time("closed_at"),
                d.intValue("comment_count"), d.time("created_at"), d.time("last_activity"), mayModerate(d),
                open && !caller.isAnonymous());
    }

    private static String path(Row d) {
        return d.string("environment") != null ? "/" + d.string("environment") + "/discussions/" + d.longValue("id")
                : "/bounties/" + d.longValue("bounty_id") + "/discussions/" + d.longValue("id");
    }

    private static String body(String body) {
        String text = body == null ? "" : body.strip();
        if (text.isEmpty() || text.length() > MAX_BODY) {
            throw new ApiException.Invalid(ProblemCode.INVALID_BODY, "A comment is 1 to " + MAX_BODY + " characters of Markdown.");
        }
        return text;
    }
}
