package io.envhub.format.wheel;

import io.envhub.testprereq.Prerequisites;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Checks wheels against real Python tooling; skipped when {@code python3} (or pip) is not installed. */
class PythonInteropTest {

    @TempDir
    Path dir;

    @Test
    void pipInstallsWrittenWheelAndModuleImports() throws Exception {
        Prerequisites.require(run(Map.of(), "python3", "-m", "pip", "--version").exitCode == 0, "python3 -m pip");
        Path project = Files.createDirectory(dir.resolve("project"));
        Path wheel = WheelWriterReaderTest.writer(project).writeTo(dir);
        Path target = dir.resolve("site");
        Result install = run(Map.of(), "python3", "-m", "pip", "install", "--isolated", "--no-index", "--no-deps",
                "--disable-pip-version-check", "--no-compile", "--target", target.toString(), wheel.toString());
        assertEquals(0, install.exitCode, install.output);
        Result imported = run(Map.of("PYTHONPATH", target.toString()), "python3", "-c",
                "import reverse_text, importlib.metadata as m; print(reverse_text.load_environment());"
                + " print(m.version('reverse-text')); print(m.metadata('reverse-text')['Summary'])");
        assertEquals(0, imported.exitCode, imported.output);
        assertEquals("reversed\n0.1.4\nReverse a given paragraph of text.\n", imported.output);
        assertTrue(Files.isRegularFile(target.resolve("reverse_text/data/prompts.txt")));
    }

    @Test
    void readsWheelWrittenByPythonZipfile() throws Exception {
        Prerequisites.require(run(Map.of(), "python3", "--version").exitCode == 0, "python3");
        Path wheel = dir.resolve("py_pkg-2.0-py3-none-any.whl");
        String script = String.join("\n",
                "import base64, hashlib, sys, zipfile",
                "files = {'py_pkg/__init__.py': b'X = 1\\n', 'py_pkg/caf\\u00e9.txt': 'd\\u00e9j\\u00e0'.encode(),",
                "         'py_pkg-2.0.dist-info/METADATA': b'Metadata-Version: 2.1\\nName: py-pkg\\nVersion: 2.0\\n',",
                "         'py_pkg-2.0.dist-info/WHEEL': b'Wheel-Version: 1.0\\nRoot-Is-Purelib: true\\nTag: py3-none-any\\n'}",
                "lines = []",
                "with zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED) as z:",
                "    z.writestr(zipfile.ZipInfo('py_pkg/'), b'')",
                "    for name, data in files.items():",
                "        z.writestr(name, data)",
                "        h = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b'=').decode()",
                "        lines.append(f'{name},sha256={h},{len(data)}')",
                "    lines.append('py_pkg-2.0.dist-info/RECORD,,')",
                "    z.writestr('py_pkg-2.0.dist-info/RECORD', '\\n'.join(lines) + '\\n')",
                "");
        Path py = dir.resolve("make.py");
        Files.writeString(py, script);
        Result made = run(Map.of(), "python3", py.toString(), wheel.toString());
        assertEquals(0, made.exitCode, made.output);
        Wheel read = WheelReader.read(wheel);
        assertEquals("py-pkg", read.metadata().name());
        assertEquals(List.of("py_pkg/__init__.py", "py_pkg/caf\u00e9.txt", "py_pkg-2.0.dist-info/METADATA",
                "py_pkg-2.0.dist-info/WHEEL", "py_pkg-2.0.dist-info/RECORD"), read.files());
        read.checkFileName(wheel.getFileName().toString());
    }

    private record Result(int exitCode, String output) {
    }

    private static Result run(Map<String, String> env, String... command) throws InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(command));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().putAll(env);
        try {
            Process p = pb.start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return new Result(-1, "timed out");
            }
            return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8));
        } catch (IOException e) {
            return new Result(-1, e.toString());
        }
    }
}
