package io.envhub.format.layout;

import java.util.List;

/**
 * What an environment package is, decided from its Python sources without running them (see {@link LayoutReader}).
 *
 * @param kind {@link Kind#V1} (a verifiers v1 taskset package), {@link Kind#V0} (a module with
 *     {@code load_environment}), or {@link Kind#NONE}
 * @param refusal why the package is refused, in one sentence; null when it is accepted
 * @param refused which refusal, or null when accepted
 * @param module the import name (the project name with {@code -} as {@code _})
 * @param entry the wheel member read first ({@code module/__init__.py} or {@code module.py}), or null when absent
 * @param where for v0, where {@code load_environment} is defined; for v1, the file defining the taskset class
 * @param taskset the v1 facts, or null for v0 and refusals
 */
public record PackageLayout(Kind kind, String refusal, Refused refused, String module, String entry, String where, TasksetFacts taskset) {

    /** The two layouts, and neither. */
    public enum Kind {
        /** verifiers v1: the package exports exactly one {@code Taskset} subclass via {@code __all__}. */
        V1,
        /** verifiers v0 (legacy): the module defines {@code load_environment(**kwargs)}. */
        V0,
        /** Neither (always with a refusal). */
        NONE
    }

    /** The refusals, in verifiers' terms. */
    public enum Refused {
        /** Neither {@code module.py} nor {@code module/__init__.py}. */
        NO_MODULE,
        /** Taskset classes but no {@code __all__}. */
        NO_ALL,
        /** {@code __all__} exports no Taskset subclass (and there is no {@code load_environment}). */
        NO_TASKSET,
        /** More than one Taskset (or Env, or Harness) subclass exported. */
        MORE_THAN_ONE,
        /** Neither layout: no {@code __all__}, no Taskset class, no {@code load_environment}. */
        NEITHER
    }

    /** Whether the package has one of the two layouts and nothing in it is refused. */
    public boolean accepted() {
        return refusal == null && kind != Kind.NONE;
    }

    /** One line for people: which layout, and the taskset class or where {@code load_environment} is. */
    public String describe() {
        if (refusal != null) {
            return refusal;
        }
        if (kind == Kind.V1) {
            StringBuilder b = new StringBuilder("verifiers v1 taskset " + taskset.tasksetClass() + " (" + where + ")");
            if (taskset.env() != null) {
                b.append(", env ").append(taskset.env());
            }
            if (taskset.harness() != null) {
                b.append(", harness ").append(taskset.harness());
            }
            return b.toString();
        }
        return "v0 environment: load_environment defined in " + where;
    }

    /**
     * The static facts of a v1 taskset package.
     *
     * @param tasksetClass the exported Taskset subclass
     * @param tasksetDoc its docstring, else its module's docstring (null when neither)
     * @param taskClass the Task class its load() builds (from {@code vf.Taskset[Task, Config]}), or null
     * @param taskDoc the task class's docstring, or null
     * @param dataClass the TaskData class (from {@code vf.Task[Data, ...]}), or null
     * @param dataFields the data class's own fields
     * @param configClass the TasksetConfig class, or null
     * @param configFields its fields with defaults as written (inherited local fields included)
     * @param rewards rewards: {@code @vf.reward} methods with weights, and rewards an exported Env records
     * @param stops {@code @vf.stop} methods
     * @param metrics {@code @vf.metric} methods, and metrics an exported Env records
     * @param tools tools ({@code @vf.tool} methods of the package's Toolset classes, with their prefix)
     * @param env the exported Env subclass, or null
     * @param harness the exported Harness subclass, or null
     * @param datasets where the tasks come from, first the one {@code load()} reads
     * @param dependencies Requires-Dist of the wheel
     * @param taskType {@code single-turn}, {@code multi-turn}, {@code tool use} or {@code harness}
     * @param infinite whether the taskset declares {@code INFINITE = True}
     * @param hasValidate whether the task defines {@code validate} (verifiers' gold check)
     */
    public record TasksetFacts(String tasksetClass, String tasksetDoc, String taskClass, String taskDoc, String dataClass,
                               List<ConfigField> dataFields, String configClass, List<ConfigField> configFields,
                               List<Reward> rewards, List<String> stops, List<String> metrics, List<String> tools, String env,
                               String harness, List<DatasetSource> datasets, List<Dependency> dependencies, String taskType,
                               boolean infinite, boolean hasValidate) {
    }

    /**
     * A field of a config or data class.
     *
     * @param name name
     * @param type annotation as written
     * @param defaultValue default as written, or null when required
     * @param doc the docstring under it, or null
     */
    public record ConfigField(String name, String type, String defaultValue, String doc) {
    }

    /**
     * A reward.
     *
     * @param name method (or recorded) name
     * @param weight weight ({@code @vf.reward}'s default is 1.0); null when not a literal or recorded by an Env
     * @param source {@code task} (a decorated method) or {@code env} (recorded by the exported Env)
     */
    public record Reward(String name, Double weight, String source) {
    }

    /**
     * Where tasks come from, as written in the code.
     *
     * @param kind {@code huggingface}, {@code bundled}, {@code generated} or {@code inherited}
     * @param id Hugging Face dataset id, or null
     * @param config Hugging Face config name (second argument), or null
     * @param split split, or null
     * @param file the bundled wheel member, or null
     * @param written the call or expression as written
     * @param where {@code Class.method} it was found in
     * @param host the network host it needs ({@code huggingface.co}), or null
     */
    public record DatasetSource(String kind, String id, String config, String split, String file, String written,
                                String where, String host) {
    }

    /**
     * A declared dependency (one Requires-Dist line).
     *
     * @param name distribution name as written
     * @param extras extras ({@code verifiers[openenv]} has {@code openenv})
     * @param specifier version specifier, or empty
     * @param marker environment marker, or null
     */
    public record Dependency(String name, List<String> extras, String specifier, String marker) {
        /**
         * Parses one Requires-Dist value.
         *
         * @param line e.g. {@code verifiers[openenv]>=0.2; python_version >= "3.11"}
         * @return the dependency
         */
        public static Dependency parse(String line) {
            String s = line.strip();
            String marker = null;
            int semi = s.indexOf(';');
            if (semi >= 0) {
                marker = s.substring(semi + 1).strip();
                s = s.substring(0, semi).strip();
            }
            int i = 0;
            while (i < s.length() && (Character.isLetterOrDigit(s.charAt(i)) || "._-".indexOf(s.charAt(i)) >= 0)) {
                i++;
            }
            String name = s.substring(0, i);
            String rest = s.substring(i).strip();
            List<String> extras = List.of();
            if (rest.startsWith("[")) {
                int close = rest.indexOf(']');
                String inner = close < 0 ? rest.substring(1) : rest.substring(1, close);
                extras = java.util.Arrays.stream(inner.split(",")).map(String::strip).filter(e -> !e.isEmpty()).toList();
                rest = close < 0 ? "" : rest.substring(close + 1).strip();
            }
            if (rest.startsWith("(") && rest.endsWith(")")) {
                rest = rest.substring(1, rest.length() - 1).strip();
            }
            return new Dependency(name, extras, rest, marker);
        }
    }
}
