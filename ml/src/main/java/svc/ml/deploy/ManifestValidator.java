package svc.ml.deploy;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.EnvFromSource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.SecurityContext;
import io.fabric8.kubernetes.api.model.ServicePort;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscalerSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Checks the manifests for the mistakes that make a rollout fail or run unsafely: names and
 * labels the API server refuses, selectors that match no pod, probes and Service ports that
 * point at no container port, missing resources and a weak security context. Returns the
 * problems as sentences naming the object and field; an empty list means none were found.
 */
public final class ManifestValidator {

    private static final Pattern DNS_1123_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
    private static final Pattern LABEL_VALUE = Pattern.compile("(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?");

    private ManifestValidator() {}

    public static List<String> validate(KubernetesManifests m) {
        List<String> problems = new ArrayList<>();
        for (HasMetadata o : List.of(m.deployment(), m.service(), m.autoscaler(), m.configMap())) {
            names(o, problems);
        }
        Deployment d = m.deployment();
        String dn = "Deployment " + d.getMetadata().getName();
        Map<String, String> podLabels = d.getSpec().getTemplate().getMetadata().getLabels();
        Map<String, String> selector = d.getSpec().getSelector().getMatchLabels();
        if (selector == null || selector.isEmpty()) {
            problems.add(dn + ": spec.selector.matchLabels is empty");
        } else if (!podLabels.entrySet().containsAll(selector.entrySet())) {
            problems.add(dn + ": spec.selector.matchLabels " + selector + " do not match the pod template labels");
        }
        Map<String, String> serviceSelector = m.service().getSpec().getSelector();
        if (serviceSelector == null || !podLabels.entrySet().containsAll(serviceSelector.entrySet())) {
            problems.add("Service " + m.service().getMetadata().getName() + ": selector " + serviceSelector
                    + " selects no pod of " + dn);
        }
        PodSpec pod = d.getSpec().getTemplate().getSpec();
        if (pod.getSecurityContext() == null
                || !Boolean.TRUE.equals(pod.getSecurityContext().getRunAsNonRoot())) {
            problems.add(dn + ": pod securityContext.runAsNonRoot must be true");
        }
        List<ContainerPort> ports = new ArrayList<>();
        for (Container c : pod.getContainers()) {
            String cn = dn + " container " + c.getName();
            ports.addAll(c.getPorts());
            if (c.getPorts().isEmpty()) {
                problems.add(cn + ": declares no port");
            }
            probe(cn, "livenessProbe", c.getLivenessProbe(), c.getPorts(), problems);
            probe(cn, "readinessProbe", c.getReadinessProbe(), c.getPorts(), problems);
            resources(cn, c.getResources(), problems);
            security(cn, c.getSecurityContext(), problems);
            if (c.getImage() == null
                    || !c.getImage().matches(".+:[A-Za-z0-9_][A-Za-z0-9_.-]*")
                    || c.getImage().endsWith(":latest")) {
                problems.add(cn + ": image '" + c.getImage() + "' needs a pinned tag");
            }
            for (EnvFromSource e : c.getEnvFrom()) {
                if (e.getConfigMapRef() != null
                        && !e.getConfigMapRef()
                                .getName()
                                .equals(m.configMap().getMetadata().getName())) {
                    problems.add(cn + ": envFrom refers to ConfigMap "
                            + e.getConfigMapRef().getName() + ", which is not shipped");
                }
            }
        }
        for (ServicePort sp : m.service().getSpec().getPorts()) {
            if (!matchesPort(sp.getTargetPort(), ports)) {
                problems.add("Service " + m.service().getMetadata().getName() + ": targetPort "
                        + show(sp.getTargetPort()) + " is no container port of " + dn);
            }
        }
        HorizontalPodAutoscalerSpec hpa = m.autoscaler().getSpec();
        String hn = "HorizontalPodAutoscaler " + m.autoscaler().getMetadata().getName();
        if (!"Deployment".equals(hpa.getScaleTargetRef().getKind())
                || !d.getMetadata().getName().equals(hpa.getScaleTargetRef().getName())) {
            problems.add(hn + ": scaleTargetRef " + hpa.getScaleTargetRef().getKind() + "/"
                    + hpa.getScaleTargetRef().getName() + " is not " + dn);
        }
        if (hpa.getMinReplicas() == null || hpa.getMinReplicas() < 1 || hpa.getMaxReplicas() < hpa.getMinReplicas()) {
            problems.add(hn + ": need 1 <= minReplicas <= maxReplicas, got " + hpa.getMinReplicas() + " and "
                    + hpa.getMaxReplicas());
        }
        if (hpa.getMetrics().isEmpty()) {
            problems.add(hn + ": no metric to scale on");
        }
        return problems;
    }

    private static void names(HasMetadata o, List<String> problems) {
        String kind = o.getKind() + " " + o.getMetadata().getName();
        String name = o.getMetadata().getName();
        if (name == null || name.length() > 63 || !DNS_1123_LABEL.matcher(name).matches()) {
            problems.add(
                    kind + ": metadata.name is not a DNS-1123 label (lower-case alphanumerics and '-', at most 63)");
        }
        Map<String, String> labels = o.getMetadata().getLabels();
        if (labels != null) {
            labels.forEach((k, v) -> {
                if (v == null || v.length() > 63 || !LABEL_VALUE.matcher(v).matches()) {
                    problems.add(kind + ": label " + k + " has an invalid value '" + v + "'");
                }
            });
        }
    }

    private static void probe(String cn, String field, Probe p, List<ContainerPort> ports, List<String> problems) {
        if (p == null || p.getHttpGet() == null) {
            problems.add(cn + ": " + field + " with an httpGet check is required");
            return;
        }
        if (!matchesPort(p.getHttpGet().getPort(), ports)) {
            problems.add(cn + ": " + field + " port " + show(p.getHttpGet().getPort()) + " is not a container port");
        }
    }

    private static void resources(String cn, ResourceRequirements r, List<String> problems) {
        if (r == null) {
            problems.add(cn + ": resources are not set");
            return;
        }
        for (String resource : List.of("cpu", "memory")) {
            Quantity request = r.getRequests() == null ? null : r.getRequests().get(resource);
            Quantity limit = r.getLimits() == null ? null : r.getLimits().get(resource);
            if (request == null || limit == null) {
                problems.add(cn + ": " + resource + " request and limit must both be set");
            } else if (request.compareTo(limit) > 0) {
                problems.add(cn + ": " + resource + " request " + request + " is above the limit " + limit);
            }
        }
    }

    private static void security(String cn, SecurityContext s, List<String> problems) {
        if (s == null) {
            problems.add(cn + ": securityContext is not set");
            return;
        }
        if (!Boolean.TRUE.equals(s.getRunAsNonRoot())) {
            problems.add(cn + ": securityContext.runAsNonRoot must be true");
        }
        if (s.getRunAsUser() == null || s.getRunAsUser() == 0) {
            problems.add(cn + ": securityContext.runAsUser must be a non-zero UID");
        }
        if (!Boolean.TRUE.equals(s.getReadOnlyRootFilesystem())) {
            problems.add(cn + ": securityContext.readOnlyRootFilesystem must be true");
        }
        if (!Boolean.FALSE.equals(s.getAllowPrivilegeEscalation())) {
            problems.add(cn + ": securityContext.allowPrivilegeEscalation must be false");
        }
        if (s.getCapabilities() == null || !s.getCapabilities().getDrop().contains("ALL")) {
            problems.add(cn + ": securityContext.capabilities must drop ALL");
        }
    }

    private static boolean matchesPort(IntOrString port, List<ContainerPort> ports) {
        if (port == null) {
            return false;
        }
        return ports.stream()
                .anyMatch(p -> port.getIntVal() != null
                        ? port.getIntVal().equals(p.getContainerPort())
                        : port.getStrVal() != null && port.getStrVal().equals(p.getName()));
    }

    private static String show(IntOrString p) {
        return p == null ? "(none)" : p.getIntVal() != null ? p.getIntVal().toString() : p.getStrVal();
    }
}
