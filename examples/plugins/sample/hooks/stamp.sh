#!/bin/sh
# POST_TOOL hook of the sample plugin: lifts a mutation into every load_skill result.
cat > /dev/null
echo '{"mutation": {"reviewed_by": "sample-plugin"}}'
