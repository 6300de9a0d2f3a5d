package svc.core.run;

import java.util.List;
import svc.core.CborSerializable;

/**
 * What a user asked for when starting a run. {@code target} and the sensitive attributes may be
 * absent: the data team finds them from the problem statement and the data.
 */
public record RunSpec(
    String runId,
    String problem,
    String datasetPath,
    String target,
    List<String> sensitiveAttributes,
    String template,
    String profile,
    String workflowPath,
    String createdBy)
    implements CborSerializable {

  public RunSpec {
    sensitiveAttributes = sensitiveAttributes == null ? List.of() : List.copyOf(sensitiveAttributes);
  }
}
