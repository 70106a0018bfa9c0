package io.envhub.cli.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class IgnoreRulesTest {

    /** gitignore text (| = new line), path, directory?, ignored? */
    @ParameterizedTest(name = "[{0}] {1} dir={2} -> {3}")
    @CsvSource(delimiter = ';', value = {
        "*.log; a.log; false; true",
        "*.log; sub/dir/a.log; false; true",
        "*.log; a.logx; false; false",
        "/root.txt; root.txt; false; true",
        "/root.txt; sub/root.txt; false; false",
        "data/; data; true; true",
        "data/; data; false; false",
        "data/; x/data; true; true",
        "doc/frotz; doc/frotz; false; true",
        "doc/frotz; a/doc/frotz; false; false",
        "**/cache; cache; true; true",
        "**/cache; a/b/cache; true; true",
        "a/**/b; a/b; false; true",
        "a/**/b; a/x/y/b; false; true",
        "a/**/b; a/xb; false; false",
        "logs/**; logs/x/y.txt; false; true",
        "logs/**; logs; true; false",
        "*.txt|!keep.txt; keep.txt; false; false",
        "*.txt|!keep.txt; other.txt; false; true",
        "!keep.txt|*.txt; keep.txt; false; true",
        "# comment||   ; # comment; false; false",
        "\\#hash; #hash; false; true",
        "\\!bang; !bang; false; true",
        "file?.py; file1.py; false; true",
        "file?.py; file10.py; false; false",
        "file?.py; file/.py; false; false",
        "file[0-9].py; file7.py; false; true",
        "file[!0-9].py; filex.py; false; true",
        "file[!0-9].py; file7.py; false; false",
        "foo/*; foo/bar; false; true",
        "foo/*; foo/bar/baz; false; false",
        "*; any/thing; false; true",
        "'trailing   '; trailing; false; true",
        "*.PY; a.py; false; false",
        "**/*.csv; deep/er/x.csv; false; true",
        "secrets.json|!/secrets.json; secrets.json; false; false",
        "secrets.json|!/secrets.json; sub/secrets.json; false; true",
    })
    void matchesLikeGit(String text, String path, boolean dir, boolean ignored) {
        IgnoreRules rules = IgnoreRules.parse(text.replace('|', '\n'));
        assertEquals(ignored, rules.isIgnored(path, dir));
    }

    @Test
    void escapedTrailingSpaceIsKept() {
        IgnoreRules rules = IgnoreRules.parse("sp\\ ");
        assertTrue(rules.isIgnored("sp ", false));
        assertFalse(rules.isIgnored("sp", false));
    }

    @Test
    void deeperFileOverridesAndAnchorsToItsDirectory() {
        IgnoreRules rules = IgnoreRules.parse("*.tmp").with("sub", "!keep.tmp\n/only");
        assertTrue(rules.isIgnored("keep.tmp", false));
        assertFalse(rules.isIgnored("sub/keep.tmp", false));
        assertTrue(rules.isIgnored("sub/x.tmp", false));
        assertTrue(rules.isIgnored("sub/only", false));
        assertFalse(rules.isIgnored("sub/x/only", false));
        assertFalse(rules.isIgnored("only", false));
    }

    @Test
    void includePatternsSelectDirectoriesWithTheirContent() {
        IgnoreRules include = IgnoreRules.parse("pkg\nextra.py");
        assertTrue(include.matchesPathOrParent("pkg/__init__.py"));
        assertTrue(include.matchesPathOrParent("pkg/sub/x.py"));
        assertTrue(include.matchesPathOrParent("extra.py"));
        assertFalse(include.matchesPathOrParent("other.py"));
    }
}
