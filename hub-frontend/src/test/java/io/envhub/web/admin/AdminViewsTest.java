package io.envhub.web.admin;

import io.envhub.web.security.Roles;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.OffsetDateTime;
import org.junit.jupiter.api.Test;

/** Reading the services' queue items and audit rows, targets, and the audit filters (plain unit tests). */
class AdminViewsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode json(String s) throws Exception {
        return JSON.readTree(s);
    }

    @Test
    void aReportItemLinksToItsReviewAndCanBeDismissedInPlace() throws Exception {
        QueueItem i = QueueItem.of("hub", json("{\"kind\":\"report\",\"id\":\"report:12\",\"state\":\"open\","
                + "\"at\":\"2026-12-01T10:00:00Z\",\"target\":\"alice/maze@1.0.0\",\"title\":\"Malware\","
                + "\"detail\":{\"reportId\":12,\"reason\":\"malware\",\"text\":\"opens a socket\",\"reporter\":\"sam\"}}"));
        assertEquals("12", i.id());
        assertEquals("alice/maze@1.0.0", i.target());
        assertEquals("sam", i.who());
        assertEquals("opens a socket", i.text());
        assertEquals("/admin/review?target=alice%2Fmaze%401.0.0&report=12", i.href());
        assertTrue(i.openReport());
        assertEquals(OffsetDateTime.parse("2026-12-01T10:00:00Z"), i.createdAt());
    }

    @Test
    void bountyItemsLinkToTheReviewPages() throws Exception {
        QueueItem sub = QueueItem.of("bounty", json("{\"kind\":\"submission\",\"id\":\"submission:5\",\"state\":\"open\","
                + "\"at\":\"2026-12-01T10:00:00Z\",\"target\":\"bounty:7\",\"title\":\"Waiting for review\","
                + "\"detail\":{\"submissionId\":5}}"));
        assertEquals("/sponsor/review/7/submissions/5", sub.href());
        assertFalse(sub.openReport());
        QueueItem app = QueueItem.of("bounty", json("{\"kind\":\"application\",\"id\":\"application:3\",\"target\":\"bounty:7\"}"));
        assertEquals("/sponsor/review/7", app.href());
        assertEquals("application", app.title(), "a missing title falls back to the kind");
    }

    @Test
    void queueAnswersMayBeAListOrAnObjectHoldingOne() throws Exception {
        assertEquals(2, AdminQueue.list(json("[{},{}]")).size());
        assertEquals(1, AdminQueue.list(json("{\"items\":[{}]}")).size());
        assertEquals(0, AdminQueue.list(json("{\"title\":\"x\"}")).size());
        assertEquals(0, AdminQueue.list(null).size());
    }

    @Test
    void auditRowsKeepBeforeAndAfter() throws Exception {
        AuditEntry e = AuditEntry.of("hub", json("{\"at\":\"2026-12-01T11:00:00Z\",\"actor\":\"ada\",\"action\":"
                + "\"version.quarantine\",\"target\":\"alice/maze@1.0.0\",\"reason\":\"malware\",\"before\":{\"quarantined\":false},"
                + "\"after\":{\"quarantined\":true},\"requestId\":\"r-1\"}"));
        assertEquals("ada", e.actor());
        assertEquals("{\"quarantined\":false}", e.before());
        assertEquals("{\"quarantined\":true}", e.after());
        assertEquals("r-1", e.requestId());
    }

    @Test
    void auditDatesIncludeBothDaysAndABadDateIsSaid() {
        AuditQuery q = AuditQuery.of(" ada ", "", null, "2026-12-01", "2026-12-02");
        assertEquals("ada", q.actor());
        assertNull(q.target());
        assertTrue(q.within(OffsetDateTime.parse("2026-12-01T00:00:00Z")));
        assertTrue(q.within(OffsetDateTime.parse("2026-12-02T23:59:59Z")));
        assertFalse(q.within(OffsetDateTime.parse("2026-12-03T00:00:00Z")));
        assertFalse(q.within(OffsetDateTime.parse("2026-11-30T23:59:59Z")));
        assertEquals("/admin/audit?actor=ada&from=2026-12-01&to=2026-12-02", q.href());
        AuditQuery bad = AuditQuery.of(null, null, null, "yesterday", null);
        assertTrue(bad.error().startsWith("Dates are written"));
        assertNull(bad.from());
    }

    @Test
    void targetsAreEnvironmentsVersionsOrBounties() {
        assertEquals(new Target("alice", "maze", null, null, null), Target.parse("alice/maze"));
        assertEquals("/alice/maze/versions/1.0.0", Target.parse(" alice/maze@1.0.0 ").href());
        assertEquals("bounty 12", Target.parse("bounty:12").label());
        assertNull(Target.parse("alice"));
        assertNull(Target.parse("bounty:x"));
        assertNull(Target.parse("../etc/passwd"));
    }

    @Test
    void aFormGoesBackOnlyInsideTheConsole() {
        assertEquals("/admin/users?q=a", Notice.safeBack("/admin", "/admin/users?q=a"));
        assertEquals("/admin", Notice.safeBack("/admin", "https://evil.example/admin"));
        assertEquals("/admin", Notice.safeBack("/admin", "//evil.example"));
        assertEquals("/admin", Notice.safeBack("/admin", null));
        assertEquals("/admin", Notice.safeBack("/admin", "/admin\r\nSet-Cookie: x"));
    }

    @Test
    void rolesComeFromTheAccessToken() {
        String claims = java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(
                "{\"realm_access\":{\"roles\":[\"admin\",\"contributor\"]}}".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertTrue(Roles.admin("Bearer x." + claims + ".sig"));
        assertFalse(Roles.admin("Bearer nonsense"));
        assertFalse(Roles.admin(null));
    }
}
