package io.envhub.stacktests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.testsupport.RepoPaths;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * docker-compose.yml cannot run on machines without Docker, so it is checked here: every variable an app needs
 * in a container is set for it, images are built from the repo's Dockerfiles, and nothing secret is baked in.
 */
class ComposeFileTest {
    private static final List<String> APPS = List.of("hub-backend", "bounty-service", "package-validator", "hub-frontend");
    /** {@code ${ENVHUB_X}} or {@code ${ENVHUB_X:default}} in application.properties. */
    private static final Pattern REFERENCE = Pattern.compile("\\$\\{(ENVHUB_[A-Z0-9_]+)(?::([^}]*))?}");

    private final Path root = RepoPaths.root();

    @SuppressWarnings("unchecked")
    private Map<String, Object> services() throws IOException {
        Map<String, Object> compose = new Yaml().load(Files.readString(root.resolve("docker-compose.yml")));
        return (Map<String, Object>) compose.get("services");
    }

    /** Variables an app must be given in a container: no default, or a default that points at this machine. */
    static Set<String> requiredVariables(String properties) {
        Set<String> required = new TreeSet<>();
        for (String line : properties.split("\n")) {
            if (line.startsWith("#") || line.startsWith("%test.") || line.startsWith("%dev.")) {
                continue;
            }
            Matcher m = REFERENCE.matcher(line);
            while (m.find()) {
                String fallback = m.group(2);
                if (fallback == null || fallback.contains("127.0.0.1") || fallback.contains("localhost")
                        || m.group(1).contains("SECRET") || m.group(1).contains("PASSWORD")) {
                    required.add(m.group(1));
                }
            }
        }
        return required;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> environment(Object service) {
        Object env = ((Map<String, Object>) service).get("environment");
        assertNotNull(env, "service has an environment");
        return new LinkedHashMap<>((Map<String, Object>) env);
    }

    @Test
    void everyVariableEachAppRequiresIsSetForIt() throws IOException {
        Map<String, Object> services = services();
        List<String> missing = new ArrayList<>();
        for (String app : APPS) {
            assertTrue(services.containsKey(app), "compose defines " + app);
            String props = Files.readString(root.resolve(app + "/src/main/resources/application.properties"));
            Set<String> required = requiredVariables(props);
            assertFalse(required.isEmpty(), app + " reads ENVHUB_* variables");
            Map<String, Object> env = environment(services.get(app));
            for (String variable : required) {
                if (!env.containsKey(variable)) {
                    missing.add(app + " needs " + variable);
                }
            }
            assertEquals("0.0.0.0", String.valueOf(env.get("QUARKUS_HTTP_HOST")), app + " listens beyond loopback in its container");
        }
        assertTrue(missing.isEmpty(), "docker-compose.yml lacks: " + missing);
    }

    @Test
    void theRuleFindsAMissingVariable() {
        Set<String> required = requiredVariables("""
                a=${ENVHUB_DB_URL:jdbc:postgresql://127.0.0.1:5432/envhub}
                b=${ENVHUB_S3_BUCKET:envhub-artifacts}
                c=${ENVHUB_NEW_THING}
                %test.d=${ENVHUB_ONLY_IN_TESTS}
                """);
        assertEquals(Set.of("ENVHUB_DB_URL", "ENVHUB_NEW_THING"), required);
    }

    @Test
    @SuppressWarnings("unchecked")
    void infrastructureAndAppsAreComplete() throws IOException {
        Map<String, Object> services = services();
        assertTrue(String.valueOf(((Map<String, Object>) services.get("postgres")).get("image")).startsWith("postgres:16"));
        assertTrue(String.valueOf(((Map<String, Object>) services.get("keycloak")).get("image")).contains("keycloak:26.7"));
        assertTrue(services.containsKey("minio"));
        for (String name : services.keySet()) {
            Map<String, Object> service = (Map<String, Object>) services.get(name);
            Object ports = service.get("ports");
            if (ports != null) {
                for (Object port : (List<Object>) ports) {
                    assertTrue(port.toString().startsWith("127.0.0.1:"), name + " publishes " + port + " on loopback only");
                }
            }
            if (APPS.contains(name)) {
                Map<String, Object> build = (Map<String, Object>) service.get("build");
                Path dockerfile = root.resolve(String.valueOf(build.get("dockerfile")));
                assertTrue(Files.exists(dockerfile), dockerfile + " exists");
                assertTrue(dockerfile.startsWith(root.resolve(name + "/src/main/docker")), "Dockerfile lives in the module");
                String text = Files.readString(dockerfile);
                assertTrue(text.contains("HEALTHCHECK") && text.contains("/q/health/ready"), name + " has a health check");
                assertFalse(text.matches("(?s).*(SECRET|PASSWORD)[A-Z_]*=.*"), name + " bakes no secret into its image");
            } else {
                assertNotNull(service.get("healthcheck"), name + " has a health check");
            }
        }
        assertTrue(Files.readString(root.resolve("deploy/keycloak/envhub-realm.json")).contains("\"realm\""));
    }

    @Test
    @SuppressWarnings("unchecked")
    void everyImageIsPinnedToAVersion() throws IOException {
        Map<String, Object> services = services();
        for (String name : services.keySet()) {
            Map<String, Object> service = (Map<String, Object>) services.get(name);
            Object image = service.get("image");
            if (image == null) {
                assertTrue(APPS.contains(name), name + " is built from this repository or names an image");
                continue;
            }
            String tag = pinnedTag(String.valueOf(image));
            assertTrue(tag != null && tag.matches(".*\\d.*"), name + ": image " + image + " is pinned to a version, not latest");
        }
        for (String app : APPS) {
            for (String line : Files.readString(root.resolve(app + "/src/main/docker/Dockerfile")).split("\n")) {
                if (line.startsWith("FROM ")) {
                    String tag = pinnedTag(line.split("\\s+")[1]);
                    assertTrue(tag != null && tag.matches(".*\\d.*"), app + "'s Dockerfile: " + line + " is pinned");
                }
            }
        }
        String pom = Files.readString(root.resolve("pom.xml"));
        Matcher kc = Pattern.compile("<keycloak.version>([^<]+)</keycloak.version>").matcher(pom);
        assertTrue(kc.find());
        assertEquals("quay.io/keycloak/keycloak:" + kc.group(1), ((Map<String, Object>) services.get("keycloak")).get("image"),
                "compose runs the Keycloak version the local stack and the tests run");
    }

    /** The tag of an image reference (null when there is none, or it is {@code latest}). */
    static String pinnedTag(String image) {
        String last = image.substring(image.lastIndexOf('/') + 1);
        int colon = last.indexOf(':');
        String tag = colon < 0 ? null : last.substring(colon + 1);
        return tag == null || tag.isBlank() || tag.equalsIgnoreCase("latest") ? null : tag;
    }

    @Test
    void theTagRuleRefusesLatestAndNoTag() {
        assertEquals(null, pinnedTag("minio/minio:latest"));
        assertEquals(null, pinnedTag("postgres"));
        assertEquals(null, pinnedTag("localhost:5000/minio"));
        assertEquals("16.6", pinnedTag("postgres:16.6"));
        assertEquals("26.7.3", pinnedTag("quay.io/keycloak/keycloak:26.7.3"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void theValidatorMayCreateUserNamespacesButIsNotPrivileged() throws IOException {
        Map<String, Object> validator = (Map<String, Object>) services().get("package-validator");
        List<Object> securityOpt = (List<Object>) validator.get("security_opt");
        assertNotNull(securityOpt, "package-validator sets security_opt for bubblewrap's namespaces");
        List<String> opts = securityOpt.stream().map(String::valueOf).toList();
        assertTrue(opts.contains("seccomp=unconfined") || opts.stream().anyMatch(o -> o.startsWith("seccomp=") && o.endsWith(".json")),
                "a seccomp profile that allows unshare/clone with namespaces: " + opts);
        assertTrue(opts.contains("apparmor=unconfined"), "an AppArmor profile that allows mounting in the sandbox: " + opts);
        assertNotEquals(Boolean.TRUE, validator.get("privileged"), "never privileged");
        for (Map.Entry<String, Object> other : services().entrySet()) {
            if (!other.getKey().equals("package-validator")) {
                assertNull(((Map<String, Object>) other.getValue()).get("security_opt"), other.getKey() + " keeps the default profiles");
            }
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void healthChecksUseToolsTheirImagesHave() throws IOException {
        Map<String, Object> services = services();
        // the Keycloak and MinIO images have no curl or wget; PostgreSQL's has pg_isready
        for (String name : List.of("keycloak", "minio")) {
            Map<String, Object> check = (Map<String, Object>) ((Map<String, Object>) services.get(name)).get("healthcheck");
            String test = String.valueOf(check.get("test"));
            assertFalse(test.contains("curl") || test.contains("wget"), name + "'s image has no curl or wget: " + test);
        }
        assertTrue(healthTest(services, "minio").contains("mc, ready, local"), healthTest(services, "minio"));
        assertTrue(healthTest(services, "keycloak").contains("/dev/tcp/127.0.0.1/9000"), healthTest(services, "keycloak"));
        assertTrue(healthTest(services, "postgres").contains("pg_isready"), healthTest(services, "postgres"));
        for (String app : APPS) {
            String dockerfile = Files.readString(root.resolve(app + "/src/main/docker/Dockerfile"));
            assertTrue(!dockerfile.contains("HEALTHCHECK") || !dockerfile.matches("(?s).*HEALTHCHECK.*curl.*")
                    || dockerfile.matches("(?s).*apt-get install[^\n]*curl.*"), app + "'s image installs the curl its health check uses");
        }
    }

    @SuppressWarnings("unchecked")
    private static String healthTest(Map<String, Object> services, String name) {
        return String.valueOf(((Map<String, Object>) ((Map<String, Object>) services.get(name)).get("healthcheck")).get("test"));
    }

    @Test
    void readmeDocumentsEveryVariable() throws IOException {
        String readme = Files.readString(root.resolve("README.md"));
        Set<String> all = new TreeSet<>();
        for (String app : APPS) {
            Matcher m = REFERENCE.matcher(Files.readString(root.resolve(app + "/src/main/resources/application.properties")));
            while (m.find()) {
                all.add(m.group(1));
            }
        }
        List<String> undocumented = all.stream().filter(v -> !readme.contains("`" + v + "`")).toList();
        assertTrue(undocumented.isEmpty(), "README's configuration table lacks " + undocumented);
    }
}
