package io.envhub.web.view;

import io.vertx.core.http.HttpServerRequest;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Named;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Set;

/** The page being rendered, for links that come back to it ({@code {inject:here.signInHref}} in the layout). */
@Named("here")
@RequestScoped
public class Here {
    /** Pages that sign-in does not come back to: they are part of signing in or out. */
    private static final Set<String> NOT_BACK = Set.of("/login", "/logout", "/signup", "/account");

    private final HttpServerRequest request;

    public Here(HttpServerRequest request) {
        this.request = request;
    }

    /** {@code /login?next=<this page>}, or {@code /login} where coming back makes no sense. */
    public String signInHref() {
        String path = request.path();
        if (path == null || NOT_BACK.contains(path) || !ReturnPath.isLocal(request.uri())) {
            return "/login";
        }
        return "/login?next=" + URLEncoder.encode(request.uri(), StandardCharsets.UTF_8);
    }
}
