package io.envhub.stacktests.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscaler;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.networking.v1.HTTPIngressPath;
import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyEgressRule;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The Helm chart {@code deploy/helm/envhub}: {@code helm lint} passes with the default and the production values; the
 * manifests {@code helm template} renders (default values, the production values file, and the chart's own Secrets)
 * all bind strictly to the Kubernetes model; and the invariants hold: every container has limits and probes, no
 * image is {@code latest}, the services run non-root on read-only roots, the validator runs under the gVisor runtime
 * class behind its NetworkPolicy, every setting the README lists for a service reaches it, the Ingress exposes no
 * internal path, migrations are a pre-upgrade Job, and the production values add KEDA's ScaledObject on the queue.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ChartTest {

    private static final String PREFIX = "envhub-";
    private static final List<String> SERVICES = List.of("hub-backend", "hub-frontend", "bounty-service", "package-validator");
    private static final Path PRODUCTION = RenderedChart.CHART.resolveSibling("values-production.yaml");

    private Path helm;
    private RenderedChart defaults;
    private RenderedChart production;
    private RenderedChart ownSecrets;

    @BeforeAll
    void render() {
        helm = RenderedChart.helm();
        defaults = RenderedChart.render(helm);
        production = RenderedChart.render(helm, "-f", PRODUCTION.toString());
        ownSecrets = RenderedChart.render(helm, "--set", "postgresql.existingSecret=,postgresql.password=p",
                "--set", "s3.existingSecret=,s3.accessKey=a,s3.secretKey=s", "--set", "keycloak.existingSecret=,"
                        + "keycloak.clientSecrets.frontend=f,keycloak.clientSecrets.backend=b,keycloak.clientSecrets.admin=a,"
                        + "keycloak.clientSecrets.bounty=c,keycloak.clientSecrets.validator=v",
                "--set", "sessions.existingSecret=,sessions.runnerSecret=r");
    }

    private Stream<RenderedChart> renders() {
        return Stream.of(defaults, production, ownSecrets);
    }

    @Test
    void helmLintPassesWithTheDefaultAndTheProductionValues() {
        RenderedChart.Run plain = RenderedChart.run(List.of(helm.toString(), "lint", "--strict", RenderedChart.CHART.toString()));
        assertEquals(0, plain.code(), plain.output());
        RenderedChart.Run prod = RenderedChart.run(List.of(helm.toString(), "lint", "--strict", RenderedChart.CHART.toString(),
                "-f", PRODUCTION.toString()));
        assertEquals(0, prod.code(), prod.output());
    }

    @Test
    void theStrictBindingRejectsAFieldTheModelDoesNotKnow() {
        String typo = """
                apiVersion: apps/v1
                kind: Deployment
                metadata: {name: x}
                spec:
                  selector: {matchLabels: {a: b}}
                  template:
                    metadata: {labels: {a: b}}
                    spec:
                      containers:
                        - name: x
                          image: x:1
                          imagePullPolicyy: Always
                """;
        AssertionError e = assertThrows(AssertionError.class, () -> RenderedChart.bind(typo));
        assertTrue(e.getMessage().contains("imagePullPolicyy"), e.getMessage());
        assertEquals(1, RenderedChart.bind(typo.replace("imagePullPolicyy", "imagePullPolicy")).size());
    }

    @Test
    void everyServiceHasADeploymentServicePdbAndConfigMap() {
        renders().forEach(chart -> {
            for (String s : SERVICES) {
                chart.one(Deployment.class, PREFIX + s);
                chart.one(io.fabric8.kubernetes.api.model.Service.class, PREFIX + s);
                chart.one(PodDisruptionBudget.class, PREFIX + s);
                chart.one(ConfigMap.class, PREFIX + s);
            }
            assertEquals(Set.of(PREFIX + "hub-backend", PREFIX + "hub-frontend"), Set.copyOf(chart.all(HorizontalPodAutoscaler.class)
                    .stream().map(h -> h.getSpec().getScaleTargetRef().getName()).toList()));
        });
    }

    @Test
    void everyContainerHasLimitsAPinnedImageAndEveryServiceItsProbes() {
        renders().forEach(chart -> {
            for (PodSpec pod : pods(chart)) {
                for (Container c : pod.getContainers()) {
                    Map<String, Quantity> limits = c.getResources().getLimits();
                    assertNotNull(limits, c.getName());
                    assertTrue(limits.containsKey("cpu") && limits.containsKey("memory"), c.getName() + " limits " + limits);
                    assertTrue(c.getResources().getRequests().keySet().containsAll(Set.of("cpu", "memory")), c.getName());
                    String tag = c.getImage().substring(c.getImage().lastIndexOf(':') + 1);
                    assertTrue(c.getImage().lastIndexOf(':') > c.getImage().lastIndexOf('/'), "no tag: " + c.getImage());
                    assertFalse(tag.isBlank() || tag.equals("latest"), c.getImage());
                }
            }
            for (String s : SERVICES) {
                Container c = container(chart, s);
                assertEquals("/q/health/live", c.getLivenessProbe().getHttpGet().getPath(), s);
                assertEquals("/q/health/ready", c.getReadinessProbe().getHttpGet().getPath(), s);
                assertEquals("/q/health/started", c.getStartupProbe().getHttpGet().getPath(), s);
                assertEquals("http", c.getLivenessProbe().getHttpGet().getPort().getStrVal(), s);
                assertEquals("http", c.getPorts().get(0).getName(), s);
            }
        });
        RenderedChart.Run latest = RenderedChart.run(List.of(helm.toString(), "template", "envhub", RenderedChart.CHART.toString(),
                "--set", "image.tag=latest"));
        assertEquals(1, latest.code(), latest.output());
        assertTrue(latest.output().contains("\"latest\" is refused"), latest.output());
    }

    @Test
    void servicesRunNonRootOnReadOnlyRootsWithoutCapabilities() {
        renders().forEach(chart -> {
            for (String s : List.of("hub-backend", "hub-frontend", "bounty-service")) {
                PodSpec pod = pod(chart, s);
                assertEquals(Boolean.TRUE, pod.getSecurityContext().getRunAsNonRoot(), s);
                assertEquals("RuntimeDefault", pod.getSecurityContext().getSeccompProfile().getType(), s);
                assertEquals(Boolean.FALSE, pod.getAutomountServiceAccountToken(), s);
                var sc = pod.getContainers().get(0).getSecurityContext();
                assertEquals(Boolean.TRUE, sc.getReadOnlyRootFilesystem(), s);
                assertEquals(Boolean.FALSE, sc.getAllowPrivilegeEscalation(), s);
                assertEquals(List.of("ALL"), sc.getCapabilities().getDrop(), s);
                assertEquals("/tmp", pod.getContainers().get(0).getVolumeMounts().get(0).getMountPath(), s);
            }
        });
    }

    @Test
    void theValidatorRunsUnderGvisorBehindItsNetworkPolicy() {
        renders().forEach(chart -> {
            PodSpec pod = pod(chart, "package-validator");
            assertEquals("gvisor", pod.getRuntimeClassName());
            assertEquals(Boolean.FALSE, pod.getAutomountServiceAccountToken());
            var sc = pod.getContainers().get(0).getSecurityContext();
            assertEquals(Boolean.TRUE, sc.getReadOnlyRootFilesystem());
            assertEquals(Boolean.FALSE, sc.getAllowPrivilegeEscalation());
            assertEquals(List.of("ALL"), sc.getCapabilities().getDrop());
            assertFalse(sc.getCapabilities().getAdd().contains("SYS_ADMIN"), sc.getCapabilities().getAdd().toString());
            assertEquals(null, sc.getPrivileged());
            // no credential but its own client secret
            Set<String> secrets = new TreeSet<>();
            pod.getContainers().get(0).getEnv().stream().filter(e -> e.getValueFrom() != null && e.getValueFrom().getSecretKeyRef() != null)
                    .forEach(e -> secrets.add(e.getName()));
            assertEquals(Set.of("ENVHUB_VALIDATOR_CLIENT_SECRET", "ENVHUB_SESSION_RUNNER_SECRET"), secrets);

            NetworkPolicy np = chart.one(NetworkPolicy.class, PREFIX + "package-validator");
            assertEquals(Map.of("app.kubernetes.io/name", "package-validator", "app.kubernetes.io/instance", "envhub"),
                    np.getSpec().getPodSelector().getMatchLabels());
            assertEquals(List.of("Ingress", "Egress"), np.getSpec().getPolicyTypes());
            List<NetworkPolicyEgressRule> egress = np.getSpec().getEgress();
            assertEquals("hub-backend", egress.get(0).getTo().get(0).getPodSelector().getMatchLabels().get("app.kubernetes.io/name"));
            assertEquals(8081, egress.get(0).getPorts().get(0).getPort().getIntVal());
            assertEquals(53, egress.get(1).getPorts().get(0).getPort().getIntVal());
            for (NetworkPolicyEgressRule rule : egress) {
                assertFalse(rule.getTo().isEmpty(), "an egress rule without peers allows everything");
                rule.getTo().forEach(peer -> assertTrue(peer.getIpBlock() == null || !peer.getIpBlock().getCidr().equals("0.0.0.0/0"),
                        "egress to anywhere"));
            }
            // the pods it selects are exactly the validator's
            Map<String, String> podLabels = chart.one(Deployment.class, PREFIX + "package-validator").getSpec().getTemplate()
                    .getMetadata().getLabels();
            assertTrue(podLabels.entrySet().containsAll(np.getSpec().getPodSelector().getMatchLabels().entrySet()));
        });
        NetworkPolicy prod = production.one(NetworkPolicy.class, PREFIX + "package-validator");
        assertEquals("10.40.0.0/24", prod.getSpec().getEgress().get(3).getTo().get(0).getIpBlock().getCidr());
    }

    @Test
    void everySettingTheReadmeListsForAServiceReachesIt() {
        Map<String, Set<String>> settings = readmeSettings();
        assertTrue(settings.size() > 40, "README settings parsed: " + settings.keySet());
        renders().forEach(chart -> {
            List<String> missing = new ArrayList<>();
            settings.forEach((variable, services) -> {
                for (String s : services) {
                    if (!provided(chart, s).contains(variable)) {
                        missing.add(variable + " (" + s + ")");
                    }
                }
            });
            assertEquals(List.of(), missing, "README settings the chart does not give to their service");
        });
        // the chart's own Secrets hold what the values give, under the keys the Deployments read
        Secret clients = ownSecrets.one(Secret.class, PREFIX + "keycloak-clients");
        assertEquals(Set.of("frontend", "backend", "admin", "bounty", "validator"), clients.getStringData().keySet());
        assertEquals(0, defaults.all(Secret.class).size(), "with existing Secrets the chart renders none");
    }

    @Test
    void hostedSessionsStartThroughTheValidatorServiceAndStayOnTheirPod() {
        renders().forEach(chart -> {
            Map<String, String> hub = new LinkedHashMap<>();
            container(chart, "hub-backend").getEnv().forEach(e -> hub.put(e.getName(), e.getValue()));
            assertEquals("http://" + PREFIX + "package-validator:8083", hub.get("ENVHUB_SESSION_RUNNERS"));
            Map<String, EnvVar> validator = new LinkedHashMap<>();
            container(chart, "package-validator").getEnv().forEach(e -> validator.put(e.getName(), e));
            assertEquals("status.podIP", validator.get("POD_IP").getValueFrom().getFieldRef().getFieldPath());
            assertEquals("http://$(POD_IP):8083", validator.get("ENVHUB_SESSION_RUNNER_ADVERTISE_URL").getValue());
            // POD_IP is declared before the variable that refers to it (Kubernetes expands only earlier ones)
            List<String> order = new ArrayList<>(validator.keySet());
            assertTrue(order.indexOf("POD_IP") < order.indexOf("ENVHUB_SESSION_RUNNER_ADVERTISE_URL"), order.toString());
            // both sides read the runner secret from the same Secret key
            for (String s : List.of("hub-backend", "package-validator")) {
                var ref = container(chart, s).getEnv().stream().filter(e -> e.getName().equals("ENVHUB_SESSION_RUNNER_SECRET"))
                        .findFirst().orElseThrow().getValueFrom().getSecretKeyRef();
                assertEquals("runner-secret", ref.getKey(), s);
            }
            // the validators' NetworkPolicy lets hub-backend's pods in on the runner's port
            NetworkPolicy np = chart.one(NetworkPolicy.class, PREFIX + "package-validator");
            assertTrue(np.getSpec().getIngress().stream().flatMap(r -> r.getFrom().stream())
                    .anyMatch(peer -> peer.getPodSelector() != null
                            && "hub-backend".equals(peer.getPodSelector().getMatchLabels().get("app.kubernetes.io/name"))),
                    np.getSpec().getIngress().toString());
        });
        assertEquals("r", ownSecrets.one(Secret.class, PREFIX + "sessions").getStringData().get("runner-secret"));
    }

    @Test
    void theWheelSizeLimitIsOneSettingThatReachesTheHubAndTheValidator() {
        // issue 36, item 2: a wheel the hub stores is never failed by the validator for its size
        RenderedChart raised = RenderedChart.render(helm, "--set", "maxUploadBytes=73400320");
        for (String s : List.of("hub-backend", "package-validator")) {
            assertEquals(String.valueOf(io.envhub.contract.UploadLimits.DEFAULT_MAX_WHEEL_BYTES),
                    defaults.one(ConfigMap.class, PREFIX + s).getData().get("ENVHUB_MAX_UPLOAD_BYTES"), s);
            assertEquals("73400320", raised.one(ConfigMap.class, PREFIX + s).getData().get("ENVHUB_MAX_UPLOAD_BYTES"), s);
        }
    }

    @Test
    void theIngressExposesThePublicPathsOnly() {
        renders().forEach(chart -> {
            Ingress ingress = chart.one(Ingress.class, "envhub");
            Map<String, List<String>> byService = new LinkedHashMap<>();
            ingress.getSpec().getRules().forEach(rule -> rule.getHttp().getPaths().forEach((HTTPIngressPath p) ->
                    byService.computeIfAbsent(p.getBackend().getService().getName(), k -> new ArrayList<>()).add(p.getPath())));
            assertEquals(Map.of(PREFIX + "hub-frontend", List.of("/"), PREFIX + "hub-backend", List.of("/api", "/simple"),
                    PREFIX + "bounty-service", List.of("/api")), byService);
        });
        assertEquals("envhub-tls", production.one(Ingress.class, "envhub").getSpec().getTls().get(0).getSecretName());
    }

    @Test
    void migrationsArePreUpgradeJobsOfTheServicesOwnImages() {
        renders().forEach(chart -> {
            for (String s : List.of("hub-backend", "bounty-service")) {
                Job job = chart.one(Job.class, PREFIX + "migrate-" + s);
                assertEquals("pre-upgrade", job.getMetadata().getAnnotations().get("helm.sh/hook"));
                Container c = job.getSpec().getTemplate().getSpec().getContainers().get(0);
                assertEquals(container(chart, s).getImage(), c.getImage());
                assertTrue(c.getEnv().contains(new EnvVar("ENVHUB_MIGRATE_ONLY", "true", null)), c.getEnv().toString());
                assertEquals("Never", job.getSpec().getTemplate().getSpec().getRestartPolicy());
            }
        });
    }

    @Test
    void productionScalesValidatorsOnTheQueueWithKeda() {
        assertTrue(defaults.all(GenericKubernetesResource.class).isEmpty(), "KEDA is optional: off by default");
        GenericKubernetesResource scaled = production.all(GenericKubernetesResource.class).get(0);
        assertEquals("ScaledObject", scaled.getKind());
        Map<String, Object> spec = scaled.get("spec");
        assertEquals(Map.of("apiVersion", "apps/v1", "kind", "Deployment", "name", PREFIX + "package-validator"),
                spec.get("scaleTargetRef"));
        @SuppressWarnings("unchecked")
        Map<String, Object> trigger = ((List<Map<String, Object>>) spec.get("triggers")).get(0);
        assertEquals("prometheus", trigger.get("type"));
        @SuppressWarnings("unchecked")
        Map<String, Object> meta = (Map<String, Object>) trigger.get("metadata");
        assertTrue(meta.get("query").toString().contains("envhub_validation_queue_jobs{state=\"queued\"}"), meta.toString());
        assertEquals(Set.of("serverAddress", "query", "threshold"), meta.keySet());
        assertEquals(40, spec.get("maxReplicaCount"));
        assertEquals(null, production.one(Deployment.class, PREFIX + "package-validator").getSpec().getReplicas(),
                "KEDA owns the replica count");
    }

    /** Variable name to the chart's services the README's configuration table says use it. */
    static Map<String, Set<String>> readmeSettings() {
        Map<String, String> users = Map.of("backend", "hub-backend", "bounty", "bounty-service", "validator",
                "package-validator", "frontend", "hub-frontend");
        Map<String, Set<String>> out = new LinkedHashMap<>();
        Pattern variable = Pattern.compile("ENVHUB_[A-Z0-9_]+");
        for (String line : RenderedChart.readme().lines().toList()) {
            if (!line.startsWith("| `ENVHUB_")) {
                continue;
            }
            String[] cells = line.split("\\|");
            Set<String> services = new TreeSet<>();
            for (String who : cells[2].split(",")) {
                String w = who.strip();
                if (w.equals("all services")) {
                    services.addAll(users.values());
                } else if (users.containsKey(w)) {
                    services.add(users.get(w));
                }
            }
            if (services.isEmpty()) {
                continue;
            }
            Matcher m = variable.matcher(cells[1]);
            while (m.find()) {
                out.put(m.group(), services);
            }
        }
        return out;
    }

    private static Set<String> provided(RenderedChart chart, String service) {
        Set<String> names = new TreeSet<>(chart.one(ConfigMap.class, PREFIX + service).getData().keySet());
        container(chart, service).getEnv().forEach(e -> names.add(e.getName()));
        return names;
    }

    private static List<PodSpec> pods(RenderedChart chart) {
        List<PodSpec> pods = new ArrayList<>();
        chart.all(Deployment.class).forEach(d -> pods.add(d.getSpec().getTemplate().getSpec()));
        chart.all(Job.class).forEach(j -> pods.add(j.getSpec().getTemplate().getSpec()));
        assertEquals(6, pods.size());
        return pods;
    }

    private static PodSpec pod(RenderedChart chart, String service) {
        return chart.one(Deployment.class, PREFIX + service).getSpec().getTemplate().getSpec();
    }

    private static Container container(RenderedChart chart, String service) {
        return pod(chart, service).getContainers().get(0);
    }
}
