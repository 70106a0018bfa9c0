package io.envhub.validator.check;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.envhub.validator.sandbox.SandboxLimits;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One running session process of the harness ({@code main.py session}): requests are JSON lines written to its
 * stdin, answers are the {@code <nonce> reply {...}} lines of its result channel (anything else on stdout is
 * ignored, so the environment cannot forge answers without the nonce). One request at a time.
 */
public final class SessionProcess implements AutoCloseable {

    /** The process is gone (killed, crashed, timed out): the session is over. */
    public static final class Gone extends RuntimeException {
        Gone(String message) {
            super(message);
        }
    }

    private static final JsonNode EOF = Harness.JSON.createObjectNode();

    private final Process process;
    private final JobDir job;
    private final String prefix;
    private final int lineCap;
    private final SandboxLimits limits;
    private final CompletableFuture<JsonNode> ready = new CompletableFuture<>();
    private final BlockingQueue<JsonNode> replies = new LinkedBlockingQueue<>();
    private final StringBuilder stderrTail = new StringBuilder();
    private volatile String failure;
    private volatile boolean closed;

    SessionProcess(Process process, JobDir job, String nonce, SandboxLimits limits) {
        this.process = process;
        this.job = job;
        this.prefix = nonce + " ";
        this.lineCap = limits.outputCapBytes();
        this.limits = limits;
        daemon("session-stdout", this::readReplies);
        daemon("session-stderr", this::drainStderr);
    }

    JsonNode awaitReady(long timeoutMillis) {
        try {
            JsonNode r = ready.get(timeoutMillis, TimeUnit.MILLISECONDS);
            return r == EOF ? null : r;
        } catch (TimeoutException e) {
            failure = "loading took longer than " + timeoutMillis / 1000 + " s";
            return null;
        } catch (ExecutionException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /**
     * Why the process could not serve (its error, or the end of its stderr).
     *
     * @return a one-paragraph reason
     */
    public String failure() {
        if (failure != null) {
            return failure;
        }
        synchronized (stderrTail) {
            String tail = stderrTail.toString().strip();
            return process.isAlive() ? "no answer" : "the session process ended (exit " + process.exitValue() + ")"
                    + (tail.isEmpty() ? "" : ": " + tail.substring(Math.max(0, tail.length() - 300)));
        }
    }

    /**
     * Sends one request and waits for its answer.
     *
     * @param request the request object ({@code op} and its fields)
     * @param timeoutMillis how long the environment may take; beyond it the process is killed
     * @return the reply (with {@code error} when the environment refused the request)
     * @throws Gone when the process is gone or did not answer in time
     */
    public synchronized JsonNode call(ObjectNode request, long timeoutMillis) {
        if (closed || !process.isAlive()) {
            throw new Gone(failure());
        }
        try {
            OutputStream in = process.getOutputStream();
            in.write((Harness.JSON.writeValueAsString(request) + "\n").getBytes(StandardCharsets.UTF_8));
            in.flush();
            JsonNode reply = replies.poll(timeoutMillis, TimeUnit.MILLISECONDS);
            if (reply == null) {
                failure = "the environment did not answer within " + timeoutMillis / 1000 + " s";
                kill();
                throw new Gone(failure);
            }
            if (reply == EOF) {
                throw new Gone(failure());
            }
            return reply;
        } catch (IOException e) {
            throw new Gone(failure());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Gone("interrupted");
        }
    }

    /** @return whether the process still runs */
    public boolean alive() {
        return !closed && process.isAlive();
    }

    /** @return the process id of the sandbox's outermost process (for operators and tests) */
    public long pid() {
        return process.pid();
    }

    /** Kills the process tree (the job directory stays until {@link #close}). */
    public void kill() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        kill();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        job.close();
    }

    private void readReplies() {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (!line.startsWith(prefix) || line.length() > lineCap) {
                    continue;
                }
                String rest = line.substring(prefix.length());
                int space = rest.indexOf(' ');
                if (space < 0) {
                    continue;
                }
                String kind = rest.substring(0, space);
                JsonNode node;
                try {
                    node = Harness.JSON.readTree(rest.substring(space + 1));
                } catch (IOException e) {
                    continue;
                }
                switch (kind) {
                    case "ready" -> ready.complete(node);
                    case "reply" -> replies.add(node);
                    case "result" -> failure = "the environment did not load: " + ErrorHints.explain(node.path("error"),
                            "the module", limits);
                    default -> { }
                }
            }
        } catch (IOException ignored) {
            // the process was killed
        } finally {
            ready.complete(EOF);
            replies.add(EOF);
        }
    }

    private void drainStderr() {
        byte[] buf = new byte[4096];
        try (InputStream err = process.getErrorStream()) {
            int n;
            while ((n = err.read(buf)) > 0) {
                synchronized (stderrTail) {
                    stderrTail.append(new String(buf, 0, n, StandardCharsets.UTF_8));
                    if (stderrTail.length() > 8192) {
                        stderrTail.delete(0, stderrTail.length() - 4096);
                    }
                }
            }
        } catch (IOException ignored) {
            // the process was killed
        }
    }

    private static void daemon(String name, Runnable task) {
        Thread t = new Thread(task, name);
        t.setDaemon(true);
        t.start();
    }
}
