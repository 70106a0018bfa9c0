package io.envhub.validator.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * How the bubblewrap sandbox keeps its promises (its command line follows the recipe of the stack notes; what the
 * command sees exactly); the promises themselves are checked by {@link BubblewrapSandboxTest}.
 */
class BubblewrapRecipeTest {

    private static final SandboxLimits LIMITS = SandboxContract.LIMITS;
    private static BubblewrapSandbox sandbox;

    @BeforeAll
    static void setUp() {
        BubblewrapAssumption.assumeBubblewrap();
        sandbox = new BubblewrapSandbox();
    }

    @AfterEach
    void nothingLeftRunning() {
        BubblewrapAssumption.assertNoSandboxProcesses();
    }

    @Test
    void runsAsTheUnprivilegedUidWithACleanEnvironmentAndAReadOnlyRoot() throws Exception {
        SandboxResult r = sandbox.run(new SandboxSpec(List.of("/usr/bin/python3", "-I", "-c", """
                import os, json
                print(json.dumps({"uid": os.getuid(), "gid": os.getgid(), "groups": os.getgroups(), "cwd": os.getcwd(),
                                  "env": dict(os.environ), "root": sorted(os.listdir("/")), "tmp": os.path.realpath("/tmp")}))
                """), List.of(), Map.of("EXTRA", "1"), null, LIMITS));
        assertEquals(0, r.exitCode(), r.stderr());
        JsonNode j = new ObjectMapper().readTree(r.stdout());
        assertEquals(61000, j.path("uid").asInt());
        assertEquals(61000, j.path("gid").asInt());
        assertEquals("[]", j.path("groups").toString());
        assertEquals("/job", j.path("cwd").asText());
        assertEquals("{\"EXTRA\":\"1\",\"HOME\":\"/job\",\"LANG\":\"C.UTF-8\",\"PATH\":\"/usr/bin:/bin\","
                + "\"TMPDIR\":\"/job\",\"PWD\":\"/job\"}",
                j.path("env").toString());
        assertEquals("[\"bin\",\"dev\",\"job\",\"lib\",\"lib64\",\"proc\",\"sbin\",\"tmp\",\"usr\"]", j.path("root").toString());
        assertEquals("/job", j.path("tmp").asText());
        assertEquals(SandboxResult.Termination.EXITED, r.termination());
    }

    @Test
    void commandLineFollowsTheRecipe() {
        List<String> c = sandbox.commandLine(SandboxSpec.of(LIMITS, List.of(Mount.readOnly(Path.of("/srv/pkg"), "/pkg")), "/usr/bin/true"));
        String line = String.join(" ", c);
        assertTrue(line.startsWith("/usr/bin/prlimit --as=268435456 --cpu=5:6 --nproc=32 --fsize=1048576 --nofile=64 --core=0 -- "
                + "/usr/bin/timeout -s KILL 60 /usr/bin/setpriv --reuid=61000 --regid=61000 --clear-groups /usr/bin/bwrap "
                + "--unshare-all --unshare-user --disable-userns --die-with-parent --new-session --clearenv --ro-bind /usr /usr"), line);
        assertTrue(line.contains("--perms 1777 --size 4194304 --tmpfs /job --symlink /job /tmp --ro-bind /srv/pkg /pkg"), line);
        assertTrue(line.endsWith("--chdir /job --remount-ro / /usr/bin/true"), line);
    }
}
