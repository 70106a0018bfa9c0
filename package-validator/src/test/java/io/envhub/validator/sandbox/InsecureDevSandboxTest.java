package io.envhub.validator.sandbox;

import java.nio.file.Path;

/** The development fallback keeps every promise of a sandbox except isolation (it is not an {@link IsolatingSandboxContract}). */
class InsecureDevSandboxTest extends SandboxContract {
    @Override
    protected Sandbox newSandbox() {
        return new InsecureDevSandbox(Path.of("target", "insecure-sandbox-test").toAbsolutePath(), "test");
    }
}
