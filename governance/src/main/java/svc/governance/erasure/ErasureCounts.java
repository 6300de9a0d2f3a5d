package svc.governance.erasure;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * What an erasure deleted, or would delete on a dry run.
 *
 * @param datasetRows                  rows removed from datasets
 * @param modelsNulled                 lineage models whose dataset reference was set to null
 * @param conversationLinesTombstoned  conversation lines replaced by tombstones
 * @param filesTouched                 files rewritten
 */
public record ErasureCounts(
        @JsonProperty("dataset_rows") long datasetRows,
        @JsonProperty("models_nulled") long modelsNulled,
        @JsonProperty("conversation_lines_tombstoned") long conversationLinesTombstoned,
        @JsonProperty("files_touched") long filesTouched) {

    public ErasureCounts {
        if (datasetRows < 0 || modelsNulled < 0 || conversationLinesTombstoned < 0 || filesTouched < 0) {
            throw new IllegalArgumentException("erasure counts cannot be negative");
        }
    }

    public ErasureCounts plus(ErasureCounts o) {
        return new ErasureCounts(
                datasetRows + o.datasetRows,
                modelsNulled + o.modelsNulled,
                conversationLinesTombstoned + o.conversationLinesTombstoned,
                filesTouched + o.filesTouched);
    }
}
