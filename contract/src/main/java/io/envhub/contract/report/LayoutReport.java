package io.envhub.contract.report;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;

/**
 * The static facts of a verifiers v1 taskset package, read from its Python sources without running them (the
 * validator's {@code layout} object; absent from v0 reports). Names and values are as written in the code.
 *
 * @param kind {@code v1}
 * @param module the import package
 * @param where the wheel member defining the taskset class
 * @param tasksetClass the exported Taskset subclass
 * @param tasksetDoc its docstring, else its module's docstring, or null
 * @param taskClass the Task class, or null
 * @param taskDoc the task class's docstring, or null
 * @param dataClass the TaskData class, or null
 * @param dataFields the data class's own fields
 * @param configClass the TasksetConfig class, or null
 * @param configFields its fields with defaults as written
 * @param rewards rewards with weights
 * @param stops stop conditions ({@code @vf.stop} methods)
 * @param metrics metrics
 * @param tools tools of the package's toolsets
 * @param env the exported Env subclass, or null
 * @param harness the exported Harness subclass, or null
 * @param datasets where the tasks come from, the one {@code load()} reads first
 * @param dependencies declared dependencies (Requires-Dist) with extras
 * @param taskType {@code single-turn}, {@code multi-turn}, {@code tool use} or {@code harness}
 * @param infinite whether the taskset declares {@code INFINITE = True}
 * @param hasValidate whether the task defines verifiers' {@code validate} gold check
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record LayoutReport(String kind, String module, String where, String tasksetClass, String tasksetDoc, String taskClass,
                           String taskDoc, String dataClass, List<Field> dataFields, String configClass,
                           List<Field> configFields, List<Reward> rewards, List<String> stops, List<String> metrics,
                           List<String> tools, String env, String harness, List<Dataset> datasets,
                           List<Dependency> dependencies, String taskType, boolean infinite, boolean hasValidate) {

    /** The layout kind of a verifiers v1 taskset package. */
    public static final String V1 = "v1";

    /**
     * Reads missing lists as empty.
     *
     * @param kind kind
     * @param module module
     * @param where where
     * @param tasksetClass taskset class
     * @param tasksetDoc taskset doc
     * @param taskClass task class
     * @param taskDoc task doc
     * @param dataClass data class
     * @param dataFields data fields
     * @param configClass config class
     * @param configFields config fields
     * @param rewards rewards
     * @param stops stops
     * @param metrics metrics
     * @param tools tools
     * @param env env
     * @param harness harness
     * @param datasets datasets
     * @param dependencies dependencies
     * @param taskType task type
     * @param infinite infinite
     * @param hasValidate has validate
     */
    public LayoutReport {
        dataFields = dataFields == null ? List.of() : List.copyOf(dataFields);
        configFields = configFields == null ? List.of() : List.copyOf(configFields);
        rewards = rewards == null ? List.of() : List.copyOf(rewards);
        stops = stops == null ? List.of() : List.copyOf(stops);
        metrics = metrics == null ? List.of() : List.copyOf(metrics);
        tools = tools == null ? List.of() : List.copyOf(tools);
        datasets = datasets == null ? List.of() : List.copyOf(datasets);
        dependencies = dependencies == null ? List.of() : List.copyOf(dependencies);
    }

    /** The dataset {@code load()} reads, or null. */
    public Dataset dataset() {
        return datasets.isEmpty() ? null : datasets.get(0);
    }

    /**
     * A config or data field.
     *
     * @param name name
     * @param type annotation as written
     * @param defaultValue default as written, or null when required
     * @param doc the docstring under it, or null
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Field(String name, String type, String defaultValue, String doc) {
    }

    /**
     * A reward.
     *
     * @param name name
     * @param weight weight, or null when not a literal (or recorded by an Env)
     * @param source {@code task} or {@code env}
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Reward(String name, Double weight, String source) {
    }

    /**
     * A dataset source as written.
     *
     * @param kind {@code huggingface}, {@code bundled}, {@code generated} or {@code inherited}
     * @param id Hugging Face id, or null
     * @param config Hugging Face config name, or null
     * @param split split, or null
     * @param file bundled wheel member, or null
     * @param written the call as written, or null
     * @param where where it was found
     * @param host network host it needs, or null
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Dataset(String kind, String id, String config, String split, String file, String written, String where,
                          String host) {
        /** One line for people: {@code Hugging Face openai/gsm8k (main), split test}. */
        public String describe() {
            if (kind == null) {
                return "";
            }
            return switch (kind) {
                case "huggingface" -> "Hugging Face " + id + (config == null ? "" : " (" + config + ")")
                        + (split == null ? "" : ", split " + split);
                case "bundled" -> "bundled file " + file;
                case "generated" -> "generated in code (" + where + ")";
                default -> where == null ? kind : where;
            };
        }
    }

    /**
     * A declared dependency.
     *
     * @param name name
     * @param extras extras
     * @param specifier version specifier, or empty
     * @param marker environment marker, or null
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Dependency(String name, List<String> extras, String specifier, String marker) {
        /** As written: {@code verifiers[openenv]>=0.1}. */
        public String describe() {
            return name + (extras == null || extras.isEmpty() ? "" : "[" + String.join(",", extras) + "]")
                    + (specifier == null ? "" : specifier) + (marker == null ? "" : "; " + marker);
        }
    }
}
