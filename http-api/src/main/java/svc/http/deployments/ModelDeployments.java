package svc.http.deployments;

import java.util.List;
import svc.core.deploy.DeploymentView;
import svc.core.deploy.HistoryEntry;

/** A model name's deployments: its champion (or null), every deployment and the history, newest first. */
record ModelDeployments(
        String model, DeploymentRecord champion, List<DeploymentRecord> deployments, List<HistoryEntry> history) {

    static ModelDeployments of(DeploymentView v) {
        return new ModelDeployments(
                v.model(),
                v.champion().map(DeploymentRecord::of).orElse(null),
                v.deployments().stream().map(DeploymentRecord::of).toList(),
                v.history());
    }
}
