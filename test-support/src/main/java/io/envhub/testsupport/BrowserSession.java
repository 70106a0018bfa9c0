package io.envhub.testsupport;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Plays the browser's part over plain HTTP, with a cookie jar: follows redirects, and fills in Keycloak's login
 * form. Used to drive the OIDC code flow (frontend sign-in) and the device flow's verification page in tests.
 */
public final class BrowserSession {
    private static final Pattern FORM_ACTION = Pattern.compile("<form[^>]*id=\"kc-form-login\"[^>]*action=\"([^\"]+)\"",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern ANY_FORM_ACTION = Pattern.compile("<form[^>]*action=\"([^\"]+)\"", Pattern.CASE_INSENSITIVE);

    private final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();
    private final CookieJar cookies;

    public BrowserSession() {
        this(new CookieJar());
    }

    private BrowserSession(CookieJar cookies) {
        this.cookies = cookies;
    }

    /**
     * Another browser holding copies of this one's cookies as they are now: a session cookie copied (stolen) from
     * this browser. From then on each keeps its own cookies.
     */
    public BrowserSession copyCookies() {
        return new BrowserSession(cookies.copy());
    }

    /** GET that follows redirects (up to 10) and returns the final response. */
    public HttpResponse<String> get(String url) {
        return follow(send(HttpRequest.newBuilder(URI.create(url)).GET()));
    }

    /** POSTs a form and follows redirects. */
    public HttpResponse<String> postForm(String url, Map<String, String> form) {
        HttpRequest.Builder req = HttpRequest.newBuilder(URI.create(url))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(Tokens.formBody(form)));
        return follow(send(req));
    }

    /**
     * POSTs a {@code multipart/form-data} form (text fields, then one file) as a browser's file input sends it, and
     * follows redirects.
     */
    public HttpResponse<String> postMultipart(String url, Map<String, String> fields, String fileField, String fileName,
                                              byte[] file) {
        String boundary = "----envhub" + Long.toHexString(System.nanoTime());
        java.io.ByteArrayOutputStream body = new java.io.ByteArrayOutputStream();
        java.nio.charset.Charset utf8 = java.nio.charset.StandardCharsets.UTF_8;
        for (Map.Entry<String, String> f : fields.entrySet()) {
            body.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + f.getKey() + "\"\r\n\r\n"
                    + f.getValue() + "\r\n").getBytes(utf8));
        }
        body.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + fileField + "\"; filename=\""
                + fileName + "\"\r\nContent-Type: application/octet-stream\r\n\r\n").getBytes(utf8));
        body.writeBytes(file);
        body.writeBytes(("\r\n--" + boundary + "--\r\n").getBytes(utf8));
        return follow(send(HttpRequest.newBuilder(URI.create(url))
                .header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body.toByteArray()))));
    }

    /** POSTs a form and returns the answer itself, without following a redirect. */
    public HttpResponse<String> postFormOnce(String url, Map<String, String> form) {
        return send(HttpRequest.newBuilder(URI.create(url))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(Tokens.formBody(form))));
    }

    /**
     * Given a response that shows Keycloak's login page, submits the credentials and follows the redirects back.
     *
     * @throws IllegalStateException when the page holds no login form
     */
    public HttpResponse<String> login(HttpResponse<String> loginPage, String username, String password) {
        String action = loginPage.uri().resolve(formAction(loginPage.body(), FORM_ACTION)).toString();
        return postForm(action, Map.of("username", username, "password", password, "credentialId", ""));
    }

    /** The action URL of the first form on a page (HTML entities decoded). */
    public static String firstFormAction(String html) {
        return formAction(html, ANY_FORM_ACTION);
    }

    private static String formAction(String html, Pattern pattern) {
        Matcher m = pattern.matcher(html);
        if (!m.find()) {
            throw new IllegalStateException("no form on the page: " + html.substring(0, Math.min(400, html.length())));
        }
        return m.group(1).replace("&amp;", "&");
    }

    private HttpResponse<String> follow(HttpResponse<String> res) {
        HttpResponse<String> current = res;
        for (int i = 0; i < 10 && isRedirect(current.statusCode()); i++) {
            String location = current.headers().firstValue("Location").orElseThrow();
            URI next = current.uri().resolve(location);
            current = send(HttpRequest.newBuilder(next).GET());
        }
        return current;
    }

    private static boolean isRedirect(int status) {
        return status == 301 || status == 302 || status == 303 || status == 307;
    }

    private HttpResponse<String> send(HttpRequest.Builder builder) {
        HttpRequest probe = builder.copy().build();
        cookies.header(probe.uri()).ifPresent(c -> builder.header("Cookie", c));
        HttpRequest req = builder.build();
        try {
            HttpResponse<String> res = http.send(req, HttpResponse.BodyHandlers.ofString());
            cookies.store(req.uri(), res.headers());
            return res;
        } catch (IOException e) {
            throw new IllegalStateException("request to " + req.uri() + " failed: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
