package io.envhub.web.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.testsupport.BrowserSession;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A user's browser on the frontend: signed in through the real Keycloak login form, posting forms as a page would. */
public final class SettingsBrowser {
    private static final Pattern CSRF = Pattern.compile("name=\"csrf-token\" value=\"([^\"]+)\"");

    private final BrowserSession browser = new BrowserSession();
    private final String root;
    private String lastPage = "";

    private SettingsBrowser(String root) {
        this.root = root.endsWith("/") ? root.substring(0, root.length() - 1) : root;
    }

    /** Signs {@code user} (password = user name) in at the frontend; they land on their profile. */
    public static SettingsBrowser signIn(String root, String user) {
        io.envhub.web.FrontendRedirects.allow(root);
        SettingsBrowser b = new SettingsBrowser(root);
        HttpResponse<String> loginPage = b.browser.get(b.root + "/login");
        HttpResponse<String> landed = b.browser.login(loginPage, user, user);
        assertEquals(200, landed.statusCode(), landed.body());
        assertTrue(landed.uri().getPath().endsWith("/settings/profile"), landed.uri().toString());
        b.lastPage = landed.body();
        return b;
    }

    /** GET a frontend path (redirects followed). */
    public HttpResponse<String> get(String path) {
        HttpResponse<String> res = browser.get(root + path);
        lastPage = res.body();
        return res;
    }

    /** POSTs a form with the CSRF token of the last page shown, as the page's form would. */
    public HttpResponse<String> post(String path, Map<String, String> fields) {
        Map<String, String> form = new LinkedHashMap<>(fields);
        form.put("csrf-token", csrf(lastPage));
        return postRaw(path, form);
    }

    /** POSTs a form like {@link #post} and returns the answer without following its redirect. */
    public HttpResponse<String> postOnce(String path, Map<String, String> fields) {
        Map<String, String> form = new LinkedHashMap<>(fields);
        form.put("csrf-token", csrf(lastPage));
        return browser.postFormOnce(root + path, form);
    }

    /** POSTs a multipart form with one file and the CSRF token of the last page shown, as a page's upload form would. */
    public HttpResponse<String> postFile(String path, Map<String, String> fields, String fileField, String fileName, byte[] file) {
        Map<String, String> form = new LinkedHashMap<>(fields);
        form.put("csrf-token", csrf(lastPage));
        HttpResponse<String> res = browser.postMultipart(root + path, form, fileField, fileName, file);
        lastPage = res.body();
        return res;
    }

    /** POSTs exactly these fields (e.g. without the CSRF token). */
    public HttpResponse<String> postRaw(String path, Map<String, String> fields) {
        HttpResponse<String> res = browser.postForm(root + path, fields);
        lastPage = res.body();
        return res;
    }

    /** The CSRF token in a page's forms. */
    static String csrf(String html) {
        Matcher m = CSRF.matcher(html);
        assertTrue(m.find(), "the page has a CSRF-protected form");
        return m.group(1);
    }
}
