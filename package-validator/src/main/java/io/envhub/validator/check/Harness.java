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
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * Runs the harness script ({@code harness.py}, a resource of this package) in the sandbox and reads its result
 * channel: lines {@code <nonce> begin {"stage":...}} and one {@code <nonce> result {...}} on stdout.
 */
final class Harness {

    static final String SCRIPT_PATH = "/harness/harness.py";
    static final ObjectMapper JSON = new ObjectMapper();
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final byte[] SCRIPT = load();

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

    static byte[] script() {
        return SCRIPT.clone();
    }

    static Run run(Sandbox sandbox, SandboxLimits limits, JobDir job, String python, List<Mount> mounts, byte[] stdin,
                   String mode, String... args) {
        String nonce = HexFormat.of().formatHex(nonceBytes());
        List<Mount> all = new ArrayList<>(mounts);
        all.add(Mount.readOnly(job.harness(), SCRIPT_PATH));
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

    private static byte[] load() {
        try (InputStream in = Harness.class.getResourceAsStream("harness.py")) {
            if (in == null) {
                throw new IllegalStateException("harness.py is missing from the validator's resources");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
