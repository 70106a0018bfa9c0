package io.envhub.format.pyproject;

import io.envhub.format.name.ProjectName;
import io.envhub.format.version.Version;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What EnvHub reads from a {@code pyproject.toml}. Lists and maps are immutable and never null; the
 * optional scalar components are null when absent.
 *
 * @param name validated project name
 * @param version validated version
 * @param description one-line summary, or null
 * @param keywords {@code project.tags} (verifiers), then {@code project.keywords}, then {@code tool.envhub.domains},
 *     duplicates removed
 * @param license license, or null
 * @param dependencies PEP 508 requirement strings, as written
 * @param requiresPython version specifier such as {@code >=3.10}, or null
 * @param readme readme, or null
 * @param authors authors
 * @param hatchInclude {@code tool.hatch.build.include}
 * @param wheelPackages {@code tool.hatch.build.targets.wheel.packages}
 * @param verifiersEval {@code tool.verifiers.eval} as plain Java values (String, Long, BigInteger, Double,
 *     Boolean, List, Map)
 */
public record PyProject(
        ProjectName name,
        Version version,
        String description,
        List<String> keywords,
        License license,
        List<String> dependencies,
        String requiresPython,
        Readme readme,
        List<Person> authors,
        List<String> hatchInclude,
        List<String> wheelPackages,
        Map<String, Object> verifiersEval) {

    /**
     * Copies the collections and checks the required components.
     *
     * @param name validated project name
     * @param version validated version
     * @param description one-line summary, or null
     * @param keywords keywords
     * @param license license, or null
     * @param dependencies requirement strings
     * @param requiresPython specifier, or null
     * @param readme readme, or null
     * @param authors authors
     * @param hatchInclude hatch include patterns
     * @param wheelPackages hatch wheel packages
     * @param verifiersEval evaluation defaults
     */
    public PyProject {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(version, "version");
        keywords = List.copyOf(keywords);
        dependencies = List.copyOf(dependencies);
        authors = List.copyOf(authors);
        hatchInclude = List.copyOf(hatchInclude);
        wheelPackages = List.copyOf(wheelPackages);
        verifiersEval = Collections.unmodifiableMap(new LinkedHashMap<>(verifiersEval));
    }
}
