package io.envhub.registry.evaluation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * Reads a results part (results.jsonl, or gzip of it: recognised by its magic bytes) in one pass and keeps it
 * decompressed in a local file while it arrives: every line is checked as a rollout (a JSON object with
 * {@code example_id}, {@code prompt}, {@code completion} and a numeric {@code reward}; {@code metrics} an object of
 * numbers when present), the reward and metric sums are kept, the rollouts per example counted, the bytes hashed, and
 * the byte offset of the first row of every page noted, so a page is later one ranged read. Memory: one row plus a
 * counter per example.
 */
final class ResultsScanner {
    private static final int BUFFER = 64 * 1024;

    private final ObjectMapper json;
    private final EvalConfig limits;

    ResultsScanner(ObjectMapper json, EvalConfig limits) {
        this.json = json;
        this.limits = limits;
    }

    /** What a scan found; {@code file} holds the decompressed results (the caller deletes it). */
    record Scan(Path file, String sha256, long bytes, boolean gzipped, long rows, List<Long> pageOffsets, double rewardMean,
                double rewardStd, Map<String, Double> metricMeans, Map<String, Integer> perExample, double start, double end,
                java.util.Set<String> envIds) {
    }

    /** A v0 results part: one rollout per line, pages of {@code pageSize} rollouts. */
    Scan scan(InputStream part, int pageSize) {
        return scan(part, pageSize, false);
    }

    /**
     * A results part; {@code v1}: a verifiers v1 traces.jsonl (one episode per line, each trace a rollout, pages of
     * {@code pageSize} episodes; see {@link V1Episodes}).
     */
    Scan scan(InputStream part, int pageSize, boolean v1) {
        Path file;
        try {
            file = Files.createTempFile("envhub-eval-", ".jsonl");
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        try {
            return scan(part, pageSize, file, v1);
        } catch (RuntimeException e) {
            deleteQuietly(file);
            throw e;
        }
    }

    private Scan scan(InputStream part, int pageSize, Path file, boolean v1) {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        State st = new State(pageSize, v1);
        boolean gzipped;
        try (OutputStream out = new DigestOutputStream(new BufferedOutputStream(Files.newOutputStream(file), BUFFER), digest)) {
            BufferedInputStream sent = new BufferedInputStream(new Capped(part, limits.maxUploadBytes()), BUFFER);
            sent.mark(2);
            gzipped = sent.read() == 0x1f && sent.read() == 0x8b;
            sent.reset();
            InputStream in = gzipped ? new GZIPInputStream(sent, BUFFER) : sent;
            byte[] buf = new byte[BUFFER];
            byte[] line = new byte[8192];
            int lineLen = 0;
            for (int n = in.read(buf); n >= 0; n = in.read(buf)) {
                if (st.offset + n > limits.maxResultsBytes()) {
                    throw new ApiException.TooLarge(st.name + " is over the limit of " + limits.maxResultsBytes()
                            + " bytes (decompressed).");
                }
                out.write(buf, 0, n);
                for (int i = 0; i < n; i++) {
                    byte b = buf[i];
                    if (b == '\n') {
                        st.line(line, lineLen);
                        st.offset += lineLen + 1;
                        lineLen = 0;
                        continue;
                    }
                    if (lineLen == line.length) {
                        if (lineLen >= limits.maxRowBytes()) {
                            throw new ApiException.Invalid(ProblemCode.ROW_TOO_LONG, "Line " + (st.lineNo + 1) + " of " + st.name + " is "
                                    + "longer than " + limits.maxRowBytes() + " bytes.");
                        }
                        line = java.util.Arrays.copyOf(line, (int) Math.min((long) line.length * 2, limits.maxRowBytes()));
                    }
                    line[lineLen++] = b;
                }
            }
            if (lineLen > 0) {
                st.line(line, lineLen);
                st.offset += lineLen;
            }
        } catch (ZipException e) {
            throw new ApiException.Invalid(ProblemCode.RESULTS_GZIP_INVALID, "results.jsonl.gz is not a readable gzip file: "
                    + e.getMessage());
        } catch (java.io.EOFException e) {
            throw new ApiException.Invalid(ProblemCode.RESULTS_GZIP_INVALID, "results.jsonl.gz ends before its end (truncated).");
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        if (st.rows == 0) {
            throw new ApiException.Invalid(ProblemCode.RESULTS_EMPTY, st.name + " holds no rollouts"
                    + (v1 ? " (no episode has a trace: did every episode error before its rollout?)." : "."));
        }
        double mean = st.rewardSum / st.rows;
        double variance = Math.max(0, st.rewardSquares / st.rows - mean * mean);
        Map<String, Double> metrics = new LinkedHashMap<>();
        st.metricSums.forEach((k, v) -> metrics.put(k, v / st.metricCounts.get(k)));
        return new Scan(file, HexFormat.of().formatHex(digest.digest()), st.offset, gzipped, st.rows, st.pageOffsets, mean,
                Math.sqrt(variance), metrics, st.perExample, st.start, st.end, st.envIds);
    }

    /** Running totals of one scan. */
    private final class State {
        final int pageSize;
        final boolean v1;
        final String name;
        long episodes;
        double start = Double.NaN;
        double end = Double.NaN;
        final java.util.Set<String> envIds = new java.util.LinkedHashSet<>();
        long offset;
        long lineNo;
        long rows;
        double rewardSum;
        double rewardSquares;
        final Map<String, Double> metricSums = new LinkedHashMap<>();
        final Map<String, Integer> metricCounts = new HashMap<>();
        final Map<String, Integer> perExample = new HashMap<>();
        final List<Long> pageOffsets = new ArrayList<>();

        State(int pageSize, boolean v1) {
            this.pageSize = pageSize;
            this.v1 = v1;
            this.name = v1 ? "traces.jsonl" : "results.jsonl";
        }

        void line(byte[] bytes, int len) {
            lineNo++;
            int end = len > 0 && bytes[len - 1] == '\r' ? len - 1 : len;
            if (isBlank(bytes, end)) {
                return;
            }
            JsonNode row;
            try {
                row = json.readTree(bytes, 0, end);
            } catch (IOException e) {
                throw new ApiException.Invalid(ProblemCode.RESULTS_INVALID_JSON, "Line " + lineNo + " of " + name + " is not "
                        + "well-formed JSON: " + EvalMetadata.firstLine(e.getMessage()));
            }
            if (row == null || !row.isObject()) {
                throw row("is not a JSON object");
            }
            if (v1) {
                episode(row);
                return;
            }
            JsonNode id = row.path("example_id");
            if (!(id.isIntegralNumber() || id.isTextual())) {
                throw row("has no 'example_id' (a whole number or a string)");
            }
            if (!row.has("prompt") || !row.has("completion")) {
                throw row("needs 'prompt' and 'completion'");
            }
            JsonNode reward = row.path("reward");
            if (!reward.isNumber() || !Double.isFinite(reward.asDouble())) {
                throw row("needs a numeric 'reward'");
            }
            JsonNode metrics = row.path("metrics");
            if (!metrics.isMissingNode() && !metrics.isNull()) {
                if (!metrics.isObject()) {
                    throw row("has 'metrics' that is not an object");
                }
                var fields = metrics.fields();
                while (fields.hasNext()) {
                    var f = fields.next();
                    if (f.getValue().isNumber()) {
                        if (!metricSums.containsKey(f.getKey()) && metricSums.size() >= 100) {
                            throw row("has more than 100 different metrics");
                        }
                        metricSums.merge(f.getKey(), f.getValue().asDouble(), Double::sum);
                        metricCounts.merge(f.getKey(), 1, Integer::sum);
                    }
                }
            }
            if (rows >= limits.maxRollouts()) {
                throw new ApiException.Invalid(ProblemCode.ROWS_MISMATCH, "results.jsonl holds more than " + limits.maxRollouts()
                        + " rollouts, the most one run may hold.");
            }
            if (rows % pageSize == 0) {
                pageOffsets.add(offset);
            }
            rows++;
            double r = reward.asDouble();
            rewardSum += r;
            rewardSquares += r * r;
            perExample.merge(id.asText(), 1, Integer::sum);
        }

        private ApiException row(String problem) {
            return new ApiException.Invalid(ProblemCode.ROW_INVALID, "Line " + lineNo + " of " + name + " " + problem + ".");
        }

        /** A v1 episode: every trace counts as a rollout; the page starts at an episode. */
        private void episode(JsonNode row) {
            List<V1Episodes.Scored> traces = V1Episodes.score(row, lineNo);
            if (row.path("env").path("id").isTextual() && !row.path("env").path("id").asText().isBlank() && envIds.size() < 10) {
                envIds.add(row.path("env").path("id").asText().strip());
            }
            if (episodes % pageSize == 0) {
                pageOffsets.add(offset);
            }
            episodes++;
            for (V1Episodes.Scored t : traces) {
                if (rows >= limits.maxRollouts()) {
                    throw new ApiException.Invalid(ProblemCode.ROWS_MISMATCH, "traces.jsonl holds more than " + limits.maxRollouts()
                            + " traces, the most one run may hold.");
                }
                for (Map.Entry<String, Double> m : t.metrics().entrySet()) {
                    if (!metricSums.containsKey(m.getKey()) && metricSums.size() >= 100) {
                        throw row("has more than 100 different rewards and metrics");
                    }
                    metricSums.merge(m.getKey(), m.getValue(), Double::sum);
                    metricCounts.merge(m.getKey(), 1, Integer::sum);
                }
                rows++;
                rewardSum += t.reward();
                rewardSquares += t.reward() * t.reward();
                perExample.merge(t.taskKey(), 1, Integer::sum);
                if (!Double.isNaN(t.start())) {
                    start = Double.isNaN(start) ? t.start() : Math.min(start, t.start());
                }
                if (!Double.isNaN(t.end())) {
                    end = Double.isNaN(end) ? t.end() : Math.max(end, t.end());
                }
            }
        }
    }

    private static boolean isBlank(byte[] bytes, int len) {
        for (int i = 0; i < len; i++) {
            if (bytes[i] != ' ' && bytes[i] != '\t') {
                return false;
            }
        }
        return true;
    }

    static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // a temp file; the OS cleans it
        }
    }

    /** Refuses more than {@code max} bytes as sent. */
    private static final class Capped extends FilterInputStream {
        private final long max;
        private long read;

        Capped(InputStream in, long max) {
            super(in);
            this.max = max;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                count(1);
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                count(n);
            }
            return n;
        }

        private void count(int n) {
            read += n;
            if (read > max) {
                throw new ApiException.TooLarge("The results file is over the limit of " + max + " bytes as sent.");
            }
        }
    }
}
