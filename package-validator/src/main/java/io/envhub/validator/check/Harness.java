package io.envhub.validator.check;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.validator.sandbox.Mount;
import io.envhub.validator.sandbox.Sandbox;
import io.envhub.validator.sandbox.SandboxLimits;
import io.envhub.validator.sandbox.SandboxResult;
import io.envhub.validator.sandbox.SandboxSpec;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs the harness (the Python modules under {@code harness/}, resources of this package) in the sandbox and reads
 * its result channel: lines {@code <nonce> begin {"stage":...}} and one {@code <nonce> result {...}} on stdout. The
 * modules are written to the job's harness directory, which is bound read-only at {@link #DIR}; the sandbox runs
 * {@code python -I /harness/main.py}, which loads the other modules from its own directory (never from sys.path).
 */
final class Harness {

    /** Where the harness directory is bound (read-only) in the sandbox. */
    static final String DIR = "/harness";
    /** The entry point of the harness in the sandbox. */
    static final String SCRIPT_PATH = DIR + "/main.py";
    /** Every file of the harness, all bound into the sandbox; main.py imports each module before any mode runs. */
    static final List<String> MODULES = List.of("main.py", "__init__.py", "channel.py", "ast_check.py", "values.py",
            "discover.py", "preview.py", "rewards.py", "literals.py", "hacks.py", "hackrun.py", "diversity.py",
            "fingerprint.py", "network.py", "v1.py", "run.py", "session.py");
    static final ObjectMapper JSON = new ObjectMapper();
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Map<String, byte[]> SOURCES = load();

    /**
     * One harness run.
     *
     * @param result the result object, or null when the run ended without one (killed, crashed)
     * @param lastStage the last stage begun, or null
     * @param sandbox how the sandboxed process ended
     */
    record Run(JsonNode result, String lastStage, SandboxResult sandbox) {
    }

    private Harness() {
    }

    /** The harness files by name, in the order of {@link #MODULES}; the arrays are copies. */
    static Map<String, byte[]> modules() {
        Map<String, byte[]> copy = new LinkedHashMap<>();
        SOURCES.forEach((name, bytes) -> copy.put(name, bytes.clone()));
        return copy;
    }

    static Run run(Sandbox sandbox, SandboxLimits limits, JobDir job, String python, List<Mount> mounts, byte[] stdin,
                   String mode, String... args) {
        String nonce = HexFormat.of().formatHex(nonceBytes());
        List<Mount> all = new ArrayList<>(mounts);
        all.add(Mount.readOnly(job.harness(), DIR));
        List<String> command = new ArrayList<>(List.of(python, "-I", SCRIPT_PATH, mode, nonce));
        command.addAll(List.of(args));
        SandboxResult r = sandbox.run(new SandboxSpec(command, all, Map.of(), stdin, limits));
        JsonNode result = null;
        String stage = null;
        String prefix = nonce + " ";
        for (String line : r.stdout().split("\n")) {
            if (!line.startsWith(prefix)) {
                continue;
            }
            String rest = line.substring(prefix.length());
            int space = rest.indexOf(' ');
            if (space < 0) {
                continue;
            }
            try {
                JsonNode node = JSON.readTree(rest.substring(space + 1));
                if (rest.startsWith("begin ")) {
                    stage = node.path("stage").asText(null);
                } else if (rest.startsWith("result ")) {
                    result = node;
                }
            } catch (JsonProcessingException e) {
                // a truncated or forged line is ignored
            }
        }
        return new Run(result, stage, r);
    }

    private static byte[] nonceBytes() {
        byte[] b = new byte[12];
        RANDOM.nextBytes(b);
        return b;
    }

    private static Map<String, byte[]> load() {
        Map<String, byte[]> sources = new LinkedHashMap<>();
        for (String name : MODULES) {
            try (InputStream in = Harness.class.getResourceAsStream("harness/" + name)) {
                if (in == null) {
                    throw new IllegalStateException("harness/" + name + " is missing from the validator's resources");
                }
                sources.put(name, in.readAllBytes());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return Collections.unmodifiableMap(sources);
    }
}
