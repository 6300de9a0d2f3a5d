package svc.http.system;

/**
 * A small self-contained explorer of {@code /openapi.json}: lists every operation and lets the
 * user send a request with a token. No external scripts (the machine may be offline).
 */
final class DocsPage {

    private DocsPage() {}

    static final String HTML = """
      <!doctype html>
      <html lang="en"><head><meta charset="utf-8"><title>svc API explorer</title>
      <style>body{font-family:sans-serif;margin:2em;max-width:70em}code{background:#eee;padding:0 .2em}
      .op{border:1px solid #ccc;margin:.5em 0;padding:.5em}.m{font-weight:bold;display:inline-block;width:5em}
      pre{background:#f6f6f6;padding:.5em;overflow:auto}</style></head>
      <body><h1>svc API explorer</h1>
      <p>Token: <input id="token" size="60" placeholder="paste a token from POST /api/v1/auth/login"></p>
      <div id="ops">loading /openapi.json ...</div>
      <script>
      fetch('/openapi.json').then(r => r.json()).then(doc => {
        const ops = document.getElementById('ops'); ops.innerHTML = '';
        for (const [path, item] of Object.entries(doc.paths)) {
          for (const [method, op] of Object.entries(item)) {
            const div = document.createElement('div'); div.className = 'op';
            div.innerHTML = '<span class="m">' + method.toUpperCase() + '</span><code>' + path + '</code> '
              + (op.summary || '');
            const url = document.createElement('input'); url.size = 60; url.value = path;
            const body = document.createElement('textarea');
            body.rows = 2; body.cols = 60; body.placeholder = 'JSON body';
            const out = document.createElement('pre');
            const go = document.createElement('button'); go.textContent = 'Send';
            go.onclick = () => {
              const headers = {'Content-Type': 'application/json'}; const t = document.getElementById('token').value;
              if (t) headers['Authorization'] = 'Bearer ' + t;
              const withBody = method !== 'get' && method !== 'delete';
              const init = {method: method.toUpperCase(), headers};
              if (withBody && body.value) init.body = body.value;
              fetch(url.value, init)
                .then(async r => out.textContent = r.status + '\\n' + await r.text());
            };
            div.append(document.createElement('br'), url, ' ', go, document.createElement('br'), body, out);
            ops.append(div);
          }
        }
      });
      </script></body></html>
      """;
}
