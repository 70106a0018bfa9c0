package io.envhub.stacktests.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import io.envhub.testprereq.Prerequisites;
import io.envhub.testsupport.RepoPaths;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscaler;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The chart rendered by the real helm ({@code deploy/helm/helm-tool.sh} fetches it from npm once) and every manifest
 * bound to fabric8's Kubernetes model, strictly: a field the model does not know (a typo, a wrong level of
 * indentation) lands in a model object's {@code additionalProperties}, and any non-empty one fails the binding.
 * Kinds outside the model (KEDA's ScaledObject) stay {@link GenericKubernetesResource}s.
 */
final class RenderedChart {

    static final Path CHART = RepoPaths.root().resolve("deploy/helm/envhub");
    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .build();
    private static final Map<String, Class<? extends HasMetadata>> KINDS = Map.of(
            "apps/v1/Deployment", Deployment.class, "v1/Service", Service.class, "v1/ConfigMap", ConfigMap.class,
            "v1/Secret", Secret.class, "networking.k8s.io/v1/Ingress", Ingress.class,
            "networking.k8s.io/v1/NetworkPolicy", NetworkPolicy.class,
            "autoscaling/v2/HorizontalPodAutoscaler", HorizontalPodAutoscaler.class,
            "policy/v1/PodDisruptionBudget", PodDisruptionBudget.class, "batch/v1/Job", Job.class);
    private static final Set<String> NOT_IN_THE_MODEL = Set.of("keda.sh/v1alpha1/ScaledObject");

    final List<HasMetadata> resources;

    private RenderedChart(List<HasMetadata> resources) {
        this.resources = resources;
    }

    /** The helm binary (skip outside CI, fail in CI when it cannot be had). */
    static Path helm() {
        Run r = run(List.of(RepoPaths.root().resolve("deploy/helm/helm-tool.sh").toString()));
        Prerequisites.require(r.code() == 0, "helm (deploy/helm/helm-tool.sh: " + r.output().strip() + ")");
        List<String> lines = r.output().strip().lines().toList();
        return Path.of(lines.get(lines.size() - 1));
    }

    /** {@code helm template} with the given extra arguments, every document bound strictly. */
    static RenderedChart render(Path helm, String... args) {
        List<String> cmd = new ArrayList<>(List.of(helm.toString(), "template", "envhub", CHART.toString()));
        cmd.addAll(List.of(args));
        Run r = run(cmd);
        assertEquals(0, r.code(), "helm template failed: " + r.output());
        return new RenderedChart(bind(r.output()));
    }

    static List<HasMetadata> bind(String yaml) {
        List<HasMetadata> out = new ArrayList<>();
        try {
            YAMLParser parser = new YAMLFactory().createParser(yaml);
            ObjectMapper yamlMapper = new ObjectMapper(new YAMLFactory());
            for (var docs = yamlMapper.readValues(parser, JsonNode.class); docs.hasNext(); ) {
                JsonNode doc = docs.next();
                if (doc == null || doc.isMissingNode() || doc.isNull() || doc.isEmpty()) {
                    continue;
                }
                String key = doc.path("apiVersion").asText() + "/" + doc.path("kind").asText();
                Class<? extends HasMetadata> type = KINDS.get(key);
                if (type == null) {
                    if (!NOT_IN_THE_MODEL.contains(key)) {
                        throw new AssertionError("a kind the test does not know: " + key);
                    }
                    out.add(JSON.treeToValue(doc, GenericKubernetesResource.class));
                    continue;
                }
                HasMetadata bound = JSON.treeToValue(doc, type);
                List<String> unknown = new ArrayList<>();
                unknownFields(bound, key + " " + bound.getMetadata().getName(), unknown, new IdentityHashMap<>());
                if (!unknown.isEmpty()) {
                    throw new AssertionError("fields the Kubernetes model does not know: " + unknown);
                }
                out.add(bound);
            }
        } catch (IOException e) {
            throw new AssertionError("the rendered chart is not valid YAML: " + e.getMessage(), e);
        }
        return out;
    }

    /** Walks a model object's getters; every {@code additionalProperties} entry is a field the model does not know. */
    static void unknownFields(Object o, String path, List<String> unknown, Map<Object, Boolean> seen) {
        if (o == null || seen.put(o, Boolean.TRUE) != null) {
            return;
        }
        if (o instanceof Collection<?> c) {
            int i = 0;
            for (Object e : c) {
                unknownFields(e, path + "[" + i++ + "]", unknown, seen);
            }
            return;
        }
        if (o instanceof Map<?, ?> m) {
            m.forEach((k, v) -> unknownFields(v, path + "." + k, unknown, seen));
            return;
        }
        if (!o.getClass().getName().startsWith("io.fabric8.kubernetes.api.model")) {
            return;
        }
        for (Method getter : o.getClass().getMethods()) {
            if (getter.getParameterCount() != 0 || !getter.getName().startsWith("get") || Modifier.isStatic(getter.getModifiers())
                    || getter.getDeclaringClass() == Object.class) {
                continue;
            }
            Object value;
            try {
                value = getter.invoke(o);
            } catch (IllegalAccessException | InvocationTargetException e) {
                continue;
            }
            if (getter.getName().equals("getAdditionalProperties")) {
                if (value instanceof Map<?, ?> extra && !extra.isEmpty()) {
                    unknown.add(path + ": " + extra.keySet());
                }
            } else {
                unknownFields(value, path + "." + getter.getName().substring(3), unknown, seen);
            }
        }
    }

    <T extends HasMetadata> List<T> all(Class<T> type) {
        return resources.stream().filter(type::isInstance).map(type::cast).toList();
    }

    <T extends HasMetadata> T one(Class<T> type, String name) {
        List<T> found = all(type).stream().filter(r -> r.getMetadata().getName().equals(name)).toList();
        assertEquals(1, found.size(), type.getSimpleName() + " " + name + " among " + names());
        return found.get(0);
    }

    List<String> names() {
        return resources.stream().map(r -> r.getKind() + "/" + r.getMetadata().getName()).toList();
    }

    record Run(int code, String output) {
    }

    static Run run(List<String> cmd) {
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(5, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new AssertionError(cmd + " did not finish");
            }
            return new Run(p.exitValue(), out);
        } catch (IOException e) {
            return new Run(-1, e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    static String readme() {
        try {
            return Files.readString(RepoPaths.root().resolve("README.md"));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
