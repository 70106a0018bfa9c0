package io.envhub.validator.check;

import io.envhub.testprereq.Prerequisites;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.format.fingerprint.Fingerprint;
import io.envhub.format.fingerprint.FingerprintBuilder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The harness (Python) and {@link FingerprintBuilder} (Java) compute identical fingerprints. */
class FingerprintParityTest {

    @TempDir
    Path dir;

    @Test
    void pythonAndJavaAgree() throws Exception {
        Prerequisites.require(Files.isExecutable(Path.of(EngineSettings.PYTHON)), EngineSettings.PYTHON);
        List<Map<String, Object>> rows = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            String q = "Question " + i + ": how many apples, Äpfel or ÉCLAIRS does crew " + (i % 7) + " need — exactly?";
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("question", q);
            row.put("answer", i % 3 == 0 ? null : "answer " + i * 17);
            rows.add(row);
            texts.add(FingerprintBuilder.rowText(q, (String) row.get("answer")));
        }
        Map<String, Object> chat = new LinkedHashMap<>();
        chat.put("prompt", List.of(Map.of("role", "system", "content", "Be brief."), Map.of("role", "user", "content", "Short")));
        rows.add(chat);
        texts.add(FingerprintBuilder.rowText("Be brief.\nShort", null));
        for (int limit : new int[] {1000, 20}) {
            Fingerprint java = FingerprintBuilder.build(texts, limit);
            Fingerprint python = python(rows, limit);
            assertEquals(java, python, "limit " + limit);
        }
    }

    private Fingerprint python(List<Map<String, Object>> rows, int limit) throws Exception {
        for (Map.Entry<String, byte[]> module : Harness.modules().entrySet()) {
            Files.write(dir.resolve(module.getKey()), module.getValue());
        }
        Path script = dir.resolve("main.py");
        Process p = new ProcessBuilder(EngineSettings.PYTHON, "-I", script.toString(), "fingerprint", "N", Integer.toString(limit))
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        p.getOutputStream().write(Harness.JSON.writeValueAsBytes(rows));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(60, TimeUnit.SECONDS);
        JsonNode result = Harness.JSON.readTree(out.substring(out.indexOf("N result ") + "N result ".length()));
        return Harness.JSON.convertValue(result, Fingerprint.class);
    }
}
