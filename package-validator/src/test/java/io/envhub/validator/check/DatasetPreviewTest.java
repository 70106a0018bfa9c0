package io.envhub.validator.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.contract.report.DatasetSummary;
import io.envhub.contract.report.ValidationReport;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The dataset preview the report keeps: first rows, cells cut, column types; in the real sandbox. */
class DatasetPreviewTest extends SandboxedEngineTest {

    @Test
    void previewKeepsTheFirstRowsWithCutCellsTypesAndMarkupAsText() {
        Path wheel = Fixtures.simple("preview-env", """
                def exact(completion, answer):
                    return 1.0 if str(answer) in str(completion) else 0.0
                rows = []
                for i in range(40):
                    row = {'question': '<script>alert(%d)</script> ' % i + 'x' * 1000, 'answer': i, 'score': i / 2,
                           'tags': ['a', 'b'], 'flag': i % 2 == 0}
                    if i == 3:
                        row['note'] = 'only here'
                    rows.append(row)
                return {'dataset': rows, 'rubric': {'funcs': [exact], 'weights': [1.0]}}
                """).write(fx.wheels);
        ValidationReport r = EngineFixture.validate(fx.engine(), wheel, "preview");
        assertEquals(ValidationReport.VALIDATED, r.status(), ReportJson.write(r));
        DatasetSummary d = r.dataset();
        assertEquals(40, d.size());
        assertEquals(List.of(new DatasetSummary.Column("question", "string"), new DatasetSummary.Column("answer", "integer"),
                new DatasetSummary.Column("score", "number"), new DatasetSummary.Column("tags", "list"),
                new DatasetSummary.Column("flag", "boolean"), new DatasetSummary.Column("note", "string")), d.schema());
        assertEquals(DatasetSummary.MAX_SAMPLE_ROWS, d.sample().size());
        List<String> first = d.sample().get(0);
        assertTrue(first.get(0).startsWith("<script>alert(0)</script> xxx"), first.get(0));
        assertTrue(first.get(0).endsWith("\u2026"), first.get(0));
        assertTrue(first.get(0).length() <= DatasetSummary.MAX_CELL_CHARS + 1, "cell of " + first.get(0).length());
        assertEquals(List.of("0", "0.0", "[\"a\", \"b\"]", "true"), first.subList(1, 5));
        assertNull(first.get(5), "a row without the column has no cell");
        assertEquals("only here", d.sample().get(3).get(5));
        DatasetSummary back = ReportJson.read(ReportJson.write(r)).dataset();
        assertEquals(d, back);
    }
}
