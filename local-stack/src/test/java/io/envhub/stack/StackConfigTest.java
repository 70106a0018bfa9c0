package io.envhub.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which values a stack command runs with: explicit variables, then what {@code up} recorded in the stack dir, then defaults. */
class StackConfigTest {
    @TempDir
    Path repo;

    @Test
    void withoutARecordTheDefaultsApply() {
        StackConfig config = StackConfig.from(repo, Map.of("ENVHUB_STACK_DIR", repo.resolve("s").toString()));
        assertEquals("envhub", config.databaseName());
        assertEquals(repo.resolve("s"), config.dataDir());
        assertEquals(repo.resolve(".stack-data"), StackConfig.from(repo, Map.of()).dataDir());
    }

    @Test
    void laterCommandsOnAStackDirUseWhatUpRanWith() throws Exception {
        String dir = repo.resolve("s").toString();
        StackConfig up = StackConfig.from(repo, Map.of("ENVHUB_STACK_DIR", dir,
                "ENVHUB_DB_URL", "jdbc:postgresql://127.0.0.1:5432/envhub_other", "ENVHUB_BACKEND_CLIENT_SECRET", "s3cret"));
        up.record();
        StackConfig seed = StackConfig.from(repo, Map.of("ENVHUB_STACK_DIR", dir));
        assertEquals("envhub_other", seed.databaseName(), "the database up ran with, not the default");
        assertEquals("s3cret", seed.get("ENVHUB_BACKEND_CLIENT_SECRET"));
        assertEquals(up.env(), seed.env());
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(
                repo.resolve("s").resolve(StackConfig.RECORDED))), "it holds secrets: owner only");
        try (var files = Files.list(repo.resolve("s"))) {
            assertEquals(1, files.count(), "no temporary file left");
        }
    }

    @Test
    void anExplicitVariableWinsOverTheRecord() throws Exception {
        String dir = repo.resolve("s").toString();
        StackConfig.from(repo, Map.of("ENVHUB_STACK_DIR", dir, "ENVHUB_DB_URL", "jdbc:postgresql://h:5432/first")).record();
        StackConfig again = StackConfig.from(repo, Map.of("ENVHUB_STACK_DIR", dir, "ENVHUB_DB_URL", "jdbc:postgresql://h:5432/second"));
        assertEquals("second", again.databaseName());
        again.record();
        assertEquals("second", StackConfig.from(repo, Map.of("ENVHUB_STACK_DIR", dir)).databaseName(), "recorded anew");
    }

    @Test
    void anotherStackDirHasItsOwnRecord() throws Exception {
        StackConfig.from(repo, Map.of("ENVHUB_STACK_DIR", repo.resolve("a").toString(),
                "ENVHUB_DB_URL", "jdbc:postgresql://h:5432/a")).record();
        assertFalse(Files.exists(repo.resolve("b").resolve(StackConfig.RECORDED)));
        assertEquals("envhub", StackConfig.from(repo, Map.of("ENVHUB_STACK_DIR", repo.resolve("b").toString())).databaseName());
    }
}
