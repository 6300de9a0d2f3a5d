package svc.core.deploy;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import svc.core.CborSerializable;

/** A model name's deployments (newest first) and its history (newest first). */
public record DeploymentView(String model, List<Deployment> deployments, List<HistoryEntry> history)
        implements CborSerializable {

    static DeploymentView of(String model, List<Deployment> deployments, List<HistoryEntry> history) {
        List<Deployment> d = new ArrayList<>(deployments);
        d.sort(Comparator.comparing(Deployment::createdAt).reversed());
        List<HistoryEntry> h = new ArrayList<>(history);
        h.sort(Comparator.comparingLong(HistoryEntry::seq).reversed());
        return new DeploymentView(model, List.copyOf(d), List.copyOf(h));
    }

    public Optional<Deployment> champion() {
        return deployments.stream().filter(d -> d.is(Deployment.ACTIVE)).findFirst();
    }

    public Optional<Deployment> find(String deploymentId) {
        return deployments.stream()
                .filter(d -> d.deploymentId().equals(deploymentId))
                .findFirst();
    }

    public List<Deployment> live(String state) {
        return deployments.stream().filter(d -> d.is(state)).toList();
    }
}
