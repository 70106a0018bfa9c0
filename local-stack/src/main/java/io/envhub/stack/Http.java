package io.envhub.stack;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Tiny HTTP probe used to wait for components to become healthy. */
public final class Http {
    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private Http() {
    }

    /** The status code of a GET, or -1 when nothing answers. */
    public static int status(String url) {
        try {
            HttpRequest req = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(5)).GET().build();
            return CLIENT.send(req, HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    /** The body of a GET (whatever the status), or null when nothing answers. */
    public static String body(String url) {
        try {
            HttpRequest req = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(5)).GET().build();
            return CLIENT.send(req, HttpResponse.BodyHandlers.ofString()).body();
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /**
     * Polls {@code url} until it answers 200.
     *
     * @param stillRunning checked between polls; waiting stops early when it turns false
     * @return true when the URL answered 200 in time
     */
    public static boolean awaitOk(String url, Duration timeout, BooleanSupplier stillRunning) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (status(url) == 200) {
                return true;
            }
            if (!stillRunning.getAsBoolean()) {
                return false;
            }
            Thread.sleep(250);
        }
        return false;
    }
}
