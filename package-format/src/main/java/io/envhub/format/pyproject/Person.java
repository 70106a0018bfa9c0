package io.envhub.format.pyproject;

/**
 * An entry of {@code project.authors} (or maintainers). At least one component is non-null.
 *
 * @param name display name, or null
 * @param email e-mail address, or null
 */
public record Person(String name, String email) {

    /**
     * Validates that at least one component is set.
     *
     * @param name display name, or null
     * @param email e-mail address, or null
     */
    public Person {
        if (name == null && email == null) {
            throw new IllegalArgumentException("name or email is required");
        }
    }
}
