package io.envhub.web.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The anonymous page cache on its own (Caffeine, real clock): who is served from it, what is kept, for how long. */
class AnonymousPagesTest {
    private static final URI BOARD = URI.create("http://hub.test/bounties?tier=open_access");
    private final AtomicInteger renders = new AtomicInteger();

    private Supplier<Response> page(String html) {
        return () -> Response.ok(html + " #" + renders.incrementAndGet()).build();
    }

    private static String body(Response r) {
        return (String) r.getEntity();
    }

    @Test
    void anonymousVisitorsOfOneUrlShareOneRender() {
        AnonymousPages pages = new AnonymousPages(Duration.ofMinutes(1), 100);
        assertEquals("board #1", body(pages.page(true, BOARD, page("board"))));
        assertEquals("board #1", body(pages.page(true, BOARD, page("board"))), "served again");
        assertEquals(1, renders.get());
        assertEquals("board #2", body(pages.page(true, URI.create("http://hub.test/bounties?tier=application_only"),
                page("board"))), "another query string is another page");
        assertEquals("board #3", body(pages.page(true, URI.create("http://hub.test/bounties"), page("board"))));
    }

    @Test
    void signedInVisitorsAlwaysGetAFreshPageAndNeverFillTheCache() {
        AnonymousPages pages = new AnonymousPages(Duration.ofMinutes(1), 100);
        assertEquals("mine #1", body(pages.page(false, BOARD, page("mine"))));
        assertEquals("mine #2", body(pages.page(false, BOARD, page("mine"))));
        assertEquals("anon #3", body(pages.page(true, BOARD, page("anon"))), "the signed-in page was not kept");
        assertEquals("mine #4", body(pages.page(false, BOARD, page("mine"))), "nor is the anonymous one served to them");
        assertEquals(1, pages.size());
    }

    @Test
    void onlySuccessfulPagesAreKept() {
        AnonymousPages pages = new AnonymousPages(Duration.ofMinutes(1), 100);
        Response unreachable = pages.page(true, BOARD, () -> Response.status(503).entity("down " + renders.incrementAndGet()).build());
        assertEquals(503, unreachable.getStatus());
        assertEquals("down 1", body(unreachable));
        assertThrows(IllegalStateException.class, () -> pages.page(true, BOARD, () -> {
            renders.incrementAndGet();
            throw new IllegalStateException("backend answered 404");
        }));
        assertEquals(0, pages.size(), "neither the 503 nor the exception was kept");
        assertEquals("board #3", body(pages.page(true, BOARD, page("board"))));
    }

    @Test
    void aPageExpiresAfterItsLifetime() throws InterruptedException {
        AnonymousPages pages = new AnonymousPages(Duration.ofMillis(200), 100);
        assertEquals("board #1", body(pages.page(true, BOARD, page("board"))));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        String now = body(pages.page(true, BOARD, page("board")));
        while ("board #1".equals(now) && System.nanoTime() < deadline) {
            Thread.sleep(50);
            now = body(pages.page(true, BOARD, page("board")));
        }
        assertEquals("board #2", now, "rendered again once the first copy expired");
    }

    @Test
    void zeroLifetimeTurnsTheCacheOff() {
        AnonymousPages pages = new AnonymousPages(Duration.ZERO, 100);
        pages.page(true, BOARD, page("board"));
        pages.page(true, BOARD, page("board"));
        assertEquals(2, renders.get());
        assertEquals(0, pages.size());
    }

    @Test
    void aBurstOfAnonymousVisitorsWaitsForOneRender() throws Exception {
        AnonymousPages pages = new AnonymousPages(Duration.ofMinutes(1), 100);
        CountDownLatch rendering = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Supplier<Response> slow = () -> {
            rendering.countDown();
            try {
                release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return Response.ok("slow #" + renders.incrementAndGet()).build();
        };
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<Response>> answers = new ArrayList<>();
            answers.add(pool.submit(() -> pages.page(true, BOARD, slow)));
            assertEquals(true, rendering.await(10, TimeUnit.SECONDS));
            for (int i = 0; i < 7; i++) {
                answers.add(pool.submit(() -> pages.page(true, BOARD, slow)));
            }
            Thread.sleep(100);   // let the seven reach the cache while the first still renders (they wait either way)
            release.countDown();
            for (Future<Response> answer : answers) {
                assertEquals("slow #1", body(answer.get(10, TimeUnit.SECONDS)));
            }
            assertEquals(1, renders.get(), "one render for the whole burst");
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void theOldestPagesGoPastTheLimit() {
        AnonymousPages pages = new AnonymousPages(Duration.ofMinutes(1), 3);
        for (int i = 0; i < 10; i++) {
            pages.page(true, URI.create("http://hub.test/search?page=" + i), page("p"));
        }
        assertEquals(3, pages.size());
    }
}
