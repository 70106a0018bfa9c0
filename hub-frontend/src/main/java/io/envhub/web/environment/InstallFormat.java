package io.envhub.web.environment;

import io.envhub.contract.api.EnvironmentDetail;
import io.quarkus.qute.TemplateExtension;

/** {@code {install:pinned(env, version)}}: the pinned pip command a version page shows. */
@TemplateExtension(namespace = "install")
public final class InstallFormat {
    private InstallFormat() {
    }

    /** See {@link InstallSnippets#pinnedPip}. */
    static String pinned(EnvironmentDetail env, String version) {
        return InstallSnippets.pinnedPip(env, version);
    }
}
