package io.envhub.stack;

import java.nio.file.Path;

/** One of the four EnvHub services as the local stack runs it: from its built Quarkus jar. */
public enum Service {
    BACKEND("hub-backend", 8081),
    BOUNTY("bounty-service", 8082),
    VALIDATOR("package-validator", 8083),
    FRONTEND("hub-frontend", 8080);

    private final String module;
    private final int port;

    Service(String module, int port) {
        this.module = module;
        this.port = port;
    }

    public String module() {
        return module;
    }

    public int port() {
        return port;
    }

    /** The runnable jar the build leaves in the module. */
    public Path jar(Path repo) {
        return repo.resolve(module).resolve("target/quarkus-app/quarkus-run.jar");
    }

    public String url() {
        return "http://127.0.0.1:" + port;
    }

    public String readinessUrl() {
        return url() + "/q/health/ready";
    }
}
