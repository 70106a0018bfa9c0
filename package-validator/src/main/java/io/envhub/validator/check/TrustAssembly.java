package io.envhub.validator.check;

import io.envhub.contract.report.CheckResult;
import io.envhub.contract.report.CheckStatus;
import io.envhub.contract.report.TrustFigures;
import io.envhub.contract.report.TrustFinding;
import io.envhub.contract.report.TrustReport;
import java.util.ArrayList;
import java.util.List;

/** Puts the trust report together: findings in card order (hacking, sparsity, diversity, determinism), flags = their messages. */
final class TrustAssembly {

    private TrustAssembly() {
    }

    static TrustReport report(TrustChecks.Hacking hacking, DiversityCheck.Outcome diversity, CheckResult det) {
        List<TrustFinding> findings = new ArrayList<>(hacking.findings());
        findings.addAll(hacking.outcome().sparsity());
        if (diversity.finding() != null) {
            findings.add(diversity.finding());
        }
        if (!det.is(CheckStatus.PASS)) {
            findings.add(TrustChecks.determinismFinding(det));
        }
        HackingProbes.Outcome o = hacking.outcome();
        TrustFigures figures = new TrustFigures(diversity.rows(), o.rowsWithReference(), o.nonZeroShare(), o.mean(),
                o.spread(), diversity.distinctRatio(), diversity.nearPairs(), diversity.ngramDiversity());
        List<String> flags = findings.stream().map(TrustFinding::message).toList();
        return new TrustReport(hacking.probes(), hacking.best(), flags, det.is(CheckStatus.PASS), null, findings, figures);
    }
}
