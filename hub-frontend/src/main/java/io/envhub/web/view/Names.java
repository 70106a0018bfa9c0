package io.envhub.web.view;

/** Path patterns of owners, environment names and versions, so that other paths never reach the backend. */
public final class Names {
    /** An owner (user or organisation) name. */
    public static final String OWNER = "[A-Za-z0-9][A-Za-z0-9._-]{0,99}";
    /** An environment name in any PEP 503 spelling (no length limit here: the backend decides what exists). */
    public static final String NAME = "[A-Za-z0-9][A-Za-z0-9._-]*";
    /** A version as written (no length limit here either: a long version must not link to a 404 page). */
    public static final String VERSION = "[A-Za-z0-9][A-Za-z0-9.!+_-]*";

    /**
     * Path of an environment page. Resources use it on methods of a class at {@code /}, so that literal paths of
     * other resources there ({@code /account}, {@code /login}) keep winning over these templates.
     */
    public static final String ENVIRONMENT = "{owner: " + OWNER + "}/{name: " + NAME + "}";
    /** Path of a version page. */
    public static final String VERSION_PAGE = ENVIRONMENT + "/versions/{version: " + VERSION + "}";

    private Names() {
    }
}
