package io.envhub.stack;

import java.nio.file.Path;

/**
 * Entry point of {@code ./envhub-stack}: {@code up}, {@code down}, {@code status}, {@code logs [component]},
 * {@code seed};
 * {@code infra} is the background process that holds PostgreSQL (when embedded) and S3Proxy.
 */
public final class StackMain {
    private StackMain() {
    }

    public static void main(String[] args) throws Exception {
        Path repo = Path.of(System.getProperty("envhub.repo", ".")).toAbsolutePath().normalize();
        StackConfig config = StackConfig.fromEnvironment(repo);
        String command = args.length == 0 ? "help" : args[0];
        int code = switch (command) {
            case "up" -> new StackCommands(config).up();
            case "down" -> new StackCommands(config).down();
            case "seed" -> new StackCommands(config).seed();
            case "status" -> new StackCommands(config).status();
            case "logs" -> new StackCommands(config).logs(args.length > 1 ? args[1] : null);
            case "infra" -> InfraDaemon.run(config);
            default -> usage();
        };
        System.exit(code);
    }

    private static int usage() {
        System.out.println("""
                usage: ./envhub-stack up|down|status|logs [component]|seed|doctor|test [maven args]

                  up      check the machine's prerequisites (installing missing Debian packages as root),
                          build what is missing, start what is not running of PostgreSQL (existing or
                          embedded), S3Proxy, Keycloak and the four services, wait until healthy, seed demo
                          environments on the first start of ENVHUB_STACK_DIR (not with ENVHUB_SEED=false),
                          print the URLs and demo logins; on a failure it stops only what it started itself
                  down    stop everything the stack started (data is kept in ENVHUB_STACK_DIR)
                  status  one line per component: running or not, and its health
                  logs    the last lines of every log, or of one component
                          (infra, keycloak, hub-backend, bounty-service, package-validator, hub-frontend)
                  seed    push the demo environments into the running stack now (again: what exists is kept)
                  doctor  check the machine's prerequisites, one line each (installs nothing)
                  test    prepare the machine for the test suite, then ./mvnw -B verify [maven args]""");
        return 2;
    }
}
