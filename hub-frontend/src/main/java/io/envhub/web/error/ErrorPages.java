package io.envhub.web.error;

import io.envhub.web.account.Viewer;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** Turns failures into HTML error pages (never a stack trace): backend 404/403/401/400, backend down, our bugs. */
public class ErrorPages {
    private static final Logger LOG = Logger.getLogger(ErrorPages.class);

    private final Viewer viewer;

    public ErrorPages(Viewer viewer) {
        this.viewer = viewer;
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance error(Viewer viewer, ErrorPage page);
    }

    @ServerExceptionMapper
    public Response apiError(WebApplicationException e) {
        ErrorPage page = ErrorPage.of(e);
        if (page.status() == 503) {
            LOG.warnf("hub API failed: %s", e.getMessage());
        }
        return render(page);
    }

    @ServerExceptionMapper
    public Response apiDown(ProcessingException e) {
        LOG.warnf("hub API unreachable: %s", e.getMessage());
        return render(ErrorPage.of(e));
    }

    /** The response for an error page; also used by resources that decide on an error themselves. */
    public Response render(ErrorPage page) {
        return Response.status(page.status()).type(MediaType.TEXT_HTML_TYPE.withCharset("UTF-8"))
                .entity(Templates.error(viewer, page).render()).build();
    }
}
