package io.envhub.web.environment;

import io.envhub.contract.api.EnvironmentDetail;
import io.envhub.contract.api.EnvironmentDetail.Install;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The install commands an environment page shows: pip and uv against the owner's index (which resolves dependencies
 * the hub does not publish through its upstream fallback), and {@code envhub install}. For a private environment pip
 * and uv get the token form ({@code https://__token__:<token>@host/simple/owner/}): without credentials the index
 * answers 401, so the plain command could not work.
 *
 * @param pip the pip command, or null when the backend gave none
 * @param uv the uv command, or null
 * @param envhub the envhub command, or null
 * @param tokenNeeded whether the commands carry a {@code <token>} placeholder (private environment)
 * @param vfInstall verifiers' {@code vf-install owner/name@version} of the newest validated version, or null (private:
 *     vf-install sends no credentials; nothing validated: nothing to install)
 * @param uvExtra {@code uv pip install name==version --extra-index-url <index>} as vf-install runs it, or null when no
 *     version is validated
 * @param lookupUrl the environments-hub URL vf-install asks ({@code <hub>/api/v1/environmentshub}), or null
 */
public record InstallSnippets(String pip, String uv, String envhub, boolean tokenNeeded, String vfInstall, String uvExtra,
                              String lookupUrl) {
    private static final Pattern INDEX = Pattern.compile("--index-url\\s+(\\S+)\\s+(\\S+)\\s*$");
    /** What the user replaces with their personal access token. */
    static final String TOKEN = "<token>";

    /** The snippets of an environment, or null when the backend gave no install commands. */
    public static InstallSnippets of(EnvironmentDetail env) {
        Install install = env.install();
        if (install == null) {
            return null;
        }
        boolean isPrivate = "private".equals(env.visibility());
        Matcher m = install.pip() == null ? null : INDEX.matcher(install.pip().strip());
        if (m == null || !m.find()) {
            return new InstallSnippets(install.pip(), null, install.envhub(), false, null, null, null);
        }
        String plainIndex = m.group(1);
        String index = isPrivate ? withToken(plainIndex) : plainIndex;
        String project = m.group(2);
        String validated = env.validated() == null ? null : env.validated().version();
        int simple = plainIndex.indexOf("/simple/");
        String lookup = simple < 0 ? null : plainIndex.substring(0, simple) + "/api/v1/environmentshub";
        String vf = validated == null || isPrivate ? null : "vf-install " + env.owner() + "/" + env.name() + "@" + validated;
        String uvExtra = validated == null ? null : "uv pip install " + project + "==" + validated + " --extra-index-url " + index;
        return new InstallSnippets("pip install --index-url " + index + " " + project,
                "uv pip install --index-url " + index + " " + project, install.envhub(), isPrivate, vf, uvExtra,
                vf == null ? null : lookup);
    }

    /**
     * The pip command pinned to one version ({@code pip install --index-url ... name==version}), or null when the
     * backend gave no pip command.
     */
    public static String pinnedPip(EnvironmentDetail env, String version) {
        InstallSnippets s = of(env);
        if (s == null || s.pip() == null || version == null) {
            return null;
        }
        return s.pip() + "==" + version;
    }

    /** {@code https://host/simple/alice/} becomes {@code https://__token__:<token>@host/simple/alice/}. */
    static String withToken(String indexUrl) {
        int scheme = indexUrl.indexOf("://");
        if (scheme < 0 || indexUrl.contains("@")) {
            return indexUrl;
        }
        return indexUrl.substring(0, scheme + 3) + "__token__:" + TOKEN + "@" + indexUrl.substring(scheme + 3);
    }
}
