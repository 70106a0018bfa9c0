package io.envhub.testsupport;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.envhub.format.hash.Sha256;
import io.envhub.format.metadata.CoreMetadata;
import io.envhub.format.name.ProjectName;
import io.envhub.format.wheel.WheelWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A local stand-in for an upstream package index (the public one in production): a static PEP 503 tree served by the
 * JDK's HTTP server on a free 127.0.0.1 port. It holds wheels built in the test with package-format's writer and,
 * for a project with only a source distribution, a {@code .tar.gz} link (which {@code --only-binary :all:} refuses).
 * Requests are counted per path so a test can assert upstream was (or was not) asked.
 */
public final class UpstreamIndex implements AutoCloseable {
    /** A dependency-free library wheel ({@code tiny-dep 1.0}: module {@code tiny_dep} with {@code reverse(text)}). */
    public static final String TINY_DEP = "tiny-dep";
    /** A second library wheel ({@code other-dep 2.0}). */
    public static final String OTHER_DEP = "other-dep";
    /** A project upstream publishes only as a source distribution. */
    public static final String SDIST_ONLY = "sdist-only-dep";

    private final HttpServer server;
    private final Map<String, Map<String, byte[]>> projects = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> hits = new ConcurrentHashMap<>();

    private UpstreamIndex(HttpServer server) {
        this.server = server;
    }

    /** Starts an index holding {@link #TINY_DEP}, {@link #OTHER_DEP} and {@link #SDIST_ONLY}. */
    public static UpstreamIndex start() {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
            UpstreamIndex index = new UpstreamIndex(server);
            server.createContext("/", index::handle);
            server.start();
            index.addWheel(library(TINY_DEP, "1.0", "def reverse(text):\n    return text[::-1]\n"));
            index.addWheel(library(OTHER_DEP, "2.0", "VALUE = 2\n"));
            index.addFile(SDIST_ONLY, "sdist_only_dep-1.0.tar.gz", "not really a tarball".getBytes(StandardCharsets.UTF_8));
            return index;
        } catch (IOException e) {
            throw new IllegalStateException("cannot start the upstream index fixture", e);
        }
    }

    /** A small library wheel with one module. */
    public static TestWheels.Built library(String name, String version, String code) {
        CoreMetadata metadata = new CoreMetadata("2.1", name, version, "upstream library " + name, List.of(), "MIT", ">=3.8",
                List.of(), null, null, null, null, List.of());
        WheelWriter writer = new WheelWriter(metadata)
                .addFile(ProjectName.of(name).moduleName() + ".py", code.getBytes(StandardCharsets.UTF_8));
        return new TestWheels.Built(writer.fileName().toString(), writer.toBytes());
    }

    /**
     * A verifiers-style environment whose {@code load_environment()} uses a dependency; {@code Requires-Dist} as given.
     *
     * @param name project name
     * @param version version
     * @param requiresDist requirements, e.g. {@code tiny-dep>=1.0}
     * @param imports module source lines run at import (e.g. {@code from tiny_dep import reverse})
     * @return the wheel
     */
    public static TestWheels.Built environmentRequiring(String name, String version, List<String> requiresDist, String imports) {
        CoreMetadata metadata = new CoreMetadata("2.1", name, version, "needs " + requiresDist, List.of("test"), "MIT", ">=3.9",
                requiresDist, null, null, "text/markdown", "# " + name + "\n", List.of());
        String code = imports + "\n\n" + """
                def load_environment(**kwargs):
                    dataset = [{"prompt": "abc", "answer": "cba"}, {"prompt": "hello", "answer": "olleh"}]

                    def exact(completion, answer, **_):
                        return 1.0 if str(completion).strip() == answer else 0.0

                    return {"dataset": dataset, "rubric": {"funcs": [exact], "weights": [1.0]}}
                """;
        WheelWriter writer = new WheelWriter(metadata)
                .addFile(ProjectName.of(name).moduleName() + ".py", code.getBytes(StandardCharsets.UTF_8));
        return new TestWheels.Built(writer.fileName().toString(), writer.toBytes());
    }

    /** Publishes a wheel (its project taken from the file name). */
    public UpstreamIndex addWheel(TestWheels.Built wheel) {
        return addFile(wheel.filename().substring(0, wheel.filename().indexOf('-')), wheel.filename(), wheel.bytes());
    }

    /** Publishes any file under a project. */
    public UpstreamIndex addFile(String project, String filename, byte[] bytes) {
        projects.computeIfAbsent(ProjectName.normalize(project), k -> new TreeMap<>()).put(filename, bytes);
        return this;
    }

    /** {@code http://127.0.0.1:PORT/simple/}. */
    public String simpleUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/simple/";
    }

    /** How many requests asked for {@code /simple/<project>/}. */
    public int pageRequests(String project) {
        AtomicInteger n = hits.get("/simple/" + ProjectName.normalize(project) + "/");
        return n == null ? 0 : n.get();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getPath();
            hits.computeIfAbsent(path, k -> new AtomicInteger()).incrementAndGet();
            String[] parts = path.split("/");
            if (parts.length == 3 && path.startsWith("/simple/") && path.endsWith("/")) {
                Map<String, byte[]> files = projects.get(parts[2]);
                if (files != null) {
                    StringBuilder html = new StringBuilder("<!DOCTYPE html>\n<html><body>\n");
                    files.forEach((f, bytes) -> html.append("<a href=\"../../files/").append(parts[2]).append('/').append(f)
                            .append("#sha256=").append(Sha256.hex(Sha256.digest(bytes))).append("\">").append(f).append("</a><br>\n"));
                    send(exchange, 200, "text/html", html.append("</body></html>\n").toString().getBytes(StandardCharsets.UTF_8));
                    return;
                }
            }
            if (parts.length == 4 && path.startsWith("/files/")) {
                Map<String, byte[]> files = projects.get(parts[2]);
                byte[] bytes = files == null ? null : files.get(parts[3]);
                if (bytes != null) {
                    send(exchange, 200, "application/octet-stream", bytes);
                    return;
                }
            }
            send(exchange, 404, "text/plain", "not found\n".getBytes(StandardCharsets.UTF_8));
        }
    }

    private static void send(HttpExchange exchange, int status, String type, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.sendResponseHeaders(status, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
